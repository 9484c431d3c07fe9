import FindMyWay, { type HTTPVersion } from 'find-my-way';
import { routeTable, type HttpMethod, type RouteContract } from '@hap/contracts';

const METHODS: ReadonlySet<string> = new Set<HttpMethod>(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);

/** Rows a caller outside may reach: `internal` rows are only called service to service. */
export const routableRows = (rows: readonly RouteContract[] = routeTable) => rows.filter((row) => row.access !== 'internal');

/**
 * The contracts' route table as a find-my-way router, with the same matching
 * rules as Fastify's own router (case-sensitive, no trailing-slash folding).
 * HEAD is looked up as GET, as Fastify answers HEAD for every GET route.
 * `internal` rows are left out: the gateway never routes them (404).
 */
export function createRouteMatcher(rows: readonly RouteContract[] = routeTable) {
  const router = FindMyWay<HTTPVersion.V1>({ caseSensitive: true, ignoreTrailingSlash: false });
  const noop = () => undefined;
  for (const row of routableRows(rows)) router.on(row.method, row.path, noop, row);

  return (method: string, url: string): RouteContract | null => {
    const lookup = method === 'HEAD' ? 'GET' : method;
    if (!METHODS.has(lookup)) return null;
    const found = router.find(lookup as HttpMethod, url);
    return found ? (found.store as RouteContract) : null;
  };
}

export type RouteMatcher = ReturnType<typeof createRouteMatcher>;

/** The services the gateway routes to: owners of a public or admin row. */
export const routedServices = (rows: readonly RouteContract[] = routeTable) => [
  ...new Set(routableRows(rows).flatMap((row) => (row.owner === 'gateway' ? [] : [row.owner]))),
];
