import { ClientListQuerySchema, routes, type Client, type ClientListQuery, type ClientPage } from '@hap/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export const CLIENTS_KEY = ['admin', 'clients'] as const;

export function useClients() {
  return useQuery({
    queryKey: CLIENTS_KEY,
    queryFn: ({ signal }): Promise<Client[]> => api.call(routes.listClients, {}, { signal }),
    // The list changes only through this admin; it is refetched after its own mutations.
    staleTime: 60 * 1000,
  });
}

/** docs/admin.md#clients: clients 1–3 use the main home route, the others the standalone home (one rule with the portal's Pages: contracts). */
export { clientHomepageUrl } from '@hap/contracts';

/**
 * One page of the Clients list: searched, sorted and paged
 * by tenant. Under CLIENTS_KEY, so the dialogs' invalidation refreshes it.
 */
export function useClientPage(query: ClientListQuery) {
  return useQuery({
    queryKey: [...CLIENTS_KEY, 'search', query],
    queryFn: ({ signal }): Promise<ClientPage> =>
      api.call(
        routes.searchClients,
        {
          query: {
            q: query.q,
            sort: query.sort,
            order: query.order,
            page: String(query.page),
            pageSize: String(query.pageSize),
          },
        },
        { signal },
      ),
    // The table keeps its rows while the next page or search loads (no jump to a spinner).
    placeholderData: keepPreviousData,
  });
}

/** URL parameter names of the list's view (`/admin/clients?q=harbor&sort=createdAt&order=desc&page=2`). */
const VIEW_PARAMS = ['q', 'sort', 'order', 'page'] as const;

/**
 * The list's view in the URL, read with the API's own schema; a value the
 * schema refuses (a hand-edited URL) is dropped rather than breaking the page.
 */
export function clientViewFromSearch(search: URLSearchParams): ClientListQuery {
  const raw: Record<string, string> = {};
  for (const name of VIEW_PARAMS) {
    const value = search.get(name);
    if (value !== null && value !== '') raw[name] = value;
  }
  let parsed = ClientListQuerySchema.safeParse(raw);
  for (let i = 0; !parsed.success && i < VIEW_PARAMS.length; i++) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0] ?? '')];
    parsed = ClientListQuerySchema.safeParse(raw);
  }
  return parsed.success ? parsed.data : ClientListQuerySchema.parse({});
}

/**
 * What the search box shows once the URL's q changes to `q`: the URL's words (back, forward), unless the
 * change is the echo of the search the box itself sent (`sent`): the admin may have typed on since, and
 * their newer words stay.
 */
export function searchBoxAfter(q: string | undefined, text: string, sent: string | null): string {
  const words = q ?? '';
  return sent === words || text.trim() === words ? text : words;
}

/** The URL of this view: defaults (name A–Z, page 1, no search) left out. */
export function searchFromClientView(view: Pick<ClientListQuery, 'q' | 'sort' | 'order' | 'page'>): URLSearchParams {
  const search = new URLSearchParams();
  if (view.q) search.set('q', view.q);
  if (view.sort !== 'name') search.set('sort', view.sort);
  if (view.order !== 'asc') search.set('order', view.order);
  if (view.page > 1) search.set('page', String(view.page));
  return search;
}
