import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, Messages, type AuthenticationCredential, type PasskeyCheckResult, type VerifiedUser } from '@hap/contracts';
import { AppError, forbidden, type RouteHandlers } from '@hap/service-kit';
import type { CurrentSession } from '../../plugins/session';
import type { AuthRoutesOptions } from './auth.routes';
import { DEVICE_COOKIE } from './device-cookie';
import type { Reservation } from './login-throttle';
import { challengeEnded, finishSecondStep, rateLimited } from './mfa.routes';
import { portalUserOf } from './portal-user';
import { requireRecentSignIn, signedInAtOf } from './recent-sign-in';

type PasskeyOperations =
  | 'listPasskeys'
  | 'passkeyRegistrationOptions'
  | 'addPasskey'
  | 'removePasskey'
  | 'mfaPasskeyOptions'
  | 'verifyMfaPasskey'
  | 'adminPasskeyLoginOptions'
  | 'adminPasskeyLogin'
  | 'portalPasskeyLoginOptions'
  | 'portalPasskeyLogin';

const ceremonyEnded = () => new AppError(401, ErrorCode.MFA_CHALLENGE_EXPIRED, Messages.passkeyCeremonyEnded);
/** tenant's verdict on the passkey itself (401 did not verify, 403 account disabled): the attempt stays counted. */
const isVerdict = (err: unknown) => err instanceof AppError && (err.statusCode === 401 || err.statusCode === 403);

/** The browser's origin, which tenant uses only when none is configured (development). */
const originOf = (request: FastifyRequest) => (typeof request.headers.origin === 'string' ? request.headers.origin : undefined);

/**
 * Passkeys' rows. Adding or removing one ends the user's other
 * sessions (tenant bumps the sign-in version) and re-issues this one. At a
 * login's second step a passkey uses up the same challenge as a code and is
 * counted by the same throttle; a sign-in with the passkey alone is counted
 * against the address and the passkey (the account is not known before it
 * is checked), and the passkey must have verified its user.
 */
