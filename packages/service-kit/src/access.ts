import type { FastifyRequest } from 'fastify';
import { clinicRoleRefusal, clinicRolesOf, ErrorCode, Messages, type ClinicRole } from '@hap/contracts';
import { AppError, forbidden } from './errors';
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

/** Throws 401 unless the signed caller is an admin or a backend service (403 for a clinic user: signed in, not allowed). */
export function requireAdmin(identity: Identity): void {
  if (isPrivileged(identity)) return;
  if (identity.kind === 'clinic') throw forbidden(Messages.notAdmin);
  throw new AppError(401, ErrorCode.UNAUTHENTICATED, Messages.unauthenticated);
}

/** A clinic user as a clinic route sees them: the clinic comes from the signed identity only. */
export interface ClinicUser {
  userId: number;
  email: string;
  name: string | null;
  clientId: number;
  role: ClinicRole;
}

/** The signed clinic user, or 401 (nobody) / 403 (signed in, but not as a clinic user). */
export function requireClinicUser(identity: Identity): ClinicUser {
  if (identity.kind === 'clinic' && identity.userId && identity.clientId && identity.role && identity.email) {
    return { userId: identity.userId, email: identity.email, name: identity.name ?? null, clientId: identity.clientId, role: identity.role };
  }
  if (identity.kind === 'admin' || identity.kind === 'service') throw forbidden(Messages.notClinicUser);
  throw new AppError(401, ErrorCode.UNAUTHENTICATED, Messages.portalUnauthenticated);
}

/** An owner of their clinic, or 403 for other roles (user management, the clinic's profile). */
export function requireClinicOwner(identity: Identity): ClinicUser {
  const user = requireClinicUser(identity);
  if (user.role !== 'owner') throw forbidden(Messages.notClinicOwner);
  return user;
}

/**
 * The signed clinic user if their role may use `route` (clinicRolesOf), else
 * 403 in the row's words: the gateway refuses it first, a service checks again.
 */
export function requireClinicRole(identity: Identity, route: { method: string; clinicRoles?: readonly ClinicRole[] }): ClinicUser {
  const user = requireClinicUser(identity);
  const roles = clinicRolesOf(route);
  if (!roles.includes(user.role)) throw forbidden(clinicRoleRefusal(roles));
  return user;
}

/** Who is asking, and under which request id (for the audit trail and logs). */
export interface Actor {
  identity: Identity;
  requestId: string;
}

export const actorOf = (request: FastifyRequest): Actor => ({ identity: request.identity, requestId: request.id });

/** Defence in depth: the gateway already refuses non-admins on admin routes. */
export const assertAdmin = (actor: Actor): void => requireAdmin(actor.identity);

/** Defence in depth: the gateway already refuses everyone but clinic users on clinic routes. */
export const assertClinicUser = (actor: Actor): ClinicUser => requireClinicUser(actor.identity);
