import type { FastifyInstance } from 'fastify';
import { ErrorCode, Messages } from '@hap/contracts';
import { AppError, forbidden, registerRoutes, type RouteHandlers } from '@hap/service-kit';
import { sessionIdOf } from '../../plugins/session';
import type { TenantClient, VerifyCredentialsResult } from '../../clients/tenant.client';
import { DEVICE_COOKIE, type DeviceCookies } from './device-cookie';
import type { LoginThrottle } from './login-throttle';

export interface AuthRoutesOptions {
  tenant: TenantClient;
  throttle: LoginThrottle;
  devices: DeviceCookies;
}

const unauthenticated = () => new AppError(401, ErrorCode.UNAUTHENTICATED, Messages.unauthenticated);

/**
 * The gateway's own rows of the route table (admin spec §6–7): tenant checks
 * the password, the session lives here.
 */
export function authHandlers(app: FastifyInstance, { tenant, throttle, devices }: AuthRoutesOptions): RouteHandlers<'gateway'> {
  return {
    async adminLogin({ body }, request, reply) {
      const { email } = body;
      // Counted before the (slow) password check, in one atomic step with the limit check:
      // simultaneous guesses cannot all pass the check before any of them is counted.
      // A browser this account logged in from before is counted apart (device-cookie.ts).
      const reservation = await throttle.reserve(request.ip, email, devices.deviceOf(request.cookies[DEVICE_COOKIE], email));
      if (!reservation) {
        throw new AppError(429, ErrorCode.RATE_LIMITED, Messages.rateLimitedLogin);
      }
      let result: VerifyCredentialsResult;
      try {
        result = await tenant.verifyCredentials(body, request.id);
      } catch (err) {
        // Tenant did not decide (down, hung): the attempt is given back.
        await throttle.release(reservation).catch((releaseErr: unknown) => {
          request.log.warn({ err: releaseErr }, 'could not give back a login attempt');
        });
        throw err;
      }
      // A wrong password, and a right one without admin access, keep their attempt counted.
      if (!result.ok) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, Messages.invalidCredentials);
      if (!result.user.isAdmin) throw forbidden(Messages.notAdmin);
      await throttle.recordSuccess(reservation);
      await app.sessions.start(request, reply, result.user);
      // Every successful login leaves a fresh device cookie (OWASP's device cookies).
      reply.setCookie(DEVICE_COOKIE, devices.issue(email), devices.cookieOptions);
      request.log.info({ userId: result.user.id }, 'admin logged in');
      return { user: result.user };
    },

    async adminLogout(_input, request, reply) {
      await app.sessions.end(request, reply);
      return null;
    },

    async adminAuthStatus(_input, request, reply) {
      const current = await app.sessions.current(request);
      if (!current) {
        // A stale cookie is dropped so the browser stops sending it.
        if (sessionIdOf(request)) await app.sessions.end(request, reply);
        throw unauthenticated();
      }
      const { session } = current;
      // A clinic user's session opens the portal, not the admin (issue 26): the admin screen asks for an admin login.
      if (!session.isAdmin) throw unauthenticated();
      return { success: true as const, user: { id: session.userId, email: session.email, name: session.name, isAdmin: session.isAdmin } };
    },
  };
}

/** Registers the gateway's rows (`owner: 'gateway'`) from the contracts. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  registerRoutes(app, 'gateway', authHandlers(app, options));
}
