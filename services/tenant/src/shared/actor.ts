import type { FastifyRequest } from 'fastify';
import { requireAdmin, type Identity } from '@hap/service-kit';

/** Who is asking, and under which request id (for the audit trail and logs). */
export interface Actor {
  identity: Identity;
  requestId: string;
}

export const actorOf = (request: FastifyRequest): Actor => ({ identity: request.identity, requestId: request.id });

/** Admins (and sibling services acting for them) see internal fields. */
export const isPrivileged = (identity: Identity): boolean => identity.kind === 'admin' || identity.kind === 'service';

/** Defence in depth: the gateway already refuses non-admins on admin routes. */
export const assertAdmin = (actor: Actor): void => requireAdmin(actor.identity);
