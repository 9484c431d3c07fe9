import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, Messages, type VerifiedUser } from '@hap/contracts';
import { AppError, forbidden, type RouteHandlers } from '@hap/service-kit';
import type { CurrentSession } from '../../plugins/session';
import type { AuthRoutesOptions } from './auth.routes';
import { DEVICE_COOKIE } from './device-cookie';
import type { Reservation } from './login-throttle';
import type { Challenge } from './mfa-challenges';
import { portalUserOf } from './portal-user';
import { requireRecentSignIn, signedInAtOf } from './recent-sign-in';

type MfaOperations = 'getMfaStatus' | 'setUpMfa' | 'enableMfa' | 'disableMfa' | 'verifyMfa';

export const challengeEnded = () => new AppError(401, ErrorCode.MFA_CHALLENGE_EXPIRED, Messages.mfaChallengeExpired);
export const rateLimited = () => new AppError(429, ErrorCode.RATE_LIMITED, Messages.rateLimitedLogin);

/** The session's user again, at the sign-in version tenant just bumped. */
const sessionUserOf = (user: VerifiedUser) => ({ ...user, mfaSetupRequired: false });

/**
 * Two-factor sign-in's rows. Enrolment for whoever is signed in
 * (admin or clinic user); the second step of both logins. Turning it on or
 * off ends the user's other sessions (tenant bumps the sign-in version) and
 * re-issues this one at the new version. Codes at login and the code or
 * password that turns it off are counted by the login throttle, so they
 * cannot be guessed faster than passwords.
 */
export function mfaHandlers(app: FastifyInstance, options: AuthRoutesOptions): Pick<RouteHandlers<'gateway'>, MfaOperations> {
  const { tenant, throttle, devices, challenges, adminMfaRequired } = options;

  const signedIn = async (request: FastifyRequest): Promise<CurrentSession> => {
    const current = await app.sessions.current(request);
    if (!current) throw new AppError(401, ErrorCode.UNAUTHENTICATED, Messages.unauthenticated);
    return current;
  };
  const requiredFor = ({ session }: CurrentSession) => session.isAdmin && adminMfaRequired;

  /** This session again at the new sign-in version, signed in when it was. */
  const reissue = async (request: FastifyRequest, reply: FastifyReply, { session }: CurrentSession, user: VerifiedUser) => {
    await app.sessions.start(request, reply, { ...sessionUserOf(user), signedInAt: signedInAtOf(session) });
  };

  return {
    async getMfaStatus(_input, request) {
      const current = await signedIn(request);
      const state = await tenant.getMfaState(current.session.userId, request.id);
      return { ...state, required: requiredFor(current) };
    },

    async setUpMfa(_input, request) {
      const { session } = await signedIn(request);
      requireRecentSignIn(session);
      return tenant.createMfaSecret(session.userId, request.id);
    },

    async enableMfa({ body }, request, reply) {
      const current = await signedIn(request);
      const { session } = current;
      requireRecentSignIn(session);
      const { recoveryCodes, user } = await tenant.confirmMfa({ userId: session.userId, code: body.code }, request.id);
      await reissue(request, reply, current, user);
      request.log.info({ userId: user.id }, 'two-factor sign-in turned on');
      return { recoveryCodes };
    },

    async disableMfa({ body }, request, reply) {
      const current = await signedIn(request);
      const { session } = current;
      if (requiredFor(current)) throw forbidden(Messages.mfaRequiredForAdmins);
      // A stolen session must not guess the code or the password faster than a login could.
      const reservation = await throttle.reserve(request.ip, session.email, devices.deviceOf(request.cookies[DEVICE_COOKIE], session.email));
      if (!reservation) throw rateLimited();
      let user: VerifiedUser;
      try {
        ({ user } = await tenant.removeMfa({ userId: session.userId, code: body.code, password: body.code ? undefined : body.password }, request.id));
      } catch (err) {
        // Only a wrong code or password keeps its attempt.
        const wrong = err instanceof AppError && (err.code === ErrorCode.INVALID_CODE || err.code === ErrorCode.INVALID_CREDENTIALS);
        if (!wrong) await throttle.release(reservation).catch(() => undefined);
        throw err;
      }
      await throttle.recordSuccess(reservation);
      await reissue(request, reply, current, user);
      request.log.info({ userId: user.id }, 'two-factor sign-in turned off');
      return { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
    },

    async verifyMfa({ body }, request, reply) {
      const challenge = await challenges.read(body.challenge);
      if (!challenge) throw challengeEnded();
      const device = devices.deviceOf(request.cookies[DEVICE_COOKIE], challenge.email);
      const reservation = await throttle.reserve(request.ip, challenge.email, device);
      if (!reservation) throw rateLimited();
      let user: VerifiedUser | null;
      try {
        user = await tenant.checkMfaCode({ userId: challenge.userId, code: body.code }, request.id);
      } catch (err) {
        await throttle.release(reservation).catch(() => undefined);
        throw err;
      }
      if (!user) {
        await challenges.failed(body.challenge);
        throw new AppError(401, ErrorCode.INVALID_CODE, /^\d{6}$/.test(body.code) ? Messages.mfaInvalidCode : Messages.mfaInvalidRecoveryCode);
      }
      return finishSecondStep(app, options, { id: body.challenge, challenge, reservation }, user, request, reply);
    },
  };
}

/**
 * A login's second factor checked out (a code or a passkey): the challenge is
 * used up (of two requests with it, the one that removes it starts the
 * session), both counted attempts are given back, and the session starts for
 * the login kind the password was given at.
 */
export async function finishSecondStep(
  app: FastifyInstance,
  { throttle, devices, challenges }: AuthRoutesOptions,
  { id, challenge, reservation }: { id: string; challenge: Challenge; reservation: Reservation },
  user: VerifiedUser,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!(await challenges.finish(id))) throw challengeEnded();
  await throttle.recordSuccess(reservation);
  await throttle.recordSuccess(challenge.reservation);
  if (challenge.login === 'admin') {
    if (!user.isAdmin) throw forbidden(Messages.notAdmin);
    await app.sessions.start(request, reply, user);
    reply.setCookie(DEVICE_COOKIE, devices.issue(challenge.email), devices.cookieOptions);
    request.log.info({ userId: user.id }, 'admin logged in with a second factor');
    return { user: { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin } };
  }
  if (user.isAdmin || user.clientId === null || user.role === null) throw forbidden(Messages.adminUsesAdminLogin);
  await app.sessions.start(request, reply, user);
  reply.setCookie(DEVICE_COOKIE, devices.issue(challenge.email), devices.portalCookieOptions);
  request.log.info({ userId: user.id, clientId: user.clientId }, 'clinic user logged in with a second factor');
  return { user: portalUserOf({ ...user, clientId: user.clientId, role: user.role, clientName: user.clientName ?? '' }) };
}
