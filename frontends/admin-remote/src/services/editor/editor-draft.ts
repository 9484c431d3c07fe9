import { ClientServiceCreateSchema, ClientServiceUpdateByIdSchema, listForSave, type ClientService, type ServiceTemplate } from '@hap/contracts';
import { TEXT_FIELDS, type FaqItem, type TestimonialItem, type TitledItem } from '../../forms/ContentLists';
import { issuesByPath, withoutBlankRows } from '../../forms/list-rules';

export type { FaqItem, TestimonialItem, TitledItem };

/** What the service editor edits (docs/admin.md#service-editor). */
export interface EditorDraft {
  templateId: number | null;
  customTitle: string;
  /** The clinic's own headline over its template's (docs/template-rollout.md#merge-rules). */
  customHeadline: string;
  customOffer: string;
  customOfferDescription: string;
  offerValue: string;
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
  customHeadline: '',
  customOffer: '',
  customOfferDescription: '',
  offerValue: '',
  formEmbedCode: '',
  customDescription: '',
  symptoms: [],
  benefits: [],
  process: [],
  faqs: [],
  testimonials: [],
});

/** An existing service fills the form with its stored values (docs/admin.md#states). */
export const draftOfService = (service: ClientService): EditorDraft => ({
  templateId: service.templateId,
  customTitle: service.customTitle ?? '',
  customHeadline: service.customHeadline ?? '',
  customOffer: service.customOffer ?? '',
  customOfferDescription: service.customOfferDescription ?? '',
  offerValue: service.offerValue ?? '',
  formEmbedCode: service.formEmbedCode ?? '',
  customDescription: service.customDescription ?? '',
  symptoms: service.customSymptoms.map(({ id, title, description, icon }) => ({ id, title, description, icon })),
  benefits: service.customBenefits.map(({ id, title, description }) => ({ id, title, description })),
  process: service.customProcess.map(({ id, title, description }) => ({ id, title, description })),
  faqs: service.customFaqs.map(({ id, question, answer }) => ({ id, question, answer })),
  testimonials: service.customTestimonials.map(({ id, text, rating, name }) => ({ id, text, rating, name })),
});

/** Picking a template for a new service copies its lists as starting content (docs/admin.md#states). */
export const draftWithTemplate = (draft: EditorDraft, template: ServiceTemplate): EditorDraft => ({
  ...draft,
  templateId: template.id,
  symptoms: template.symptoms.map(({ id, title, description, icon }) => ({ id, title, description, icon })),
  benefits: template.benefits.map(({ id, title, description }) => ({ id, title, description })),
  process: template.process.map(({ id, title, description }) => ({ id, title, description })),
  faqs: template.faqs.map(({ id, question, answer }) => ({ id, question, answer })),
  testimonials: template.testimonials.map(({ id, text, rating, name }) => ({ id, text, rating, name })),
});

/** The editor's lists, each with the text fields that make a row more than blank. */
export const EDITOR_LISTS = {
  symptoms: TEXT_FIELDS.titled,
  benefits: TEXT_FIELDS.titled,
  process: TEXT_FIELDS.titled,
  faqs: TEXT_FIELDS.faq,
  testimonials: TEXT_FIELDS.testimonial,
} as const;
export type EditorList = keyof typeof EDITOR_LISTS;
const LIST_NAMES = Object.keys(EDITOR_LISTS) as EditorList[];

/** The draft without the rows an admin added and left empty: they are dropped on save, never refused. */
export const withoutBlankRowsOf = (draft: EditorDraft): EditorDraft => ({
  ...draft,
  symptoms: withoutBlankRows(draft.symptoms, EDITOR_LISTS.symptoms),
  benefits: withoutBlankRows(draft.benefits, EDITOR_LISTS.benefits),
  process: withoutBlankRows(draft.process, EDITOR_LISTS.process),
  faqs: withoutBlankRows(draft.faqs, EDITOR_LISTS.faqs),
  testimonials: withoutBlankRows(draft.testimonials, EDITOR_LISTS.testimonials),
});

const textOrNull = (value: string) => (value.trim() ? value : null);

/** The fields the client-services API takes: the five custom lists as JSON text, null when empty (docs/admin.md#calls). */
export const fieldsOfDraft = (draft: EditorDraft) => ({
  customTitle: textOrNull(draft.customTitle),
  customHeadline: textOrNull(draft.customHeadline),
  customOffer: textOrNull(draft.customOffer),
  customOfferDescription: textOrNull(draft.customOfferDescription),
  offerValue: textOrNull(draft.offerValue),
  formEmbedCode: textOrNull(draft.formEmbedCode),
  customDescription: textOrNull(draft.customDescription),
  customSymptoms: listForSave(draft.symptoms),
  customBenefits: listForSave(draft.benefits),
  customProcess: listForSave(draft.process),
  customFaqs: listForSave(draft.faqs),
  customTestimonials: listForSave(draft.testimonials),
});

/** The API's names of the editor's lists, for the schema's messages. */
const SCREEN_NAME: Record<string, string> = {
  customSymptoms: 'symptoms',
  customBenefits: 'benefits',
  customProcess: 'process',
  customFaqs: 'faqs',
  customTestimonials: 'testimonials',
};

/**
 * The draft checked by the API's own schema (create or update), its blank rows
 * left out: each refused field's message keyed by its place on screen
 * (`faqs.0.question`, `customTitle`), with the rows' indices as shown.
 */
export function draftIssues(draft: EditorDraft, clientId: number, serviceId: number | null): Record<string, string> {
  const kept = Object.fromEntries(
    LIST_NAMES.map((list) => [list, (draft[list] as ReadonlyArray<object>).flatMap((row, i) => (withoutBlankRows([row], EDITOR_LISTS[list] as never).length ? [i] : []))]),
  ) as Record<EditorList, number[]>;
  const clean = withoutBlankRowsOf(draft);
  const body = {
    ...fieldsOfDraft(clean),
    customSymptoms: clean.symptoms,
    customBenefits: clean.benefits,
    customProcess: clean.process,
    customFaqs: clean.faqs,
    customTestimonials: clean.testimonials,
  };
  const checked = serviceId
    ? ClientServiceUpdateByIdSchema.safeParse({ id: serviceId, ...body })
    : ClientServiceCreateSchema.safeParse({ clientId, templateId: draft.templateId ?? undefined, isActive: true, ...body });
  if (checked.success) return {};
  const issues = issuesByPath(checked.error, SCREEN_NAME);
  return Object.fromEntries(
    Object.entries(issues).map(([key, message]) => {
      const [list, index, ...rest] = key.split('.');
      const shown = list && list in kept && index !== undefined ? kept[list as EditorList][Number(index)] : undefined;
      return [shown === undefined ? key : [list, shown, ...rest].join('.'), message];
    }),
  );
}
