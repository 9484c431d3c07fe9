/** A template as the catalogue lists it: its numeric id and its slug. */
export interface TemplateRef {
  id: number;
  slug: string;
}

/**
 * One of the client's active templates. Older data names a template by its
 * slug where an id is expected, so `templateId` may be a number, numeric
 * text or a slug.
 */
export interface ActiveTemplateRef {
  templateId?: number | string | null;
  slug?: string | null;
}

const normalise = (value: number | string | null | undefined): string => (value === null || value === undefined ? '' : String(value).trim().toLowerCase());

/**
 * docs/admin.md#services: a template counts as active for the client when its id or
 * its slug appears among the client's active templates (ids numeric or slugs).
 */
export function isTemplateActive(template: TemplateRef, active: readonly ActiveTemplateRef[]): boolean {
  const id = String(template.id);
  const slug = normalise(template.slug);
  return active.some((entry) => {
    const ref = normalise(entry.templateId);
    if (ref !== '' && (ref === id || (slug !== '' && ref === slug))) return true;
    return slug !== '' && normalise(entry.slug) === slug;
  });
}

/** How many of the templates are active for the client. */
export const countActive = (templates: readonly TemplateRef[], active: readonly ActiveTemplateRef[]): number =>
  templates.filter((t) => isTemplateActive(t, active)).length;

/** How long after a toggle the list is read again (docs/admin.md#roles). */
export const REFETCH_AFTER_TOGGLE_MS = 500;

/** The client from `?client=`: a positive whole number, 1 otherwise (docs/admin.md#admin-paths). */
export function clientFromSearch(value: string | null): number {
  return value && /^[1-9]\d*$/.test(value) ? Number(value) : 1;
}
