import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminLoginResultSchema, AdminLoginSchema, AuthStatusSchema, ErrorCode, Messages, successEnvelope } from '@hap/contracts';
import { AppError, forbidden } from '@hap/service-kit';
import { sessionIdOf } from '../../plugins/session';
import type { TenantClient, VerifyCredentialsResult } from '../../clients/tenant.client';
import type { LoginThrottle } from './login-throttle';

export interface AuthRoutesOptions {
  tenant: TenantClient;
  throttle: LoginThrottle;
}

const LoginResponseSchema = successEnvelope(AdminLoginResultSchema);
const LogoutResponseSchema = successEnvelope(z.null());

const unauthenticated = () => new AppError(401, ErrorCode.UNAUTHENTICATED, Messages.unauthenticated);

/**
 * The gateway's own rows of the route table (admin spec §6–7): tenant checks
 * the password, the session lives here.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { tenant, throttle }) => {
  app.post(
    '/api/admin/login',
    { schema: { body: AdminLoginSchema, response: { 200: LoginResponseSchema } } },
    async (request, reply) => {
      const { email } = request.body;
      // Counted before the (slow) password check, in one atomic step with the limit check:
      // simultaneous guesses cannot all pass the check before any of them is counted.
      if (!(await throttle.reserve(request.ip, email))) {
        throw new AppError(429, ErrorCode.RATE_LIMITED, Messages.rateLimitedLogin);
      }
      let result: VerifyCredentialsResult;
      try {
        result = await tenant.verifyCredentials(request.body, request.id);
      } catch (err) {
        // Tenant did not decide (down, hung): the attempt is given back.
        await throttle.release(request.ip, email).catch((releaseErr: unknown) => {
          request.log.warn({ err: releaseErr }, 'could not give back a login attempt');
        });
        throw err;
      }
      // A wrong password, and a right one without admin access, keep their attempt counted.
      if (!result.ok) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, Messages.invalidCredentials);
      if (!result.user.isAdmin) throw forbidden(Messages.notAdmin);
      await throttle.recordSuccess(request.ip, email);
      await app.sessions.start(request, reply, result.user);
      request.log.info({ userId: result.user.id }, 'admin logged in');
      return { success: true as const, data: { user: result.user } };
    },
  );

  app.post('/api/admin/logout', { schema: { response: { 200: LogoutResponseSchema } } }, async (request, reply) => {
    await app.sessions.end(request, reply);
    return { success: true as const, data: null };
  });

  app.get('/api/admin/auth-status', { schema: { response: { 200: AuthStatusSchema } } }, async (request, reply) => {
    const current = await app.sessions.current(request);
    if (!current) {
      // A stale cookie is dropped so the browser stops sending it.
      if (sessionIdOf(request)) await app.sessions.end(request, reply);
      throw unauthenticated();
    }
    const { session } = current;
    return {
      success: true as const,
      user: { id: session.userId, email: session.email, name: session.name, isAdmin: session.isAdmin },
    };
  });
};
