import { DEFAULT_SERVICE_DESCRIPTION, type ClientServiceSummary } from '@hap/contracts';
import type { HomeService } from '../state/page-state';

const filled = (value: string | number | null | undefined): string | null => {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text || null;
};

/** Slug first, then a path that is not a bare template id (public spec §4, link choice order). */
function slugOf(service: ClientServiceSummary): string | null {
  const slug = filled(service.template_slug);
  if (slug) return slug;
  const path = filled(service.path);
  return path && !/^\d+$/.test(path) ? path : null;
}

/**
 * Home-page cards from a client's services: active ones only, de-duplicated
 * by slug (a later duplicate wins only when it has a description). Variant A
 * links to `/{slug}`, with `?client=` only on development hosts (public spec §2).
 */
export function toHomeServices(services: ClientServiceSummary[], clientId: number, linkClientParam: boolean): HomeService[] {
  const bySlug = new Map<string, HomeService>();
  for (const service of services) {
    if (!service.isActive) continue;
    const name = filled(service.name) ?? filled(service.customTitle);
    const slug = slugOf(service);
    if (!name || !slug) continue;
    const path = `/${slug.replace(/^\/+/, '')}`;
    const card: HomeService = {
      key: slug,
      name,
      description: filled(service.description) ?? filled(service.customDescription) ?? DEFAULT_SERVICE_DESCRIPTION,
      href: linkClientParam ? `${path}?client=${clientId}` : path,
    };
    const earlier = bySlug.get(slug);
    if (!earlier || earlier.description === DEFAULT_SERVICE_DESCRIPTION) bySlug.set(slug, card);
  }
  return [...bySlug.values()];
}
