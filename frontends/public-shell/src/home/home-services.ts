import type { HomeService } from '../state/page-state';

/** public spec §4: the description a service card shows when it has none. */
const DEFAULT_DESCRIPTION = 'Learn more about this specialized service.';

function text(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

/** Slug first, then a path that is not a bare template id (public spec §4, link choice order). */
function slugOf(record: Record<string, unknown>): string | null {
  const slug = text(record, 'template_slug') ?? text(record, 'templateSlug');
  if (slug) return slug;
  const path = text(record, 'path');
  return path && !/^\d+$/.test(path) ? path : null;
}

/**
 * Turns `GET /api/client-services/{id}` into home-page cards. The templates
 * service's contract for this answer is not in @hap/contracts yet, so the body
 * is read defensively with the spec's field names; anything unreadable means
 * "no services" and the page shows its empty state. Active services only,
 * de-duplicated by slug. Variant A links to `/{slug}`, with `?client=` only on
 * development hosts (public spec §2).
 */
export function toHomeServices(answer: unknown, clientId: number, linkClientParam: boolean): HomeService[] {
  const data = answer && typeof answer === 'object' ? (answer as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) return [];

  const bySlug = new Map<string, HomeService>();
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    if (record.isActive === false) continue;
    const name = text(record, 'name') ?? text(record, 'customTitle');
    const slug = slugOf(record);
    if (!name || !slug) continue;
    const path = `/${slug.replace(/^\/+/, '')}`;
    const service: HomeService = {
      key: slug,
      name,
      description: text(record, 'description') ?? text(record, 'customDescription') ?? DEFAULT_DESCRIPTION,
      href: linkClientParam ? `${path}?client=${clientId}` : path,
    };
    const earlier = bySlug.get(slug);
    if (!earlier || earlier.description === DEFAULT_DESCRIPTION) bySlug.set(slug, service);
  }
  return [...bySlug.values()];
}
