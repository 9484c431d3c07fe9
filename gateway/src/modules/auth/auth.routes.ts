import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, Messages, type AdminLogin } from '@hap/contracts';
import { AppError, forbidden, registerRoutes, type RouteHandlers } from '@hap/service-kit';
import { sessionIdOf } from '../../plugins/session';
import type { TenantClient, VerifyCredentialsResult } from '../../clients/tenant.client';
import { DEVICE_COOKIE, type DeviceCookies } from './device-cookie';
import type { LoginThrottle, Reservation } from './login-throttle';
import type { MfaChallenges } from './mfa-challenges';
import { mfaHandlers } from './mfa.routes';
import type { PasskeyCeremonies } from './passkey-ceremonies';
import { passkeyHandlers } from './passkey.routes';
import { portalUserOf } from './portal-user';

export interface AuthRoutesOptions {
  tenant: TenantClient;
  throttle: LoginThrottle;
  devices: DeviceCookies;
  challenges: MfaChallenges;
  ceremonies: PasskeyCeremonies;
  /** Admins must turn on two-factor sign-in before anything else (production, REQUIRE_ADMIN_MFA). */
  adminMfaRequired: boolean;
}

const unauthenticated = (message: string = Messages.unauthenticated) => new AppError(401, ErrorCode.UNAUTHENTICATED, message);
const invalidCredentials = () => new AppError(401, ErrorCode.INVALID_CREDENTIALS, Messages.invalidCredentials);


/**
 * A login attempt, counted before the (slow) password check in one atomic step
 * with the limit check: simultaneous guesses cannot all pass the check before
 * any of them is counted. A browser this account logged in from before is
 * counted apart (device-cookie.ts). Admin and portal logins alike.
 */
export async function checkLogin(
  { tenant, throttle, devices }: AuthRoutesOptions,
  request: FastifyRequest,
  body: AdminLogin,
): Promise<{ result: VerifyCredentialsResult; reservation: Reservation }> {
  const reservation = await throttle.reserve(request.ip, body.email, devices.deviceOf(request.cookies[DEVICE_COOKIE], body.email));
  if (!reservation) {
    throw new AppError(429, ErrorCode.RATE_LIMITED, Messages.rateLimitedLogin);
  }
  try {
    return { result: await tenant.verifyCredentials(body, request.id), reservation };
  } catch (err) {
    // Tenant did not decide (down, hung): the attempt is given back.
    await throttle.release(reservation).catch((releaseErr: unknown) => {
      request.log.warn({ err: releaseErr }, 'could not give back a login attempt');
    });
    throw err;
  }
}

/**
 * The gateway's own rows of the route table (docs/admin.md#roles, docs/admin.md#calls): tenant checks
 * the password, the session lives here.
 */
export function authHandlers(app: FastifyInstance, options: AuthRoutesOptions): RouteHandlers<'gateway'> {
  const { tenant, throttle, devices, challenges } = options;
  /** The request's session; without one, a stale cookie is dropped (so the browser stops sending it) and the call is unauthenticated. */
  const currentSession = async (request: FastifyRequest, reply: FastifyReply, message?: string) => {
    const current = await app.sessions.current(request);
    if (current) return current.session;
    if (sessionIdOf(request)) await app.sessions.end(request, reply);
    throw unauthenticated(message);
  };
  const logout = async (_input: unknown, request: FastifyRequest, reply: FastifyReply) => {
    await app.sessions.end(request, reply);
    return null;
  };
  return {
    ...mfaHandlers(app, options),
    ...passkeyHandlers(app, options),

    async adminLogin({ body }, request, reply) {
      const { email } = body;
      const { result, reservation } = await checkLogin(options, request, body);
      // A wrong password, and a right one without admin access, keep their attempt counted.
      if (!result.ok) throw invalidCredentials();
      if (!result.user.isAdmin) throw forbidden(Messages.notAdmin);
      // Two-factor sign-in on: no session yet; the attempt stays counted until a code finishes it.
      if (result.user.mfaEnabled) {
        const challenge = await challenges.create({ userId: result.user.id, email, login: 'admin', reservation });
        return { mfaRequired: true as const, challenge, methods: result.user.mfaMethods };
      }
      await throttle.recordSuccess(reservation);
      const mfaSetupRequired = options.adminMfaRequired;
      await app.sessions.start(request, reply, { ...result.user, mfaSetupRequired });
      // Every successful login leaves a fresh device cookie (OWASP's device cookies).
      reply.setCookie(DEVICE_COOKIE, devices.issue(email), devices.cookieOptions);
      request.log.info({ userId: result.user.id }, 'admin logged in');
      const { id, name, isAdmin } = result.user;
      return { user: { id, email: result.user.email, name, isAdmin }, ...(mfaSetupRequired && { mfaSetupRequired }) };
    },

    async portalLogin({ body }, request, reply) {
      const { email } = body;
      const { result, reservation } = await checkLogin(options, request, body);
      // A disabled user is refused by tenant exactly like a wrong password: nothing tells them apart.
      if (!result.ok) throw invalidCredentials();
      const { user } = result;
      if (user.isAdmin) throw forbidden(Messages.adminUsesAdminLogin);
      if (user.clientId === null || user.role === null) throw invalidCredentials();
      if (user.mfaEnabled) {
        const challenge = await challenges.create({ userId: user.id, email, login: 'portal', reservation });
        return { mfaRequired: true as const, challenge, methods: user.mfaMethods };
      }
      await throttle.recordSuccess(reservation);
      await app.sessions.start(request, reply, user);
      reply.setCookie(DEVICE_COOKIE, devices.issue(email), devices.portalCookieOptions);
      request.log.info({ userId: user.id, clientId: user.clientId }, 'clinic user logged in');
      return { user: portalUserOf({ ...user, clientId: user.clientId, role: user.role, clientName: user.clientName ?? '' }) };
    },

    async acceptInvite({ body }, request, reply) {
      const user = await tenant.acceptInvitation(body, request.id);
      if (user.clientId === null || user.role === null) throw unauthenticated(Messages.portalUnauthenticated);
      await app.sessions.start(request, reply, user);
      request.log.info({ userId: user.id, clientId: user.clientId }, 'clinic user accepted their invitation');
      return { user: portalUserOf({ ...user, clientId: user.clientId, role: user.role, clientName: user.clientName ?? '' }) };
    },

    portalLogout: logout,

    async portalAuthStatus(_input, request, reply) {
      const session = await currentSession(request, reply, Messages.portalUnauthenticated);
      // An admin's session opens the admin, not the portal.
      if (session.isAdmin || !session.clientId || !session.role) throw unauthenticated(Messages.portalUnauthenticated);
      return {
        success: true as const,
        user: portalUserOf({ id: session.userId, email: session.email, name: session.name, clientId: session.clientId, clientName: session.clientName ?? '', role: session.role }),
      };
    },

    adminLogout: logout,

    async adminAuthStatus(_input, request, reply) {
      const session = await currentSession(request, reply);
      // A clinic user's session opens the portal, not the admin: the admin screen asks for an admin login.
      if (!session.isAdmin) throw unauthenticated();
      return {
        success: true as const,
        user: { id: session.userId, email: session.email, name: session.name, isAdmin: session.isAdmin },
        ...(session.mfaSetupRequired && { mfaSetupRequired: true }),
      };
    },
  };
}

/** Registers the gateway's rows (`owner: 'gateway'`) from the contracts. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  registerRoutes(app, 'gateway', authHandlers(app, options));
}