export function passkeyHandlers(app: FastifyInstance, options: AuthRoutesOptions): Pick<RouteHandlers<'gateway'>, PasskeyOperations> {
  const { tenant, throttle, devices, challenges, ceremonies, adminMfaRequired } = options;

  const signedIn = async (request: FastifyRequest): Promise<CurrentSession> => {
    const current = await app.sessions.current(request);
    if (!current) throw new AppError(401, ErrorCode.UNAUTHENTICATED, Messages.unauthenticated);
    return current;
  };
  /** This session again at the sign-in version tenant just bumped, signed in when it was. */
  const reissue = async (request: FastifyRequest, reply: FastifyReply, { session }: CurrentSession, user: VerifiedUser) => {
    await app.sessions.start(request, reply, { ...user, mfaSetupRequired: false, signedInAt: signedInAtOf(session) });
  };

  /** tenant's check, with the attempt given back unless tenant decided against the passkey. */
  const check = async (
    reservation: Reservation,
    input: { userId?: number; challenge: string; credential: AuthenticationCredential },
    request: FastifyRequest,
  ): Promise<PasskeyCheckResult> => {
    try {
      return await tenant.checkPasskey({ ...input, origin: originOf(request) }, request.id);
    } catch (err) {
      if (!isVerdict(err)) await throttle.release(reservation).catch(() => undefined);
      throw err;
    }
  };

  const loginOptions = (login: 'admin' | 'portal') => async (_input: unknown, request: FastifyRequest) => {
    const passkeyOptions = await tenant.passkeyAuthenticationOptions({ origin: originOf(request) }, request.id);
    // Nothing is stored for an anonymous caller: the ceremony is the challenge, signed (passkey-ceremonies.ts).
    return { ceremony: ceremonies.startLogin({ challenge: passkeyOptions.challenge, login }), options: passkeyOptions };
  };

  /** A sign-in with the passkey alone: its user, checked and counted. */
  const passwordless = async (login: 'admin' | 'portal', body: { ceremony: string; credential: AuthenticationCredential }, request: FastifyRequest) => {
    const ceremony = ceremonies.readLogin(body.ceremony);
    if (!ceremony || ceremony.login !== login) throw ceremonyEnded();
    const reservation = await throttle.reserve(request.ip, `passkey:${body.credential.id}`);
    if (!reservation) throw rateLimited();
    // Used once, whatever tenant says of the answer; a replay stays counted by the throttle.
    if (!(await ceremonies.useLogin(ceremony))) throw ceremonyEnded();
    const { user } = await check(reservation, { challenge: ceremony.challenge, credential: body.credential }, request);
    return { user, reservation };
  };

  return {
    async listPasskeys(_input, request) {
      const { session } = await signedIn(request);
      return tenant.listPasskeys(session.userId, request.id);
    },

    async passkeyRegistrationOptions(_input, request) {
      const { session } = await signedIn(request);
      requireRecentSignIn(session);
      const passkeyOptions = await tenant.passkeyRegistrationOptions({ userId: session.userId, origin: originOf(request) }, request.id);
      await ceremonies.startRegistration(session.userId, passkeyOptions.challenge);
      return passkeyOptions;
    },

    async addPasskey({ body }, request, reply) {
      const current = await signedIn(request);
      const { session } = current;
      requireRecentSignIn(session);
      const challenge = await ceremonies.takeRegistration(session.userId);
      if (!challenge) throw new AppError(400, ErrorCode.INVALID_CODE, Messages.passkeyCeremonyEnded);
      const { passkey, user } = await tenant.registerPasskey(
        { userId: session.userId, challenge, origin: originOf(request), name: body.name, credential: body.credential },
        request.id,
      );
      await reissue(request, reply, current, user);
      request.log.info({ userId: user.id, passkeyId: passkey.id }, 'passkey added');
      return passkey;
    },

    async removePasskey({ params }, request, reply) {
      const current = await signedIn(request);
      const { session } = current;
      const keepOneFactor = session.isAdmin && adminMfaRequired;
      const { user } = await tenant.removePasskey({ userId: session.userId, passkeyId: params.id, keepOneFactor }, request.id);
      await reissue(request, reply, current, user);
      request.log.info({ userId: user.id, passkeyId: params.id }, 'passkey removed');
      return tenant.listPasskeys(user.id, request.id);
    },

    async mfaPasskeyOptions({ body }, request) {
      const challenge = await challenges.read(body.challenge);
      if (!challenge) throw challengeEnded();
      const passkeyOptions = await tenant.passkeyAuthenticationOptions({ userId: challenge.userId, origin: originOf(request) }, request.id);
      await ceremonies.startSecondFactor(body.challenge, passkeyOptions.challenge);
      return passkeyOptions;
    },

    async verifyMfaPasskey({ body }, request, reply) {
      const challenge = await challenges.read(body.challenge);
      if (!challenge) throw challengeEnded();
      const expected = await ceremonies.takeSecondFactor(body.challenge);
      if (!expected) throw ceremonyEnded();
      const reservation = await throttle.reserve(request.ip, challenge.email, devices.deviceOf(request.cookies[DEVICE_COOKIE], challenge.email));
      if (!reservation) throw rateLimited();
      let checked: PasskeyCheckResult;
      try {
        checked = await check(reservation, { userId: challenge.userId, challenge: expected, credential: body.credential }, request);
      } catch (err) {
        if (isVerdict(err)) await challenges.failed(body.challenge);
        throw err;
      }
      return finishSecondStep(app, options, { id: body.challenge, challenge, reservation }, checked.user, request, reply);
    },

    adminPasskeyLoginOptions: loginOptions('admin'),
    portalPasskeyLoginOptions: loginOptions('portal'),

    async adminPasskeyLogin({ body }, request, reply) {
      const { user, reservation } = await passwordless('admin', body, request);
      if (!user.isAdmin) throw forbidden(Messages.passkeyWrongLogin);
      await throttle.recordSuccess(reservation);
      // A passkey that verified its user is both factors: nothing left to set up.
      await app.sessions.start(request, reply, { ...user, mfaSetupRequired: false });
      reply.setCookie(DEVICE_COOKIE, devices.issue(user.email), devices.cookieOptions);
      request.log.info({ userId: user.id }, 'admin signed in with a passkey');
      return { user: { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin } };
    },

    async portalPasskeyLogin({ body }, request, reply) {
      const { user, reservation } = await passwordless('portal', body, request);
      if (user.isAdmin) throw forbidden(Messages.adminUsesAdminLogin);
      if (user.clientId === null || user.role === null) throw forbidden(Messages.passkeyAccountDisabled);
      await throttle.recordSuccess(reservation);
      await app.sessions.start(request, reply, user);
      reply.setCookie(DEVICE_COOKIE, devices.issue(user.email), devices.portalCookieOptions);
      request.log.info({ userId: user.id, clientId: user.clientId }, 'clinic user signed in with a passkey');
      return { user: portalUserOf({ ...user, clientId: user.clientId, role: user.role, clientName: user.clientName ?? '' }) };
    },
  };
}
