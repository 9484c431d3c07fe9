import type { ActiveTemplate } from './catalogue';

/** The template's side of an active template record: what the catalogue says of it, with where it is placed. */
export type ActiveTemplateSource = Pick<ActiveTemplate, 'name' | 'slug' | 'description' | 'offer' | 'heroImage' | 'category' | 'subcategory'> & { id: number };

/** The client's service's side: its id and what it overrides. */
export type ActiveTemplateService = Pick<ActiveTemplate, 'id' | 'customTitle' | 'customDescription' | 'heroBackgroundPath'>;

/**
 * An active template record (docs/public-site.md#what-a-page-shows "Active template record") from the
 * template and the client's service of it: the templates service answers it, the admin writes the
 * same row into its cache when a template is activated.
 */
export function activeTemplateOf(template: ActiveTemplateSource, service: ActiveTemplateService): ActiveTemplate {
  return {
    id: service.id,
    templateId: template.id,
    name: template.name,
    slug: template.slug,
    description: template.description,
    offer: template.offer,
    heroImage: template.heroImage,
    category: template.category,
    subcategory: template.subcategory,
    customTitle: service.customTitle,
    customDescription: service.customDescription,
    heroBackgroundPath: service.heroBackgroundPath,
  };
}
