import { ServiceTemplateUpdateSchema, type BeforeAfterStory, type ServiceTemplate } from '@hap/contracts';
import { TEXT_FIELDS, type FaqItem, type TestimonialItem, type TitledItem } from '../forms/ContentLists';
import { issuesByPath, isBlankRow, withoutBlankRows } from '../forms/list-rules';

/**
 * The template editor's draft (docs/admin.md#template-editor): the
 * content lists are edited as rows of labelled fields, never as JSON text.
 */
export interface TemplateDraft {
  name: string;
  slug: string;
  headline: string;
  description: string;
  heroImage: string | null;
  offer: string;
  metaDescription: string;
  benefits: TitledItem[];
  process: TitledItem[];
  symptoms: TitledItem[];
  faqs: FaqItem[];
  testimonials: TestimonialItem[];
  stories: BeforeAfterStory[];
  /** The note of the version the save makes (docs/template-rollout.md#versions). */
  versionNote: string;
}

/** The lists in the order shown, each with the text fields that make a row more than blank. */
export const TEMPLATE_LISTS = {
  benefits: TEXT_FIELDS.titled,
  process: TEXT_FIELDS.titled,
  symptoms: TEXT_FIELDS.titled,
  faqs: TEXT_FIELDS.faq,
  testimonials: TEXT_FIELDS.testimonial,
  stories: ['title', 'beforeImage', 'afterImage', 'beforeDescription', 'afterDescription', 'timeframe'],
} as const;
type TemplateList = keyof typeof TEMPLATE_LISTS;
const LIST_NAMES = Object.keys(TEMPLATE_LISTS) as TemplateList[];

export function draftOf(template: ServiceTemplate): TemplateDraft {
  return {
    name: template.name,
    slug: template.slug,
    headline: template.headline ?? '',
    description: template.description,
    heroImage: template.heroImage,
    offer: template.offer ?? '',
    metaDescription: template.metaDescription ?? '',
    benefits: template.benefits.map(({ id, title, description }) => ({ id, title, description })),
    process: template.process.map(({ id, title, description }) => ({ id, title, description })),
    symptoms: template.symptoms.map(({ id, title, description, icon }) => ({ id, title, description, icon })),
    faqs: template.faqs.map(({ id, question, answer }) => ({ id, question, answer })),
    testimonials: template.testimonials.map(({ id, text, rating, name }) => ({ id, text, rating, name })),
    stories: template.beforeAfterImages.map((s) => ({ ...s })),
    versionNote: '',
  };
}

export const emptyStory = (): BeforeAfterStory => ({ title: '', beforeImage: null, afterImage: null, beforeDescription: '', afterDescription: '', timeframe: '' });

const blankless = <T>(items: readonly T[], list: TemplateList) => withoutBlankRows(items, TEMPLATE_LISTS[list] as unknown as ReadonlyArray<keyof T>);

/** The draft without the rows an admin added and left empty: they are dropped on save, never refused. */
export const withoutBlankRowsOf = (draft: TemplateDraft): TemplateDraft => ({
  ...draft,
  benefits: blankless(draft.benefits, 'benefits'),
  process: blankless(draft.process, 'process'),
  symptoms: blankless(draft.symptoms, 'symptoms'),
  faqs: blankless(draft.faqs, 'faqs'),
  testimonials: blankless(draft.testimonials, 'testimonials'),
  stories: blankless(draft.stories, 'stories'),
});

/** The PATCH body of a draft (its blank rows left out). */
export function bodyOf(draft: TemplateDraft): Record<string, unknown> {
  const clean = withoutBlankRowsOf(draft);
  return {
    name: clean.name,
    slug: clean.slug,
    headline: clean.headline,
    description: clean.description,
    heroImage: clean.heroImage,
    offer: clean.offer,
    metaDescription: clean.metaDescription,
    benefits: clean.benefits,
    process: clean.process,
    symptoms: clean.symptoms,
    faqs: clean.faqs,
    testimonials: clean.testimonials,
    beforeAfterImages: clean.stories,
    ...(clean.versionNote.trim() && { versionNote: clean.versionNote.trim() }),
  };
}

/**
 * The draft checked by the API's own schema: each refused field's message
 * keyed by its place on screen (`faqs.0.question`, `stories.1.title`, `slug`),
 * with the rows' indices as shown (blank rows are not checked: they are dropped).
 */
export function templateIssues(draft: TemplateDraft): Record<string, string> {
  const checked = ServiceTemplateUpdateSchema.safeParse(bodyOf(draft));
  if (checked.success) return {};
  const kept = Object.fromEntries(
    LIST_NAMES.map((list) => [list, (draft[list] as ReadonlyArray<object>).flatMap((row, i) => (isBlankRow(row, TEMPLATE_LISTS[list] as never) ? [] : [i]))]),
  ) as Record<TemplateList, number[]>;
  return Object.fromEntries(
    Object.entries(issuesByPath(checked.error, { beforeAfterImages: 'stories' })).map(([key, message]) => {
      const [list, index, ...rest] = key.split('.');
      const shown = list && list in kept && index !== undefined ? kept[list as TemplateList][Number(index)] : undefined;
      return [shown === undefined ? key : [list, shown, ...rest].join('.'), message];
    }),
  );
}
