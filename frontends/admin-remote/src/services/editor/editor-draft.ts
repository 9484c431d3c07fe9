import { listForSave, type ClientService, type ServiceTemplate } from '@hap/contracts';

/** A titled item of the editor (symptom, benefit, process step); a symptom keeps its icon. */
export interface TitledItem {
  title: string;
  description: string;
  icon?: string;
}
export interface FaqItem {
  question: string;
  answer: string;
}
export interface TestimonialItem {
  text: string;
  rating: number;
  name: string | null;
}

/** What the service editor edits (admin spec §2.9). */
export interface EditorDraft {
  templateId: number | null;
  customTitle: string;
  customOffer: string;
  customOfferDescription: string;
  formEmbedCode: string;
  customDescription: string;
  symptoms: TitledItem[];
  benefits: TitledItem[];
  process: TitledItem[];
  faqs: FaqItem[];
  testimonials: TestimonialItem[];
}

export const emptyDraft = (): EditorDraft => ({
  templateId: null,
  customTitle: '',
  customOffer: '',
  customOfferDescription: '',
  formEmbedCode: '',
  customDescription: '',
  symptoms: [],
  benefits: [],
  process: [],
  faqs: [],
  testimonials: [],
});

/** An existing service fills the form with its stored values (admin spec §4). */
export const draftOfService = (service: ClientService): EditorDraft => ({
  templateId: service.templateId,
  customTitle: service.customTitle ?? '',
  customOffer: service.customOffer ?? '',
  customOfferDescription: service.customOfferDescription ?? '',
  formEmbedCode: service.formEmbedCode ?? '',
  customDescription: service.customDescription ?? '',
  symptoms: service.customSymptoms.map(({ title, description, icon }) => ({ title, description, icon })),
  benefits: service.customBenefits.map(({ title, description }) => ({ title, description })),
  process: service.customProcess.map(({ title, description }) => ({ title, description })),
  faqs: service.customFaqs.map(({ question, answer }) => ({ question, answer })),
  testimonials: service.customTestimonials.map(({ text, rating, name }) => ({ text, rating, name })),
});

/** Picking a template for a new service copies its lists as starting content (admin spec §4). */
export const draftWithTemplate = (draft: EditorDraft, template: ServiceTemplate): EditorDraft => ({
  ...draft,
  templateId: template.id,
  symptoms: template.symptoms.map(({ title, description, icon }) => ({ title, description, icon })),
  benefits: template.benefits.map(({ title, description }) => ({ title, description })),
  process: template.process.map(({ title, description }) => ({ title, description })),
  faqs: template.faqs.map(({ question, answer }) => ({ question, answer })),
  testimonials: template.testimonials.map(({ text, rating, name }) => ({ text, rating, name })),
});

const textOrNull = (value: string) => (value.trim() ? value : null);

/** The fields the client-services API takes: the five custom lists as JSON text, null when empty (admin spec §7). */
export const fieldsOfDraft = (draft: EditorDraft) => ({
  customTitle: textOrNull(draft.customTitle),
  customOffer: textOrNull(draft.customOffer),
  customOfferDescription: textOrNull(draft.customOfferDescription),
  formEmbedCode: textOrNull(draft.formEmbedCode),
  customDescription: textOrNull(draft.customDescription),
  customSymptoms: listForSave(draft.symptoms),
  customBenefits: listForSave(draft.benefits),
  customProcess: listForSave(draft.process),
  customFaqs: listForSave(draft.faqs),
  customTestimonials: listForSave(draft.testimonials),
});
