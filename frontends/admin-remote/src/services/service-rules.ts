import { clinicPageUrl, type ServiceListItem } from '@hap/contracts';

/** The Active / Inactive / All switch of Services Management (docs/admin.md#services, default Active). */
export type ServiceFilter = 'active' | 'inactive' | 'all';

export const SERVICE_FILTERS: ReadonlyArray<{ id: ServiceFilter; label: string }> = [
  { id: 'active', label: 'Active' },
  { id: 'inactive', label: 'Inactive' },
  { id: 'all', label: 'All' },
];

/** The services a tab and a search show: the search looks at the name and the path, in any case. */
export function visibleServices(services: readonly ServiceListItem[], filter: ServiceFilter, search: string): ServiceListItem[] {
  const needle = search.trim().toLowerCase();
  return services.filter(
    (s) =>
      (filter === 'all' || s.isActive === (filter === 'active')) &&
      (!needle || s.name.toLowerCase().includes(needle) || s.path.toLowerCase().includes(needle)),
  );
}

/**
 * Where a service's public page is (docs/admin.md#services, the open-live-page
 * button): on the clinic's live domain (`siteDomain`: active, proved by DNS)
 * when it has one, else on this site with `?client=` (docs/public-site.md#choosing-the-clinic: an
 * unmapped host picks the clinic by the query), as ads' landing URLs
 * (contracts clinicPageUrl). Never a domain that was typed but not proved.
 */
export function liveServiceUrl(client: { id: number; siteDomain: string | null }, path: string): string {
  return clinicPageUrl({ clientId: client.id, domain: client.siteDomain }, path);
}

/** The client a URL names with `?client=`: a positive whole number, else none. */
export function clientIdFromQuery(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
