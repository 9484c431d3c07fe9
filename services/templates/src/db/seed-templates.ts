import { DEMO_TEMPLATE_ART, type BeforeAfterStory, type Benefit, type DemoArtSlug, type Faq, type ProcessStep, type Symptom, type Testimonial } from '@hap/contracts';

/**
 * The demo service templates, written as a clinic's marketer would but with
 * care: health claims stay modest (no cures, results vary, a clinician
 * decides). Each has a hero image and before/after pictures: abstract art that
 * tenant's seed draws under the paths of `DEMO_TEMPLATE_ART` (contracts).
 */
export interface SeedTemplate {
  id: number;
  subcategoryId: number;
  slug: DemoArtSlug;
  /** `DEMO_TEMPLATE_ART[slug].hero`. */
  heroImage: string;
  name: string;
  headline: string;
  description: string;
  metaDescription: string;
  offer: string;
  symptoms: Symptom[];
  benefits: Benefit[];
  process: ProcessStep[];
  faqs: Faq[];
  testimonials: Testimonial[];
  beforeAfterImages: BeforeAfterStory[];
}

const story = (title: string, beforeDescription: string, afterDescription: string, timeframe: string): BeforeAfterStory => ({
  title,
  beforeImage: null,
  afterImage: null,
  beforeDescription,
  afterDescription,
  timeframe,
});

const WEIGHT_MANAGEMENT = 1;
const MENS_HEALTH = 3;
const BODY_CONTOURING = 4;

