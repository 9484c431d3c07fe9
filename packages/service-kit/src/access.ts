import type { FastifyRequest } from 'fastify';
import { ErrorCode, Messages } from '@hap/contracts';
import { AppError } from './errors';
import type { Identity } from './identity';

/**
 * Backend processes that may act with an admin's reach. The public shell also
 * signs its calls (as `public-shell`) but renders visitors' input: it is not here.
 */
export const BACKEND_SERVICES: ReadonlySet<string> = new Set(['gateway', 'tenant', 'leads', 'templates', 'ads']);

/** An admin, or one of our backend services acting for one. */
export const isPrivileged = (identity: Identity): boolean =>
  identity.kind === 'admin' || (identity.kind === 'service' && BACKEND_SERVICES.has(identity.service ?? ''));

/** The caller is the named backend service (e.g. only the gateway checks passwords). */
export const isService = (identity: Identity, service: string): boolean =>
  identity.kind === 'service' && identity.service === service;

/** Throws 401 unless the signed caller is an admin or a backend service. */
export function requireAdmin(identity: Identity): void {
  if (isPrivileged(identity)) return;
  throw new AppError(401, ErrorCode.UNAUTHENTICATED, Messages.unauthenticated);
}

/** Who is asking, and under which request id (for the audit trail and logs). */
export interface Actor {
  identity: Identity;
  requestId: string;
}

export const actorOf = (request: FastifyRequest): Actor => ({ identity: request.identity, requestId: request.id });

/** Defence in depth: the gateway already refuses non-admins on admin routes. */
export const assertAdmin = (actor: Actor): void => requireAdmin(actor.identity);
