import { type RouteContract, type RouteOwner } from './route-contract';
import { sessionRoutes } from './session-routes';
import { tenantRoutes } from './tenant/routes';
import { templatesRoutes } from './templates/routes';
import { leadsRoutes as leadsCoreRoutes } from './leads/routes';
import { messageRoutes } from './leads/message-routes';
import { adsRoutes } from './ads/routes';

/** Every route leads owns: its core rows and speed to lead's. */
const leadsRoutes = { ...leadsCoreRoutes, ...messageRoutes } as const;

/*
 * Each owner's rows live next to its schemas (session-routes.ts is the
 * gateway's own); this file only assembles the table. Spread order is the
 * table's order, which the gateway's router and the OpenAPI document follow.
 */
export { sessionRoutes, tenantRoutes, templatesRoutes, leadsRoutes, adsRoutes };

/**
 * Every route contract by operation. Rows of the specs' call tables that no
 * service answers yet arrive with the issue that builds them, so a path here
 * is always one that works.
 */
export const routes = { ...sessionRoutes, ...tenantRoutes, ...templatesRoutes, ...leadsRoutes, ...adsRoutes } as const;
export type Routes = typeof routes;
export type OperationName = keyof Routes;

/** The route table: every contract as a list (the gateway's router and the OpenAPI document). */
export const routeTable: readonly RouteContract[] = Object.values(routes);

/** Operations whose owner is `owner`. */
export type OperationsOf<O extends RouteOwner> = {
  [K in OperationName]: Routes[K]['owner'] extends O ? K : never;
}[OperationName];

/** The contracts a service (or the gateway) answers. */
export const routesOf = (owner: RouteOwner): RouteContract[] => routeTable.filter((route) => route.owner === owner);

/** Default local ports; each is overridable by the owner's `*_URL` / `PORT` variables. */
export const DEFAULT_PORTS = {
  gateway: 8080,
  publicShell: 4100,
  tenant: 4101,
  leads: 4102,
  templates: 4103,
  ads: 4104,
} as const;
