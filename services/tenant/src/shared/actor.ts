import type { FastifyRequest } from 'fastify';
import { isPrivileged, requireAdmin, type Identity } from '@hap/service-kit';

/** Who is asking, and under which request id (for the audit trail and logs). */
export interface Actor {
  identity: Identity;
  requestId: string;
}

export const actorOf = (request: FastifyRequest): Actor => ({ identity: request.identity, requestId: request.id });

/** Admins (and backend services acting for them) see internal fields. */
export { isPrivileged };

/** Defence in depth: the gateway already refuses non-admins on admin routes. */
export const assertAdmin = (actor: Actor): void => requireAdmin(actor.identity);
