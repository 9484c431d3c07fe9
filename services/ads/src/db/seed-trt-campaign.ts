import type { AdGroup, CampaignExtensions } from '@hap/contracts';

/**
 * The TRT service's built-in campaign (admin spec §3 "Built-in defaults for
 * the TRT service only"): about 20 keywords, 45 headlines and 12 descriptions
 * (three responsive search ads of 15 and 4), call to action Schedule Now, 10
 * callouts; its launch defaults (Female excluded, men 25-65+, Maximize
 * Conversions, 50 a day) are campaign-defaults.ts's. Written to Google's
 * healthcare policies: no promised results, no drug names in ad text.
 */
export const TRT_TEMPLATE_ID = 1;

const keywords = [
  'testosterone replacement therapy',
  'trt clinic',
  'trt clinic near me',
  'testosterone therapy near me',
  'low testosterone treatment',
  'low t treatment',
  'low t clinic',
  'testosterone doctor',
  'testosterone clinic',
  'hormone therapy for men',
  'male hormone clinic',
  'testosterone levels test',
  'low testosterone symptoms',
  'trt doctor',
  'testosterone treatment for men',
  'mens hormone doctor',
  'low testosterone doctor near me',
  'trt consultation',
  'testosterone specialist',
  'hormone replacement for men',
];

const headlines = [
  // Ad 1: symptoms and testing
  ['Low T? Get Your Levels Tested', 'Testosterone Therapy for Men', 'Schedule Now', 'Tired All the Time?', 'Low Energy or Low Drive?', 'Lab Testing Before Treatment', 'Licensed Medical Providers', 'Men’s Hormone Health Clinic', 'Personalized TRT Plans', 'Same-Week Appointments', 'Free TRT Consultation', 'Care Built Around Your Labs', 'Ongoing Follow-Up Visits', 'Private, Respectful Care', 'Book Your Visit Online'],
  // Ad 2: the clinic and its process
  ['TRT Clinic Near You', 'Testosterone Care, Done Right', 'Talk to a Hormone Provider', 'Clear Plans, Clear Pricing', 'Start With a Simple Blood Test', 'Physician-Guided TRT', 'Monitoring at Every Step', 'Treatment Options Explained', 'Flexible Visit Times', 'Feel More Like Yourself', 'Trusted by Local Men', 'No Referral Needed', 'Discreet Men’s Health Care', 'Evening Appointments', 'Call or Book Online Today'],
  // Ad 3: the offer and the call to action
  ['Free Consultation This Week', 'Check Your Testosterone', 'Men 30+: Check Your Hormones', 'Your Hormone Plan Starts Here', 'Experienced TRT Providers', 'Questions About TRT? Ask Us', 'Lab Results Reviewed With You', 'Regular Check-Ins Included', 'Local Men’s Wellness Clinic', 'Appointments Available Now', 'A Plan Made for You', 'Get Answers From a Provider', 'Safe, Supervised Therapy', 'Easy Online Scheduling', 'Take the First Step Today'],
];

const descriptions = [
  ['Low energy, poor sleep or low drive? Our providers start with your labs and a real plan.', 'Testosterone therapy supervised by licensed providers, with follow-up at every step.', 'Book a free consultation. Same-week appointments and private, respectful care.', 'We explain your results and your options clearly, so you can decide with confidence.'],
  ['A men’s hormone clinic near you: lab testing, a personal plan and regular check-ins.', 'No referral needed. Talk with a provider about your symptoms and your goals.', 'Clear plans and clear pricing, with monitoring built into every treatment plan.', 'Evening and weekday visits available. Schedule now online or give us a call.'],
  ['Start with a simple blood test and a conversation with an experienced provider.', 'Your treatment is adjusted to your labs and how you feel, not a one-size-fits-all plan.', 'Discreet care for men 30 and over who want answers about their energy and drive.', 'Take the first step today: book a free TRT consultation at a time that suits you.'],
];

export const TRT_BUILT_IN_CAMPAIGN: {
  name: string;
  description: string;
  keywordTheme: string;
  targetAudience: string;
  adGroups: AdGroup[];
  extensions: CampaignExtensions;
} = {
  name: 'TRT - Built-in Search Campaign',
  description: 'The built-in TRT campaign: men 25-65+ searching for testosterone testing and therapy near the clinic.',
  keywordTheme: 'testosterone replacement therapy',
  targetAudience: 'Men 25 to 65+ with symptoms of low testosterone',
  adGroups: [
    {
      name: 'Testosterone Therapy',
      keywordType: 'PHRASE',
      keywords,
      ads: headlines.map((h, i) => ({ headlines: h, descriptions: descriptions[i]! })),
    },
  ],
  extensions: {
    sitelinks: [
      { linkText: 'Book a Consultation', description1: 'Free first consultation', description2: 'Same-week appointments', finalUrl: '{{CLIENT_WEBSITE}}#contact' },
      { linkText: 'How TRT Works', description1: 'Labs, plan and follow-up', description2: 'Supervised by providers', finalUrl: '{{CLIENT_WEBSITE}}' },
      { linkText: 'Symptoms of Low T', description1: 'Energy, sleep and drive', description2: 'Find out what is behind it', finalUrl: '{{CLIENT_WEBSITE}}' },
      { linkText: 'Meet Our Providers', description1: 'Licensed medical team', description2: 'Private, respectful care', finalUrl: '{{CLIENT_WEBSITE}}' },
    ],
    callouts: [
      'Free Consultation',
      'Same-Week Visits',
      'Licensed Providers',
      'Lab Testing Included',
      'No Referral Needed',
      'Personalized Plans',
      'Regular Follow-Ups',
      'Private Care for Men',
      'Evening Appointments',
      'Book Online',
    ],
  },
};
