import type { Benefit, Faq, Testimonial } from '@hap/contracts';

/** A demo clinic's activated service, with some of its own content (tenant's clinics 1–11). */
export interface SeedActivation {
  clientId: number;
  templateId: number;
  customTitle?: string;
  customOffer?: string;
  customOfferDescription?: string;
  customDescription?: string;
  customBenefits?: Benefit[];
  customFaqs?: Faq[];
  customTestimonials?: Testimonial[];
}

const TRT = 1;
const WEIGHT_LOSS = 2;
const ED = 3;
const PLONG = 4;
const COOLSCULPTING = 5;
const SEMAGLUTIDE = 6;
const WEIGHT_MANAGEMENT = 11;

export const SEED_ACTIVATIONS: SeedActivation[] = [
  // 1 Summit Wellness Center
  {
    clientId: 1,
    templateId: TRT,
    customTitle: 'Low-T Therapy at Summit',
    customOffer: '$99 First Visit with Labs',
    customOfferDescription: 'Consultation and a full hormone panel for new patients.',
    customTestimonials: [{ text: 'Dr. Marquez took the time to explain my results. Great experience at Summit.', rating: 5, name: 'Ryan P.' }],
  },
  { clientId: 1, templateId: WEIGHT_MANAGEMENT, customDescription: 'Summit’s long-term weight program pairs our physicians with a registered dietitian.' },
  { clientId: 1, templateId: PLONG },
  { clientId: 1, templateId: ED },
  { clientId: 1, templateId: SEMAGLUTIDE, customOffer: 'Free GLP-1 Eligibility Check' },
  // 2 Apex Men's Health
  {
    clientId: 2,
    templateId: TRT,
    customTitle: 'Apex TRT Program',
    customBenefits: [
      { title: 'Same-week appointments', description: 'Most new patients are seen within a few days.' },
      { title: 'On-site labs', description: 'Blood work done at our clinic, results reviewed with you.' },
      { title: 'Men’s health specialists', description: 'A team that focuses only on men’s health.' },
      { title: 'Monitored treatment', description: 'Regular labs keep your plan safe and on target.' },
      { title: 'Flexible options', description: 'Injections, creams or pellets depending on your needs.' },
      { title: 'Transparent pricing', description: 'Clear monthly pricing discussed up front.' },
    ],
  },
  {
    clientId: 2,
    templateId: ED,
    customDescription: 'Apex offers private ED evaluations with same-week appointments and a discreet entrance.',
    customFaqs: [
      { question: 'Is there a separate entrance?', answer: 'Yes. Apex has a discreet side entrance and private waiting rooms.' },
      { question: 'Do I need a referral?', answer: 'No referral is needed. Call or book online.' },
      { question: 'Is my visit confidential?', answer: 'Yes. Your visit and records are private and protected under HIPAA.' },
      { question: 'What treatments are available?', answer: 'Oral medications and in-office therapies; your clinician will explain what suits you.' },
      { question: 'How quickly can I start?', answer: 'Many patients start treatment after their first visit and any needed labs.' },
    ],
  },
  { clientId: 2, templateId: PLONG, customOffer: 'Free Private Consultation + Evaluation' },
  // 3 Lumière Med Spa
  {
    clientId: 3,
    templateId: COOLSCULPTING,
    customTitle: 'CoolSculpting at Lumière',
    customOffer: '20% Off Your First Treatment Area',
    customOfferDescription: 'For new clients booking a first CoolSculpting session this season.',
  },
  { clientId: 3, templateId: SEMAGLUTIDE, customTitle: 'Lumière GLP-1 Program' },
  { clientId: 3, templateId: WEIGHT_LOSS },
  { clientId: 3, templateId: WEIGHT_MANAGEMENT, customDescription: 'A spa-like setting for medically supervised, long-term weight care.' },
  // 4–11
  { clientId: 4, templateId: TRT },
  { clientId: 4, templateId: WEIGHT_LOSS },
  { clientId: 5, templateId: WEIGHT_LOSS },
  { clientId: 5, templateId: SEMAGLUTIDE },
  { clientId: 6, templateId: WEIGHT_MANAGEMENT },
  { clientId: 6, templateId: SEMAGLUTIDE },
  { clientId: 7, templateId: TRT },
  { clientId: 7, templateId: PLONG },
  { clientId: 8, templateId: WEIGHT_LOSS },
  { clientId: 9, templateId: WEIGHT_LOSS },
  { clientId: 10, templateId: WEIGHT_MANAGEMENT },
  { clientId: 11, templateId: WEIGHT_MANAGEMENT },
  { clientId: 11, templateId: TRT },
];
