import FindMyWay, { type HTTPVersion } from 'find-my-way';
import { routeTable, type RouteRow } from '@hap/contracts';

/**
 * The contracts' route table as a find-my-way router, with the same matching
 * rules as Fastify's own router (case-sensitive, no trailing-slash folding).
 * HEAD is looked up as GET, as Fastify answers HEAD for every GET route.
 */
export function createRouteMatcher(rows: readonly RouteRow[] = routeTable) {
  const router = FindMyWay<HTTPVersion.V1>({ caseSensitive: true, ignoreTrailingSlash: false });
  const noop = () => undefined;
  for (const row of rows) router.on(row.method, row.path, noop, row);

  return (method: string, url: string): RouteRow | null => {
    const lookup = method === 'HEAD' ? 'GET' : method;
    if (!['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(lookup)) return null;
    const found = router.find(lookup as RouteRow['method'], url);
    return found ? (found.store as RouteRow) : null;
  };
}

export type RouteMatcher = ReturnType<typeof createRouteMatcher>;
