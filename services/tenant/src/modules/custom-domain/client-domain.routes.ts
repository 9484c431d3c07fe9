import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { ClientDomainService } from './client-domain.service';

type ClientDomainOperations =
  | 'listClientDomains'
  | 'addClientDomain'
  | 'verifyClientDomain'
  | 'deleteClientDomain'
  | 'listPortalDomains'
  | 'addPortalDomain'
  | 'verifyPortalDomain'
  | 'deletePortalDomain'
  | 'askDomain'
  | 'reportDomainCertificate';

/** A clinic's own domains: admin rows by client id, the portal's for the identity's clinic, the edge's internal rows. */
export const clientDomainHandlers = (domains: ClientDomainService): Pick<RouteHandlers<'tenant'>, ClientDomainOperations> => ({
  listClientDomains: ({ params }, request) => domains.listFor(actorOf(request), params.id),
  addClientDomain: ({ params, body }, request) => domains.addFor(actorOf(request), params.id, body.domain),
  verifyClientDomain: ({ params }, request) => domains.verifyFor(actorOf(request), params.id, params.domain),
  deleteClientDomain: ({ params }, request) => domains.removeFor(actorOf(request), params.id, params.domain),
  listPortalDomains: (_input, request) => domains.listOwn(actorOf(request)),
  addPortalDomain: ({ body }, request) => domains.addOwn(actorOf(request), body.domain),
  verifyPortalDomain: ({ params }, request) => domains.verifyOwn(actorOf(request), params.domain),
  deletePortalDomain: ({ params }, request) => domains.removeOwn(actorOf(request), params.domain),
  askDomain: ({ query }) => domains.ask(query.domain),
  reportDomainCertificate: ({ body }, request) => domains.reportCertificate(actorOf(request), body.domain),
});