/** The texts; the art's paths are added below, by slug. */
const TEMPLATE_TEXTS: Array<Omit<SeedTemplate, 'heroImage'>> = [
  {
    id: 1,
    subcategoryId: MENS_HEALTH,
    slug: 'trt',
    name: 'Testosterone Replacement Therapy (TRT)',
    headline: 'Get Your Energy and Drive Back on Track',
    description:
      'Low testosterone can leave you tired, foggy and not quite yourself. Our clinicians check your levels with a simple blood test and, if TRT is right for you, build a treatment plan around your labs, your goals and regular follow-up.',
    metaDescription:
      'Physician-supervised testosterone replacement therapy: lab testing, a personal treatment plan and ongoing monitoring. Book a free consultation.',
    offer: 'Free Consultation & Lab Review',
    symptoms: [
      { title: 'Constant fatigue', description: 'Feeling drained even after a full night’s sleep.', icon: 'Battery' },
      { title: 'Low sex drive', description: 'Less interest in intimacy than you used to have.', icon: 'Heart' },
      { title: 'Brain fog', description: 'Trouble focusing or remembering things at work.', icon: 'Brain' },
      { title: 'Mood changes', description: 'Feeling irritable, flat or down more often.', icon: 'Frown' },
      { title: 'Loss of muscle', description: 'Harder to build or keep strength despite training.', icon: 'TrendingDown' },
      { title: 'Poor sleep', description: 'Restless nights and waking up unrefreshed.', icon: 'Moon' },
    ],
    benefits: [
      { title: 'More steady energy', description: 'Many men report feeling more energetic through the day once levels are in range.' },
      { title: 'Improved libido', description: 'Treatment may help restore interest in intimacy.' },
      { title: 'Clearer focus', description: 'Patients often describe sharper concentration and motivation.' },
      { title: 'Support for strength', description: 'Combined with exercise, TRT can help you maintain lean muscle.' },
      { title: 'Better mood', description: 'Balanced hormones can support a more even mood.' },
      { title: 'Ongoing monitoring', description: 'Regular labs keep your treatment safe and adjusted to you.' },
    ],
    process: [
      { title: 'Consultation and labs', description: 'Talk with a clinician about your symptoms and get a comprehensive blood panel.' },
      { title: 'Your personal plan', description: 'If you are a candidate, we explain options, benefits and risks, and agree on a plan together.' },
      { title: 'Follow-up and adjustments', description: 'Regular check-ins and lab work keep your dose right as your body responds.' },
    ],
    faqs: [
      { question: 'How do I know if I have low testosterone?', answer: 'Symptoms are a clue, but only a blood test can tell. We check your levels and related markers before recommending anything.' },
      { question: 'Is TRT safe?', answer: 'For the right patient and with regular monitoring, TRT is a well-established treatment. Your clinician will go over the possible side effects and whether it suits your health history.' },
      { question: 'How soon will I notice a difference?', answer: 'Some men notice changes in energy within a few weeks; other effects can take a few months. Everyone responds differently.' },
      { question: 'What forms of treatment do you offer?', answer: 'Options can include injections, creams or pellets. We help you choose what fits your lifestyle and your labs.' },
      { question: 'Will I need treatment forever?', answer: 'Not necessarily. We review your progress regularly and talk through your options, including stopping, at any time.' },
    ],
    testimonials: [
      { text: 'I thought being tired all the time was just getting older. The team checked my labs, explained everything and I feel much more like myself now.', rating: 5, name: 'Mark T.' },
      { text: 'Straightforward, no pressure. They answered every question and follow up on my labs regularly.', rating: 5, name: 'Daniel R.' },
      { text: 'My energy and focus at work have improved a lot over the past few months.', rating: 5, name: 'Chris L.' },
    ],
    beforeAfterImages: [
      story('More energy at work', 'Afternoon crashes and relying on coffee to get through the day.', 'Steadier energy through the workday after three months of monitored treatment.', '3 months'),
      story('Back in the gym', 'Struggling to recover from workouts and losing strength.', 'Training consistently again with better recovery.', '6 months'),
    ],
  },
  {
    id: 2,
    subcategoryId: WEIGHT_MANAGEMENT,
    slug: 'weight-loss',
    name: 'Medical Weight Loss',
    headline: 'Lose Weight With a Plan Made for You',
    description:
      'Diets that work for someone else may not work for you. Our medical weight loss program starts with your health history and labs, then combines nutrition coaching, activity goals and, where appropriate, prescription support, with regular check-ins to keep you on track.',
    metaDescription:
      'Medically supervised weight loss with personal nutrition plans, regular check-ins and prescription options when appropriate. Free consultation.',
    offer: 'Free Weight Loss Consultation',
    symptoms: [
      { title: 'Weight that won’t budge', description: 'You’ve tried diets but the scale keeps coming back.', icon: 'Scale' },
      { title: 'Low energy', description: 'Feeling sluggish and short on stamina.', icon: 'Battery' },
      { title: 'Cravings', description: 'Hunger and cravings that make plans hard to stick to.', icon: 'Target' },
      { title: 'Joint discomfort', description: 'Knees and back feel the extra load.', icon: 'Activity' },
      { title: 'Poor sleep', description: 'Snoring or restless nights.', icon: 'Moon' },
      { title: 'Health concerns', description: 'Your doctor has mentioned blood pressure or blood sugar.', icon: 'Stethoscope' },
    ],
    benefits: [
      { title: 'Medical supervision', description: 'A licensed clinician guides and monitors your progress.' },
      { title: 'A plan that fits you', description: 'Nutrition and activity goals built around your routine.' },
      { title: 'Prescription options', description: 'Appetite support medications when they are appropriate and safe for you.' },
      { title: 'Regular check-ins', description: 'Weekly or monthly visits keep you accountable.' },
      { title: 'Focus on habits', description: 'We help you build habits that support keeping weight off.' },
      { title: 'Progress you can see', description: 'Body composition tracking, not just the number on the scale.' },
    ],
    process: [
      { title: 'Health assessment', description: 'We review your history, goals and labs to understand what has held you back.' },
      { title: 'Your custom program', description: 'Get a nutrition plan, activity goals and, if suitable, medication options.' },
      { title: 'Check-ins and support', description: 'Regular visits to track progress and adjust the plan as you go.' },
    ],
    faqs: [
      { question: 'How much weight can I expect to lose?', answer: 'Results vary with your starting point, health and how closely you follow the plan. Your clinician will set realistic goals with you.' },
      { question: 'Do I have to take medication?', answer: 'No. Medication is one option among several and is only prescribed when it is appropriate for you.' },
      { question: 'Is this a meal replacement program?', answer: 'No. We focus on real food and habits you can keep, with guidance from our team.' },
      { question: 'How often are visits?', answer: 'Most patients check in every two to four weeks, in person or by telehealth where available.' },
      { question: 'Is it covered by insurance?', answer: 'Coverage varies. We’ll explain costs clearly at your consultation before you commit to anything.' },
    ],
    testimonials: [
      { text: 'For the first time I had a plan that fit my schedule, and someone checking in with me. It made all the difference.', rating: 5, name: 'Jennifer K.' },
      { text: 'The team is supportive and never judgmental. I feel healthier and more active.', rating: 5, name: 'Robert M.' },
      { text: 'I liked that they looked at my labs first instead of handing me a generic diet.', rating: 5, name: 'Alicia P.' },
    ],
    beforeAfterImages: [
      story('Steady progress', 'Years of yo-yo dieting and frustration.', 'Consistent, steady loss with habits that fit family life.', '6 months'),
      story('More active days', 'Out of breath on stairs and skipping walks.', 'Walking daily and enjoying weekend hikes again.', '4 months'),
    ],
  },
  {
    id: 3,
    subcategoryId: MENS_HEALTH,
    slug: 'ed',
    name: 'Erectile Dysfunction (ED) Treatment',
    headline: 'Discreet, Effective Care for ED',
    description:
      'Erectile dysfunction is common and nothing to be embarrassed about. Our clinicians look for the underlying causes and talk you through proven treatment options in a private, respectful setting.',
    metaDescription:
      'Confidential erectile dysfunction evaluation and treatment options from licensed clinicians. Book a private, free consultation.',
    offer: 'Free Confidential Consultation',
    symptoms: [
      { title: 'Trouble getting an erection', description: 'Difficulty achieving an erection when you want one.', icon: 'AlertTriangle' },
      { title: 'Trouble keeping an erection', description: 'Erections that don’t last long enough.', icon: 'Clock' },
      { title: 'Reduced desire', description: 'Less interest in sex than before.', icon: 'Heart' },
      { title: 'Performance anxiety', description: 'Worry about intimacy that makes things harder.', icon: 'Brain' },
      { title: 'Relationship strain', description: 'ED affecting closeness with your partner.', icon: 'Users' },
      { title: 'Low confidence', description: 'Feeling less like yourself.', icon: 'User' },
    ],
    benefits: [
      { title: 'Private and respectful', description: 'Confidential visits with a clinician who listens.' },
      { title: 'Root-cause evaluation', description: 'We check for contributing factors like hormones, circulation and medications.' },
      { title: 'Several treatment options', description: 'From oral medication to in-office therapies, chosen with you.' },
      { title: 'Fast start', description: 'Many patients can begin treatment soon after their first visit.' },
      { title: 'Support for your relationship', description: 'Better confidence can help intimacy feel easier again.' },
      { title: 'Ongoing follow-up', description: 'We adjust your plan until it works for you.' },
    ],
    process: [
      { title: 'Private consultation', description: 'Discuss your concerns and health history with a licensed clinician.' },
      { title: 'Evaluation', description: 'Labs and an exam help identify what may be contributing to ED.' },
      { title: 'Treatment and follow-up', description: 'Start the option that fits you best and check in on how it is working.' },
    ],
    faqs: [
      { question: 'Is ED common?', answer: 'Yes. It affects many men at some point, and it becomes more common with age. It is a medical condition that can often be treated.' },
      { question: 'Is my visit confidential?', answer: 'Absolutely. Your visit and records are private and protected under HIPAA.' },
      { question: 'What treatments are available?', answer: 'Options include oral medications and other therapies. Your clinician will explain which are appropriate for you.' },
      { question: 'Can ED be a sign of another health issue?', answer: 'Sometimes. ED can be linked to heart health, blood sugar or hormones, which is why we evaluate the whole picture.' },
      { question: 'How quickly can I start?', answer: 'After your consultation and any needed labs, many patients start treatment right away.' },
    ],
    testimonials: [
      { text: 'I put this off for years. The visit was private and professional, and I wish I had come in sooner.', rating: 5, name: 'Steven W.' },
      { text: 'They found my blood pressure medication was part of the problem and worked with my doctor. Big improvement.', rating: 5, name: 'Anthony G.' },
      { text: 'Respectful, quick and clear about my options.', rating: 5, name: 'Paul D.' },
    ],
    beforeAfterImages: [
      story('Confidence restored', 'Avoiding intimacy because of worry about performance.', 'Feeling more confident with a plan that works for him.', '2 months'),
      story('A clearer picture', 'Unsure why ED had started.', 'A contributing medication identified and a treatment plan in place.', '6 weeks'),
    ],
  },
  {
    id: 4,
    subcategoryId: MENS_HEALTH,
    slug: 'plong',
    name: 'PLong Men’s Enhancement',
    headline: 'A Modern, Non-Surgical Approach to Men’s Sexual Wellness',
    description:
      'PLong is our physician-guided men’s enhancement program. It combines an in-depth evaluation with non-surgical, in-office therapies aimed at circulation and sexual function, with a clear plan and honest expectations from the first visit.',
    metaDescription:
      'PLong men’s enhancement: a physician-guided, non-surgical program for sexual wellness. Private consultation, clear expectations.',
    offer: 'Free Private Consultation',
    symptoms: [
      { title: 'Weaker erections', description: 'Erections feel less firm than they used to.', icon: 'TrendingDown' },
      { title: 'Reduced sensitivity', description: 'Less sensation during intimacy.', icon: 'Minus' },
      { title: 'Slower response', description: 'Taking longer to become aroused.', icon: 'Clock' },
      { title: 'Low stamina', description: 'Running out of steam sooner.', icon: 'Battery' },
      { title: 'Self-consciousness', description: 'Worry about performance or appearance.', icon: 'User' },
      { title: 'Medication not enough', description: 'Pills help less than you would like.', icon: 'Pill' },
    ],
    benefits: [
      { title: 'Non-surgical', description: 'In-office treatments with no incisions and little downtime.' },
      { title: 'Physician-guided', description: 'A licensed clinician evaluates you and oversees every step.' },
      { title: 'Supports circulation', description: 'Therapies aimed at healthy blood flow, which sexual function relies on.' },
      { title: 'Private setting', description: 'Discreet scheduling and confidential care.' },
      { title: 'Works alongside other care', description: 'Can be combined with ED or hormone treatment when appropriate.' },
      { title: 'Honest expectations', description: 'We tell you what results are realistic for you before you begin.' },
    ],
    process: [
      { title: 'Confidential evaluation', description: 'Review your goals, health history and any current treatments with a clinician.' },
      { title: 'Tailored treatment series', description: 'Receive a series of short in-office sessions planned around you.' },
      { title: 'Review your progress', description: 'Follow-up visits to assess results and decide on next steps together.' },
    ],
    faqs: [
      { question: 'What is PLong?', answer: 'PLong is our name for a physician-guided men’s sexual wellness program built around non-surgical, in-office therapies and follow-up care.' },
      { question: 'Is it painful?', answer: 'Most men describe sessions as comfortable. Numbing options are available, and your clinician will explain what to expect.' },
      { question: 'How many sessions will I need?', answer: 'It depends on your evaluation. A typical plan is a short series of sessions, reviewed as you go.' },
      { question: 'Are results guaranteed?', answer: 'No treatment can promise results. Many men notice improvement, and we set realistic expectations at your first visit.' },
      { question: 'Can I combine it with ED medication?', answer: 'Often yes. Your clinician will check that any combination is safe for you.' },
    ],
    testimonials: [
      { text: 'Professional and discreet from the first call. The clinician was honest about what to expect.', rating: 5, name: 'Michael S.' },
      { text: 'Sessions were quick and the follow-up was thorough. I’m glad I asked about it.', rating: 5, name: 'Brian H.' },
      { text: 'I appreciated that nobody oversold anything. Good experience overall.', rating: 4, name: 'Kevin J.' },
    ],
    beforeAfterImages: [
      story('Feeling more confident', 'Frustrated that medication alone was not enough.', 'Noticing a difference and feeling more confident after his treatment series.', '3 months'),
      story('A plan that fits', 'Unsure which options were right for him.', 'A clear, combined plan with regular check-ins.', '8 weeks'),
    ],
  },
  {
    id: 5,
    subcategoryId: BODY_CONTOURING,
    slug: 'coolsculpting',
    name: 'CoolSculpting',
    headline: 'Target Stubborn Fat Without Surgery',
    description:
      'CoolSculpting is an FDA-cleared, non-invasive treatment that uses controlled cooling to reduce stubborn fat in areas like the abdomen, flanks and thighs. It is not a weight-loss treatment: it is for shaping areas that don’t respond to diet and exercise.',
    metaDescription:
      'Non-invasive CoolSculpting fat reduction for stubborn areas. No surgery, little downtime. Book a free body-contouring consultation.',
    offer: 'Free Body Contouring Consultation',
    symptoms: [
      { title: 'Stubborn belly fat', description: 'A lower belly that won’t shift despite exercise.', icon: 'Target' },
      { title: 'Love handles', description: 'Flanks that stay no matter what you eat.', icon: 'Scale' },
      { title: 'Inner or outer thighs', description: 'Areas that make clothes fit unevenly.', icon: 'Activity' },
      { title: 'Bra or back fat', description: 'Bulges that show under fitted clothing.', icon: 'Eye' },
      { title: 'Double chin', description: 'Fullness under the chin that hides your jawline.', icon: 'User' },
      { title: 'No time for downtime', description: 'You want results without surgery or recovery time.', icon: 'Clock' },
    ],
    benefits: [
      { title: 'No surgery', description: 'No needles, incisions or anesthesia.' },
      { title: 'Little downtime', description: 'Most people go back to their day right after a session.' },
      { title: 'FDA-cleared', description: 'A cleared treatment for visible fat bulges in specific areas.' },
      { title: 'Targets specific areas', description: 'Treat the spots that bother you most.' },
      { title: 'Gradual, natural-looking change', description: 'Results develop over weeks as your body clears treated cells.' },
      { title: 'Plan built by a specialist', description: 'Your provider maps the areas and number of sessions with you.' },
    ],
    process: [
      { title: 'Body assessment', description: 'Meet a specialist to check that you are a good candidate and map your treatment areas.' },
      { title: 'Treatment sessions', description: 'Relax during comfortable sessions of about 35 to 75 minutes per area.' },
      { title: 'See your results', description: 'Changes appear gradually, usually over one to three months, with a follow-up review.' },
    ],
    faqs: [
      { question: 'Is CoolSculpting a weight-loss treatment?', answer: 'No. It reduces fat in specific areas and works best for people near their goal weight.' },
      { question: 'Does it hurt?', answer: 'You may feel intense cold and some pulling at first, which usually eases within minutes. Temporary numbness or tenderness afterwards is common.' },
      { question: 'How many sessions will I need?', answer: 'It depends on the area and your goals. Your specialist will recommend a plan at your assessment.' },
      { question: 'When will I see results?', answer: 'Some people notice changes in about three weeks; the most visible results are usually seen after one to three months.' },
      { question: 'Are there side effects?', answer: 'Temporary redness, swelling, bruising or numbness are common. Rare side effects exist, and your provider will go over them before treatment.' },
    ],
    testimonials: [
      { text: 'My jeans fit better and I didn’t miss a day of work. The team explained everything clearly.', rating: 5, name: 'Samantha L.' },
      { text: 'I treated my flanks and the change was gradual but real. Very professional staff.', rating: 5, name: 'Jason B.' },
      { text: 'Honest about what it could and could not do, which I appreciated.', rating: 5, name: 'Monica R.' },
    ],
    beforeAfterImages: [
      story('Abdomen', 'A lower-belly bulge that remained after losing weight.', 'A flatter lower abdomen after two sessions.', '3 months'),
      story('Flanks', 'Love handles that showed under fitted shirts.', 'A smoother waistline profile.', '2 months'),
    ],
  },
  {
    id: 6,
    subcategoryId: WEIGHT_MANAGEMENT,
    slug: 'semaglutide',
    name: 'Semaglutide Weight Loss',
    headline: 'Medically Supervised Semaglutide Programs',
    description:
      'Semaglutide is a prescription GLP-1 medication that can help reduce appetite as part of a reduced-calorie diet and more activity. Our clinicians check whether it is right for you and support you with dosing, nutrition guidance and regular follow-up.',
    metaDescription:
      'Physician-supervised semaglutide (GLP-1) weight loss with eligibility screening, nutrition support and regular follow-up. Free consultation.',
    offer: 'Free GLP-1 Eligibility Consultation',
    symptoms: [
      { title: 'Constant hunger', description: 'Appetite that makes eating less feel impossible.', icon: 'AlertTriangle' },
      { title: 'Weight regain', description: 'Losing weight, then watching it come back.', icon: 'TrendingUp' },
      { title: 'Food noise', description: 'Thinking about food much of the day.', icon: 'Brain' },
      { title: 'Blood sugar concerns', description: 'Your doctor has talked about prediabetes.', icon: 'Thermometer' },
      { title: 'Low energy', description: 'Feeling heavy and tired.', icon: 'Battery' },
      { title: 'Plateaus', description: 'Progress stalls despite doing everything right.', icon: 'Scale' },
    ],
    benefits: [
      { title: 'Helps manage appetite', description: 'Many patients feel full sooner and have fewer cravings.' },
      { title: 'Eligibility screening', description: 'We check your history and labs to make sure it is appropriate for you.' },
      { title: 'Careful dosing', description: 'Doses increase gradually to help limit side effects.' },
      { title: 'Nutrition support', description: 'Guidance on eating well while your appetite changes.' },
      { title: 'Regular follow-up', description: 'Check-ins to track progress and side effects.' },
      { title: 'A plan for after', description: 'We help you plan for maintaining your progress long term.' },
    ],
    process: [
      { title: 'Eligibility visit', description: 'Review your health history, medications and labs with a clinician.' },
      { title: 'Start your program', description: 'Begin at a low dose with clear instructions and nutrition guidance.' },
      { title: 'Follow-up and adjust', description: 'Regular check-ins to adjust your dose and keep you on track.' },
    ],
    faqs: [
      { question: 'What is semaglutide?', answer: 'A prescription GLP-1 medication that can reduce appetite. It is used together with diet and activity changes, under medical supervision.' },
      { question: 'Am I a candidate?', answer: 'That depends on your weight, health conditions and medications. Some people should not take it; your clinician will check at your eligibility visit.' },
      { question: 'What are the side effects?', answer: 'The most common are nausea, stomach upset and constipation, usually when starting or increasing the dose. Your clinician will explain the rarer risks too.' },
      { question: 'How much weight will I lose?', answer: 'Results vary from person to person. Your clinician will talk through realistic goals for you.' },
      { question: 'What happens when I stop?', answer: 'Some people regain weight after stopping. We help you build habits and a plan for maintaining your progress.' },
    ],
    testimonials: [
      { text: 'The constant hunger finally eased. The nurse checks in regularly and helped me through the first weeks.', rating: 5, name: 'Laura N.' },
      { text: 'They were careful about my history before prescribing anything. I felt in good hands.', rating: 5, name: 'Greg F.' },
      { text: 'Clear instructions, clear pricing, and real support.', rating: 5, name: 'Tanya C.' },
    ],
    beforeAfterImages: [
      story('Less food noise', 'Thinking about food all day and snacking at night.', 'Calmer appetite and regular meals.', '3 months'),
      story('Steady loss', 'Stuck at the same weight for a year.', 'Steady progress with monthly check-ins.', '6 months'),
    ],
  },
  {
    id: 11,
    subcategoryId: WEIGHT_MANAGEMENT,
    slug: 'weight-management',
    name: 'Medical Weight Management',
    headline: 'Reach a Healthier Weight and Stay There',
    description:
      'Our weight management program is for the long run. A clinician-led team helps you understand what drives your weight, set realistic goals and keep progress going with nutrition coaching, metabolic testing and, where appropriate, medication.',
    metaDescription:
      'Clinician-led medical weight management: metabolic testing, nutrition coaching and long-term support. Book a free consultation.',
    offer: 'Free Weight Management Consultation',
    symptoms: [
      { title: 'Slow metabolism', description: 'Feeling like your body holds on to every pound.', icon: 'TrendingDown' },
      { title: 'Emotional eating', description: 'Stress or boredom leading to snacking.', icon: 'Frown' },
      { title: 'Regaining weight', description: 'Keeping weight off has been the hard part.', icon: 'TrendingUp' },
      { title: 'Low energy', description: 'Tired and less active than you’d like.', icon: 'Battery' },
      { title: 'Busy schedule', description: 'No time to plan meals or exercise.', icon: 'Clock' },
      { title: 'Health risks', description: 'Concerns about blood pressure, cholesterol or blood sugar.', icon: 'Heart' },
    ],
    benefits: [
      { title: 'Long-term focus', description: 'A plan for keeping weight off, not just losing it.' },
      { title: 'Metabolic insight', description: 'Testing helps tailor your plan to how your body works.' },
      { title: 'Coaching that fits your life', description: 'Practical nutrition guidance for real schedules.' },
      { title: 'Medication when appropriate', description: 'Prescription options considered carefully for each patient.' },
      { title: 'Accountability', description: 'Regular visits and progress tracking.' },
      { title: 'Whole-person care', description: 'Sleep, stress and activity are part of the plan.' },
    ],
    process: [
      { title: 'Meet your care team', description: 'Discuss your history, goals and what has or hasn’t worked before.' },
      { title: 'Testing and planning', description: 'Metabolic and lab testing shape a program around you.' },
      { title: 'Coaching and maintenance', description: 'Ongoing check-ins to adjust your plan and keep progress going.' },
    ],
    faqs: [
      { question: 'How is this different from a diet?', answer: 'It is medical care: a clinician-led team looks at your health, metabolism and habits, and supports you over months, not weeks.' },
      { question: 'Will I be prescribed medication?', answer: 'Only if it is appropriate and safe for you. Many patients make progress without it.' },
      { question: 'How long is the program?', answer: 'Most patients start with three to six months and then move to maintenance visits.' },
      { question: 'Do you offer telehealth visits?', answer: 'Many check-ins can be done by telehealth where available; some visits need to be in person.' },
      { question: 'What results can I expect?', answer: 'Results vary. We set realistic, healthy goals together and track more than the scale.' },
    ],
    testimonials: [
      { text: 'The coaching made it practical. I finally have a routine that works with my job.', rating: 5, name: 'Denise A.' },
      { text: 'They looked at my sleep and stress too, not just food. I feel better overall.', rating: 5, name: 'Marcus E.' },
      { text: 'Supportive team and no crash dieting. I’ve kept my progress for a year.', rating: 5, name: 'Heather V.' },
    ],
    beforeAfterImages: [
      story('Keeping it off', 'Lost weight many times but always regained it.', 'Holding steady at a healthier weight with maintenance visits.', '12 months'),
      story('More energy', 'Too tired to be active after work.', 'Evening walks and more energy for family.', '5 months'),
    ],
  },
];

/** A template's stories with the demo art's before and after pictures, story by story. */
export function withDemoArt(template: Omit<SeedTemplate, 'heroImage'>): SeedTemplate {
  const art = DEMO_TEMPLATE_ART[template.slug];
  return {
    ...template,
    heroImage: art.hero,
    beforeAfterImages: template.beforeAfterImages.map((story, i) => ({
      ...story,
      beforeImage: story.beforeImage ?? art.stories[i]?.before ?? null,
      afterImage: story.afterImage ?? art.stories[i]?.after ?? null,
    })),
  };
}

export const SEED_TEMPLATES: SeedTemplate[] = TEMPLATE_TEXTS.map(withDemoArt);
