/**
 * Onboarding's pure rules (docs/public-site.md#pages-and-routes Onboarding, docs/public-site.md#validation): the catalogue as
 * the three levels a business owner walks (category, subcategory, services),
 * the counts on each card, the cut descriptions, and the details form's
 * checks. These are plain functions with the contracts' zod-free messages and
 * limits (tenant/onboarding-wire.ts): public pages ship no schema library
 * (docs/public-site.md#page-speed). They say what OnboardingSubmitSchema says on the server;
 * test/unit/onboard-rules.test.ts holds the two together.
 */
import {
  domainFromInput,
  isHostName,
  isHttpUrl,
  ONBOARDING_DESCRIPTION_LIMIT,
  ONBOARDING_LENGTHS,
  ONBOARDING_MESSAGES,
  type CatalogueEntry,
} from '@hap/contracts';

/** Step 1's fields, as the contracts' OnboardingSubmitSchema names them. */
export const DETAIL_FIELDS = ['name', 'address', 'phone', 'email', 'website', 'domain'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type DetailValues = Record<DetailField, string>;
export type DetailErrors = FieldErrors<DetailField>;

export const EMPTY_DETAILS: DetailValues = { name: '', address: '', phone: '', email: '', website: '', domain: '' };

/** One @, something before it, a dotted domain after it, no spaces: the server's check has the last word. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** What is wrong with one value, in the spec's words; null when it is fine. */
function detailError(field: DetailField, raw: string): string | null {
  const value = raw.trim();
  const { min, max } = ONBOARDING_LENGTHS[field];
  if (value.length > max) return `Must be at most ${max} characters`;
  switch (field) {
    case 'name':
    case 'address':
    case 'phone':
      return value.length >= min ? null : ONBOARDING_MESSAGES[field];
    case 'email':
      return EMAIL.test(value) ? null : ONBOARDING_MESSAGES.email;
    case 'website':
      return value === '' || isHttpUrl(value) ? null : ONBOARDING_MESSAGES.website;
    case 'domain': {
      const host = domainFromInput(value);
      return host === '' || isHostName(host) ? null : ONBOARDING_MESSAGES.domain;
    }
  }
}

/** Every field's message for these values (docs/public-site.md#validation). */
export function detailErrors(values: DetailValues): DetailErrors {
  const errors: DetailErrors = {};
  for (const field of DETAIL_FIELDS) {
    const error = detailError(field, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Step 2's rule: at least one service (docs/public-site.md#validation). */
export const selectionError = (ids: readonly number[]): string | null => (ids.length > 0 ? null : ONBOARDING_MESSAGES.services);

/** docs/public-site.md#what-a-page-shows: a template without a category is shown under this one during onboarding. */
export const ONBOARDING_DEFAULT_CATEGORY = 'Other Services';
export const ONBOARDING_DEFAULT_SUBCATEGORY = 'General';

/** The four categories of the spec come first, in this order; others follow by name. */
export const FIXED_CATEGORIES = ['Wellness Clinic', "Men's Health", "Women's Health", 'Aesthetic'] as const;
/** The five subcategories of the spec come first, in this order; others follow by name. */
export const FIXED_SUBCATEGORIES = ['Weight Management', 'Skin & Aesthetics', "Men's Health", 'Body Contouring', 'Hair Restoration'] as const;

/** The spec's fixed category descriptions; other categories have none. */
export const CATEGORY_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'Wellness Clinic': 'Weight loss, hormones and everyday wellness programs',
  "Men's Health": 'Testosterone, ED and performance care for men',
  "Women's Health": 'Hormone balance and care for every stage of life',
  Aesthetic: 'Skin, body contouring and hair restoration treatments',
};

export interface OnboardingService {
  id: number;
  name: string;
  /** At most ONBOARDING_DESCRIPTION_LIMIT characters and an ellipsis. */
  description: string;
  offer: string | null;
}

export interface OnboardingSubcategory {
  name: string;
  services: OnboardingService[];
}

export interface OnboardingCategory {
  name: string;
  description: string | null;
  subcategories: OnboardingSubcategory[];
  /** Every service in the category. */
  serviceCount: number;
}

/** A description as a card shows it: whitespace folded, cut at 100 characters on a word where it can be. */
export function cutDescription(text: string, limit: number = ONBOARDING_DESCRIPTION_LIMIT): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= limit) return folded;
  const cut = folded.slice(0, limit);
  const lastSpace = cut.lastIndexOf(' ');
  // A word boundary in the last fifth keeps the cut readable; otherwise cut mid-word.
  const kept = lastSpace >= limit * 0.8 ? cut.slice(0, lastSpace) : cut;
  return `${kept.replace(/[\s.,;:!?-]+$/, '')}…`;
}

const rank = (fixed: readonly string[]) => (a: string, b: string) => {
  const ia = fixed.indexOf(a);
  const ib = fixed.indexOf(b);
  if (ia !== -1 || ib !== -1) return (ia === -1 ? fixed.length : ia) - (ib === -1 ? fixed.length : ib);
  return a.localeCompare(b);
};

/**
 * The catalogue in three levels. Categories and subcategories without a
 * service are left out (nothing to pick there); services keep the
 * catalogue's order within a subcategory, by name.
 */
export function groupCatalogue(entries: readonly CatalogueEntry[]): OnboardingCategory[] {
  const tree = new Map<string, Map<string, OnboardingService[]>>();
  for (const entry of [...entries].sort((a, b) => a.name.localeCompare(b.name))) {
    const category = entry.category.trim() || ONBOARDING_DEFAULT_CATEGORY;
    const subcategory = entry.subcategory.trim() || ONBOARDING_DEFAULT_SUBCATEGORY;
    const subcategories = tree.get(category) ?? new Map<string, OnboardingService[]>();
    tree.set(category, subcategories);
    const services = subcategories.get(subcategory) ?? [];
    subcategories.set(subcategory, services);
    services.push({ id: entry.id, name: entry.name, description: cutDescription(entry.description), offer: entry.offer?.trim() || null });
  }
  return [...tree.keys()].sort(rank(FIXED_CATEGORIES)).map((name) => {
    const subcategories = [...tree.get(name)!.entries()]
      .sort(([a], [b]) => rank(FIXED_SUBCATEGORIES)(a, b))
      .map(([sub, services]) => ({ name: sub, services }));
    return {
      name,
      description: CATEGORY_DESCRIPTIONS[name] ?? null,
      subcategories,
      serviceCount: subcategories.reduce((sum, s) => sum + s.services.length, 0),
    };
  });
}

/** How many of the chosen services a card holds (the count the spec shows on each level). */
export function selectedIn(selected: ReadonlySet<number>, services: readonly OnboardingService[]): number {
  return services.reduce((sum, s) => sum + (selected.has(s.id) ? 1 : 0), 0);
}

export const servicesOf = (category: OnboardingCategory): OnboardingService[] => category.subcategories.flatMap((s) => s.services);

/** A count as a card says it: '1 service', '3 services'. */
export const serviceCountLabel = (count: number): string => `${count} ${count === 1 ? 'service' : 'services'}`;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message per detail field of the server's issues (`[{ path: 'email', message }]`, contracts envelope.ts). */
export function detailErrorsFrom(issues: readonly { path: string; message: string }[]): DetailErrors {
  const errors: DetailErrors = {};
  for (const issue of issues) {
    const field = DETAIL_FIELDS.find((f) => f === issue.path.split('.')[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
