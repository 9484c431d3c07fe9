/**
 * The content rules of docs/public-site.md#what-a-page-shows, docs/public-site.md#states-and-fallbacks as pure functions, shared by the
 * templates service (unified content, service meta) and the public pages
 * (service lists, links). No schema library here: the landing route ships
 * none (docs/public-site.md#page-speed).
 */
import type { ClientServiceSummary } from './client-service';
import type { BeforeAfterStory, Benefit, Faq, ProcessStep, Symptom, TemplateContent, Testimonial } from './content';

/** docs/public-site.md#what-a-page-shows: the symptom icons (lucide names) a template may use. */
export const SYMPTOM_ICONS = [
  'Battery', 'Zap', 'Heart', 'Brain', 'Moon', 'Sun', 'Frown', 'Smile', 'TrendingDown', 'TrendingUp',
  'Scale', 'Activity', 'AlertTriangle', 'Clock', 'Eye', 'Headphones', 'Shield', 'Target', 'User', 'Users',
  'Weight', 'Thermometer', 'Pill', 'Stethoscope', 'Plus', 'Minus', 'X', 'HelpCircle',
] as const;
export type SymptomIcon = (typeof SYMPTOM_ICONS)[number];
export const DEFAULT_SYMPTOM_ICON: SymptomIcon = 'HelpCircle';

export const DEFAULT_HEADLINE = 'Professional Treatment';
export const DEFAULT_TREATMENT_DESCRIPTION = 'Advanced treatment with proven results';
export const DEFAULT_OFFER = 'Free Consultation';
export const DEFAULT_TESTIMONIAL_RATING = 5;
export const DEFAULT_META_TITLE = 'Professional Medical Services';
/** docs/public-site.md#states-and-fallbacks: the description a service card shows when it has none. */
export const DEFAULT_SERVICE_DESCRIPTION = 'Learn more about this specialized service.';

/** The spec's hard-coded template mappings (docs/public-site.md#what-a-page-shows). */
export const BUILT_IN_TEMPLATE_MAPPINGS: Readonly<Record<string, string>> = Object.freeze({ '1': 'trt', '4': 'plong', '11': 'weight-management' });

type Maybe<T> = T | null | undefined;

/** Trimmed text, or null when empty. */
export const filled = (value: Maybe<string | number>): string | null => {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text || null;
};

