import { LeadListQuerySchema, type LeadListQuery, type LeadStatus } from '@hap/contracts';

/**
 * The inbox's filters, as the URL holds them (`/admin/leads?client=1&status=new&from=2026-11-01…`).
 * No clientId: every clinic's leads (`?client=all`, the 'All clinics' view).
 */
export interface LeadFilters {
  clientId?: number;
  serviceId?: number;
  status?: LeadStatus;
  /** Days as the admin picks them (YYYY-MM-DD, their own time zone). */
  from?: string;
  to?: string;
  q?: string;
  /** Only leads with a delivery that exhausted its tries. */
  delivery?: 'failed';
  /** A clinic user's leads, or `none`: nobody's (docs/leads.md#assignment); `me` is the portal's. */
  assigneeId?: number | 'none' | 'me';
}

/** `?client=all`: the 'All clinics' view. */
export const ALL_CLINICS = 'all';

/** URL parameter → query field. */
const URL_NAMES = { client: 'clientId', service: 'serviceId', status: 'status', from: 'from', to: 'to', q: 'q', delivery: 'delivery', assignee: 'assigneeId', page: 'page' } as const;

/**
 * The filters and page in a URL, read with the API's own schema; a value the
 * schema refuses (a hand-edited URL) is dropped rather than breaking the page.
 */
export function filtersFromSearch(search: URLSearchParams, defaultClientId: number): { filters: LeadFilters; page: number } {
  const allClinics = search.get('client') === ALL_CLINICS;
  const fallback: Record<string, string> = allClinics ? {} : { clientId: String(defaultClientId) };
  const raw: Record<string, string> = { ...fallback };
  for (const [param, field] of Object.entries(URL_NAMES)) {
    const value = search.get(param);
    if (value !== null && value !== '' && !(field === 'clientId' && allClinics)) raw[field] = value;
  }
  let parsed = LeadListQuerySchema.safeParse(raw);
  for (let i = 0; !parsed.success && i < 3; i++) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0] ?? '')];
    Object.assign(raw, { ...fallback, ...raw });
    parsed = LeadListQuerySchema.safeParse(raw);
  }
  const query: LeadListQuery = parsed.success ? parsed.data : { ...(allClinics ? {} : { clientId: defaultClientId }), page: 1, pageSize: 25 };
  const { page, pageSize: _pageSize, ...filters } = query;
  return { filters, page };
}

/** The URL of these filters and page (page 1 and empty filters left out). */
export function searchFromFilters(filters: LeadFilters, page = 1): URLSearchParams {
  const search = new URLSearchParams({ client: filters.clientId === undefined ? ALL_CLINICS : String(filters.clientId) });
  if (filters.serviceId !== undefined) search.set('service', String(filters.serviceId));
  if (filters.status) search.set('status', filters.status);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (filters.q) search.set('q', filters.q);
  if (filters.delivery) search.set('delivery', filters.delivery);
  if (filters.assigneeId !== undefined) search.set('assignee', String(filters.assigneeId));
  if (page > 1) search.set('page', String(page));
  return search;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Local midnight of a YYYY-MM-DD day, `plusDays` later. */
function localMidnight(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + plusDays);
}

/**
 * The admin's days as the API's bounds: `from` their local midnight, `to`
 * the local midnight after that day (exclusive), so "today" means today where
 * the admin is, not in UTC.
 */
export function apiDateBounds(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  return {
    from: from && isDay(from) ? localMidnight(from).toISOString() : from,
    to: to && isDay(to) ? localMidnight(to, 1).toISOString() : to,
  };
}

/** How a day reads in the table and the detail: 'Nov 3, 2026, 4:30 PM' in the admin's locale. */
export const formatDateTime = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
