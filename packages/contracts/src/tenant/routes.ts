import { accountRoutes } from './account-routes';
import { clinicRoutes } from './clinic-routes';
import { domainRoutes } from './domain-routes';
import { portalRoutes } from './portal-routes';

export { accountRoutes, clinicRoutes, domainRoutes, portalRoutes };

/** tenant: clients, staff, uploads, domain mappings, client resolution, domains, accounts, the portal; in this order (the table's). */
export const tenantRoutes = { ...clinicRoutes, ...domainRoutes, ...accountRoutes, ...portalRoutes } as const;