const isDigits = (value: string) => /^\d+$/.test(value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** A list field from an array or JSON text of one; anything else (invalid JSON, an object, null) is an empty list. */
export function parseList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || !value.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** An item's stored id (docs/template-rollout.md#item-ids), when the caller keeps ids: the admin's answers do, a page's content does not. */
const idOf = (item: Record<string, unknown>, keepIds: boolean): { id?: string } =>
  keepIds && typeof item.id === 'string' && ITEM_ID_PATTERN.test(item.id) ? { id: item.id } : {};

/** The most items a content list (benefits, FAQs, …) may hold, in a template and in a clinic's own copy. */
export const LIST_MAX_ITEMS = 50;

/** An item id as stored: short text of letters, digits, '-' and '_'. */
export const ITEM_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** Benefits and process steps: bare strings become a title with an empty description (docs/admin.md#records). */
export function toTitledItems(value: unknown, keepIds = false): Benefit[] {
  const out: Benefit[] = [];
  for (const item of parseList(value)) {
    if (typeof item === 'string') {
      if (item.trim()) out.push({ title: item, description: '' });
    } else if (isRecord(item)) {
      const title = str(item.title) || str(item.step) || str(item.name);
      if (title) out.push({ ...idOf(item, keepIds), title, description: str(item.description) });
    }
  }
  return out;
}
export const toProcessSteps = (value: unknown, keepIds = false): ProcessStep[] => toTitledItems(value, keepIds);

export const symptomIcon = (name: unknown): SymptomIcon =>
  (SYMPTOM_ICONS as readonly string[]).includes(str(name)) ? (name as SymptomIcon) : DEFAULT_SYMPTOM_ICON;

export function toSymptoms(value: unknown, keepIds = false): Symptom[] {
  const out: Symptom[] = [];
  for (const item of parseList(value)) {
    if (typeof item === 'string') {
      if (item.trim()) out.push({ title: item, description: '', icon: DEFAULT_SYMPTOM_ICON });
    } else if (isRecord(item)) {
      const title = str(item.title) || str(item.symptom);
      if (title) out.push({ ...idOf(item, keepIds), title, description: str(item.description), icon: symptomIcon(item.icon) });
    }
  }
  return out;
}

export function toFaqs(value: unknown, keepIds = false): Faq[] {
  return parseList(value).flatMap((item) =>
    isRecord(item) && str(item.question) ? [{ ...idOf(item, keepIds), question: str(item.question), answer: str(item.answer) }] : [],
  );
}

/** A rating of 1–5; missing or not a number is the default 5 (docs/public-site.md#fixed-figures). */
export function testimonialRating(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(n)) return DEFAULT_TESTIMONIAL_RATING;
  return Math.min(5, Math.max(1, n));
}

/** Testimonials from strings or objects with text and rating (default rating 5). */
export function toTestimonials(value: unknown, keepIds = false): Testimonial[] {
  const out: Testimonial[] = [];
  for (const item of parseList(value)) {
    if (typeof item === 'string') {
      if (item.trim()) out.push({ text: item, rating: DEFAULT_TESTIMONIAL_RATING, name: null });
    } else if (isRecord(item) && str(item.text)) {
      out.push({ ...idOf(item, keepIds), text: str(item.text), rating: testimonialRating(item.rating), name: filled(str(item.name) || str(item.author)) });
    }
  }
  return out;
}

export function toBeforeAfterStories(value: unknown, keepIds = false): BeforeAfterStory[] {
  return parseList(value).flatMap((item) =>
    isRecord(item) && str(item.title)
      ? [
          {
            ...idOf(item, keepIds),
            title: str(item.title),
            beforeImage: filled(str(item.beforeImage)),
            afterImage: filled(str(item.afterImage)),
            beforeDescription: str(item.beforeDescription),
            afterDescription: str(item.afterDescription),
            timeframe: str(item.timeframe),
          },
        ]
      : [],
  );
}

/** Template testimonials followed by the client's own (docs/public-site.md#calls testimonials call), each with a rating. */
export const mergeTestimonials = (template: unknown, custom: unknown): Testimonial[] => [
  ...toTestimonials(template),
  ...toTestimonials(custom),
];

/** Headline: the template's, else the custom title, else the name, else 'Professional Treatment'. */
export const headlineOf = (input: { headline?: Maybe<string>; customTitle?: Maybe<string>; name?: Maybe<string> }): string =>
  filled(input.headline) ?? filled(input.customTitle) ?? filled(input.name) ?? DEFAULT_HEADLINE;

/** Description: the template's, else the service's, else 'Advanced treatment with proven results'. */
export const descriptionOf = (input: { description?: Maybe<string>; serviceDescription?: Maybe<string> }): string =>
  filled(input.description) ?? filled(input.serviceDescription) ?? DEFAULT_TREATMENT_DESCRIPTION;

/** The content used when a service has no template (docs/public-site.md#what-a-page-shows). */
export const defaultTemplateContent = (name: string): TemplateContent => ({
  headline: `Advanced ${name} Treatment`,
  description: DEFAULT_TREATMENT_DESCRIPTION,
  metaDescription: null,
  offer: DEFAULT_OFFER,
  heroImage: null,
  benefits: [],
  symptoms: [],
  process: [],
  faqs: [],
  testimonials: [],
  beforeAfterImages: [],
});

/** A template's stored content: list fields as arrays or JSON text. */
export interface TemplateContentSource {
  name?: Maybe<string>;
  headline?: Maybe<string>;
  description?: Maybe<string>;
  metaDescription?: Maybe<string>;
  offer?: Maybe<string>;
  heroImage?: Maybe<string>;
  benefits?: unknown;
  symptoms?: unknown;
  process?: unknown;
  faqs?: unknown;
  testimonials?: unknown;
  beforeAfterImages?: unknown;
}

/** A client's customisation of a template; a non-empty custom list replaces the template's. */
export interface ServiceContentSource {
  name?: Maybe<string>;
  /** The clinic's own headline (docs/template-rollout.md#merge-rules): over the template's. */
  customHeadline?: Maybe<string>;
  customTitle?: Maybe<string>;
  customDescription?: Maybe<string>;
  customOffer?: Maybe<string>;
  heroBackgroundPath?: Maybe<string>;
  customBenefits?: unknown;
  customSymptoms?: unknown;
  customProcess?: unknown;
  customFaqs?: unknown;
  customTestimonials?: unknown;
  beforeAfterImages?: unknown;
}

/** The lists of a template's content (each normalised by its own rule above). */
export type TemplateContentLists = Pick<TemplateContent, 'benefits' | 'process' | 'symptoms' | 'faqs' | 'testimonials' | 'beforeAfterImages'>;

/** A stored template's lists, each normalised and with its items' ids (docs/admin.md#records): what the admin's template answer carries. */
export const toTemplateContentLists = (template: TemplateContentSource): TemplateContentLists => ({
  benefits: toTitledItems(template.benefits, true),
  process: toProcessSteps(template.process, true),
  symptoms: toSymptoms(template.symptoms, true),
  faqs: toFaqs(template.faqs, true),
  testimonials: toTestimonials(template.testimonials, true),
  beforeAfterImages: toBeforeAfterStories(template.beforeAfterImages, true),
});

const customOr = <T>(custom: T[], template: T[]): T[] => (custom.length ? custom : template);

/**
 * The landing page's content from a template and the client's service, with
 * every fallback of docs/public-site.md#what-a-page-shows. No template: the default content named
 * after the service.
 */
export function buildTemplateContent(
  template: Maybe<TemplateContentSource>,
  service: ServiceContentSource,
  /** Keep the items' ids: the page editor's preview (docs/page-editor.md#marks); visitors' pages never carry them. */
  { keepIds = false }: { keepIds?: boolean } = {},
): TemplateContent {
  const name = filled(service.customTitle) ?? filled(service.name) ?? filled(template?.name) ?? 'Professional';
  if (!template) {
    const fallback = defaultTemplateContent(name);
    return { ...fallback, offer: filled(service.customOffer) ?? fallback.offer, heroImage: filled(service.heroBackgroundPath) };
  }
  return {
    headline: filled(service.customHeadline) ?? headlineOf({ headline: template.headline, customTitle: service.customTitle, name: filled(service.name) ?? template.name }),
    description: descriptionOf({ description: template.description, serviceDescription: service.customDescription }),
    metaDescription: filled(template.metaDescription),
    offer: filled(service.customOffer) ?? filled(template.offer) ?? DEFAULT_OFFER,
    heroImage: filled(service.heroBackgroundPath) ?? filled(template.heroImage),
    benefits: customOr(toTitledItems(service.customBenefits, keepIds), toTitledItems(template.benefits, keepIds)),
    symptoms: customOr(toSymptoms(service.customSymptoms, keepIds), toSymptoms(template.symptoms, keepIds)),
    process: customOr(toProcessSteps(service.customProcess, keepIds), toProcessSteps(template.process, keepIds)),
    faqs: customOr(toFaqs(service.customFaqs, keepIds), toFaqs(template.faqs, keepIds)),
    testimonials: mergeTestimonials(template.testimonials, service.customTestimonials),
    beforeAfterImages: customOr(toBeforeAfterStories(service.beforeAfterImages, keepIds), toBeforeAfterStories(template.beforeAfterImages, keepIds)),
  };
}

/** An activated template as `GET /api/service-templates/client/{id}` lists it. */
export interface ActivatedTemplateLike {
  id?: Maybe<number>;
  templateId: number | string;
  name?: Maybe<string>;
  slug?: Maybe<string>;
  description?: Maybe<string>;
  customTitle?: Maybe<string>;
  customDescription?: Maybe<string>;
  heroBackgroundPath?: Maybe<string>;
}

/**
 * Services built from activated templates when a client has none of its own
 * (docs/public-site.md#states-and-fallbacks): name from custom title, template name, else 'Service N';
 * path from the slug, else the template id.
 */
export function servicesFromActivatedTemplates(templates: readonly ActivatedTemplateLike[], clientId: number): ClientServiceSummary[] {
  return templates.map((t, index) => ({
    id: t.id ?? Number(t.templateId),
    clientId,
    name: filled(t.customTitle) ?? filled(t.name) ?? `Service ${index + 1}`,
    customTitle: filled(t.customTitle),
    path: filled(t.slug) ?? String(t.templateId),
    template_slug: filled(t.slug),
    templateId: t.templateId,
    description: filled(t.customDescription) ?? filled(t.description) ?? DEFAULT_SERVICE_DESCRIPTION,
    customDescription: filled(t.customDescription),
    custom_offer: null,
    heroBackgroundPath: filled(t.heroBackgroundPath),
    isActive: true,
  }));
}

/** How complete a service card is: one point each for a description, a custom offer and a hero image. */
export const completeness = (s: ClientServiceSummary): number =>
  [filled(s.description) && s.description !== DEFAULT_SERVICE_DESCRIPTION, filled(s.custom_offer), filled(s.heroBackgroundPath)].filter(Boolean).length;

/**
 * The path segment a service links to (docs/public-site.md#states-and-fallbacks): template_slug; a
 * non-numeric path; the template id through the mappings; a numeric path
 * through the mappings; the raw path; else `service-{id}`.
 */
export function serviceLink(service: Pick<ClientServiceSummary, 'id' | 'template_slug' | 'path' | 'templateId'>, mappings: Readonly<Record<string, string>>): string {
  const slug = filled(service.template_slug);
  if (slug) return slug;
  const path = filled(service.path)?.replace(/^\/+/, '') || null;
  if (path && !isDigits(path)) return path;
  const templateId = filled(service.templateId);
  if (templateId && mappings[templateId]) return mappings[templateId];
  if (path && mappings[path]) return mappings[path];
  if (path) return path;
  return `service-${service.id}`;
}

/**
 * One service per slug, in first-seen order: a later duplicate replaces the
 * earlier one only when it is more complete (docs/public-site.md#states-and-fallbacks).
 */
export function dedupeServicesBySlug(services: readonly ClientServiceSummary[], mappings: Readonly<Record<string, string>> = BUILT_IN_TEMPLATE_MAPPINGS): ClientServiceSummary[] {
  const bySlug = new Map<string, ClientServiceSummary>();
  for (const service of services) {
    const slug = serviceLink(service, mappings);
    const earlier = bySlug.get(slug);
    if (!earlier || completeness(service) > completeness(earlier)) bySlug.set(slug, service);
  }
  return [...bySlug.values()];
}

/** docs/public-site.md#pages-and-routes reading B: the services shown when a client has none at all. */
export const FALLBACK_SERVICES: readonly ClientServiceSummary[] = Object.freeze(
  (
    [
      [999, 'TRT', 'trt'],
      [998, 'Weight Loss', 'weight-loss'],
      [997, 'CoolSculpting', 'coolsculpting'],
      [996, 'ED', 'ed'],
      [995, 'PLong', 'plong'],
      [994, 'Semaglutide', 'semaglutide'],
    ] as const
  ).map(([id, name, path]) => ({
    id,
    clientId: 0,
    name,
    customTitle: null,
    path,
    template_slug: path,
    templateId: null,
    description: DEFAULT_SERVICE_DESCRIPTION,
    customDescription: null,
    custom_offer: null,
    heroBackgroundPath: null,
    isActive: true,
  })),
);

/**
 * A client's service list (docs/public-site.md#states-and-fallbacks): its own services when it has
 * any, else services from its activated templates, else the fallback
 * services; de-duplicated by slug.
 */
export function chooseClientServices(
  own: readonly ClientServiceSummary[] | null,
  activated: readonly ActivatedTemplateLike[] | null,
  clientId: number,
  mappings: Readonly<Record<string, string>> = BUILT_IN_TEMPLATE_MAPPINGS,
): ClientServiceSummary[] {
  if (own && own.length) return dedupeServicesBySlug(own, mappings);
  const built = servicesFromActivatedTemplates(activated ?? [], clientId);
  if (built.length) return dedupeServicesBySlug(built, mappings);
  return FALLBACK_SERVICES.map((s) => ({ ...s, clientId }));
}

/** docs/public-site.md#states-and-fallbacks: a template counts as active if its id or its slug is among the client's active ones. */
export function isTemplateActive(template: { id: number; slug: string }, active: readonly { templateId?: Maybe<number | string>; slug?: Maybe<string> }[]): boolean {
  return active.some((a) => (a.templateId !== null && a.templateId !== undefined && String(a.templateId) === String(template.id)) || (!!a.slug && a.slug === template.slug));
}

/** The template mappings: the table's, then the built-in three (which always win). */
export const mergeTemplateMappings = (table: Readonly<Record<string, string>>): Record<string, string> => ({
  ...table,
  ...BUILT_IN_TEMPLATE_MAPPINGS,
});
