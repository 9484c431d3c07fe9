import type { ServiceTemplate } from '@hap/contracts';

/** The category filter's "every category" value (docs/admin.md#templates: All Categories). */
export const ALL_CATEGORIES = 'all';

/**
 * docs/admin.md#templates Browse: the search matches name, slug, description and
 * category name (case-insensitive, any part); the filter keeps one category.
 */
export function filterTemplates(templates: readonly ServiceTemplate[], search: string, category: string): ServiceTemplate[] {
  const needle = search.trim().toLowerCase();
  return templates.filter(
    (t) =>
      (category === ALL_CATEGORIES || t.category === category) &&
      (!needle || [t.name, t.slug, t.description, t.category].some((field) => field.toLowerCase().includes(needle))),
  );
}

/** The category names to filter by, once each, sorted. */
export const categoriesOf = (templates: readonly ServiceTemplate[]): string[] => [...new Set(templates.map((t) => t.category))].sort((a, b) => a.localeCompare(b));

/**
 * docs/admin.md#templates: Preview opens the template's page for client 1, as the
 * preview variant (docs/public-site.md#page-styles): with the admin's session it shows a template
 * client 1 has not activated, or has made inactive, too.
 */
export const templatePreviewUrl = (slug: string) => `/${slug}?client=1&preview=1`;
