import type { BeforeAfterStory, ServiceTemplate } from '@hap/contracts';

/** The editor's JSON text areas (admin spec §2.12), in the order shown. */
export const JSON_FIELDS = [
  { key: 'benefits', label: 'Benefits (JSON)' },
  { key: 'process', label: 'Process Steps (JSON)' },
  { key: 'symptoms', label: 'Symptoms (JSON)' },
  { key: 'faqs', label: 'FAQs (JSON)' },
  { key: 'testimonials', label: 'Testimonials (JSON)' },
] as const;
export type JsonFieldKey = (typeof JSON_FIELDS)[number]['key'];

/** admin spec §5: the one message of a JSON field that does not parse. */
export const INVALID_JSON = 'Invalid JSON format in one of the fields. Please check your formatting.';

export interface TemplateDraft {
  name: string;
  slug: string;
  headline: string;
  description: string;
  heroImage: string | null;
  offer: string;
  metaDescription: string;
  json: Record<JsonFieldKey, string>;
  stories: BeforeAfterStory[];
}

export function draftOf(template: ServiceTemplate): TemplateDraft {
  return {
    name: template.name,
    slug: template.slug,
    headline: template.headline ?? '',
    description: template.description,
    heroImage: template.heroImage,
    offer: template.offer ?? '',
    metaDescription: template.metaDescription ?? '',
    json: Object.fromEntries(JSON_FIELDS.map(({ key }) => [key, JSON.stringify(template[key], null, 2)])) as Record<JsonFieldKey, string>,
    stories: template.beforeAfterImages.map((s) => ({ ...s })),
  };
}

export const emptyStory = (): BeforeAfterStory => ({ title: '', beforeImage: null, afterImage: null, beforeDescription: '', afterDescription: '', timeframe: '' });

/**
 * The PATCH body of a draft: each JSON field parsed (an empty field is an
 * empty list), or the spec's error when one does not parse.
 */
export function bodyOf(draft: TemplateDraft): { ok: true; body: Record<string, unknown> } | { ok: false; error: string } {
  const lists: Record<string, unknown> = {};
  for (const { key } of JSON_FIELDS) {
    const text = draft.json[key].trim();
    if (!text) {
      lists[key] = [];
      continue;
    }
    try {
      lists[key] = JSON.parse(text) as unknown;
    } catch {
      return { ok: false, error: INVALID_JSON };
    }
  }
  return {
    ok: true,
    body: {
      name: draft.name,
      slug: draft.slug,
      headline: draft.headline,
      description: draft.description,
      heroImage: draft.heroImage,
      offer: draft.offer,
      metaDescription: draft.metaDescription,
      ...lists,
      beforeAfterImages: draft.stories,
    },
  };
}
