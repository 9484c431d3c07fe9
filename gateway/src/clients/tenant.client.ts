import {
  ApiError,
  ErrorCode,
  Messages,
  routes,
  type AcceptInvite,
  type AdminLogin,
  type AuthenticationCredential,
  type Passkey,
  type PasskeyCheckResult,
  type PasskeyList,
  type PasskeyOptions,
  type RegistrationCredential,
  type MfaSetupResult,
  type MfaState,
  type VerifiedUser,
} from '@hap/contracts';
import { AppError, createSiblingClient, withRequestId, type SiblingClientOptions } from '@hap/service-kit';

export type VerifyCredentialsResult = { ok: true; user: VerifiedUser } | { ok: false };

/** The gateway's only direct calls to a service: tenant checks credentials and redeems invitations. */
export interface TenantClient {
  verifyCredentials(credentials: AdminLogin, requestId?: string): Promise<VerifyCredentialsResult>;
  /** Sets the invited user's password and uses the link up; rejects with tenant's own 400 / 410 (link not valid, used, expired). */
  acceptInvitation(input: AcceptInvite, requestId?: string): Promise<VerifiedUser>;
  /** Two-factor sign-in; tenant's 400 (wrong code, password), 404 and 409 are passed on as they are. */
  getMfaState(userId: number, requestId?: string): Promise<MfaState>;
  createMfaSecret(userId: number, requestId?: string): Promise<MfaSetupResult>;
  confirmMfa(input: { userId: number; code: string }, requestId?: string): Promise<{ recoveryCodes: string[]; user: VerifiedUser }>;
  removeMfa(input: { userId: number; code?: string; password?: string }, requestId?: string): Promise<{ user: VerifiedUser }>;
  /** The user when the code is right; null when it is wrong or used. */
  checkMfaCode(input: { userId: number; code: string }, requestId?: string): Promise<VerifiedUser | null>;
  /**
   * Passkeys; `origin` is the browser's, used by tenant only when no origin is configured.
   * Tenant's 400, 401 (an answer that does not verify), 403, 404 and 409 are passed on as they are.
   */
  listPasskeys(userId: number, requestId?: string): Promise<PasskeyList>;
  passkeyRegistrationOptions(input: { userId: number; origin?: string }, requestId?: string): Promise<PasskeyOptions>;
  registerPasskey(
    input: { userId: number; challenge: string; origin?: string; name: string; credential: RegistrationCredential },
    requestId?: string,
  ): Promise<{ passkey: Passkey; user: VerifiedUser }>;
  removePasskey(input: { userId: number; passkeyId: number; keepOneFactor: boolean }, requestId?: string): Promise<{ user: VerifiedUser }>;
  passkeyAuthenticationOptions(input: { userId?: number; origin?: string }, requestId?: string): Promise<PasskeyOptions>;
  checkPasskey(
    input: { userId?: number; challenge: string; origin?: string; credential: AuthenticationCredential },
    requestId?: string,
  ): Promise<PasskeyCheckResult>;
}

export type TenantClientOptions = SiblingClientOptions;

const unavailable = (cause: unknown) => {
  const error = new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('tenant'));
  error.cause = cause;
  return error;
};

/**
 * Tenant's internal rows, called through the kit's internal client signed as
 * the gateway. No retries: a credential check is cheap to repeat from the
 * login form and costly (argon2) to repeat blindly. A 401 is a wrong e-mail
 * or password; anything else but the user (down, hung, 5xx, an answer that
 * does not parse) is a 503 for the caller.
 */
export function createTenantClient(options: TenantClientOptions): TenantClient {
  const client = createSiblingClient('gateway', 'tenant', options);
  /** Tenant's own answer, for the statuses the caller is to read; anything else is a 503. */
  const passOn = (err: unknown, statuses: number[]): never => {
    if (err instanceof ApiError && statuses.includes(err.status) && err.code) {
      throw new AppError(err.status, err.code as ErrorCode, err.message, err.issues);
    }
    if (err instanceof ApiError && err.status === 503 && err.code === ErrorCode.SERVICE_UNAVAILABLE) {
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, err.message);
    }
    throw unavailable(err);
  };
  const headers = withRequestId;
  return {
    async getMfaState(userId, requestId) {
      return client.call(routes.getMfaState, { body: { userId } }, headers(requestId)).catch((err: unknown) => passOn(err, [404]));
    },
    async createMfaSecret(userId, requestId) {
      return client.call(routes.createMfaSecret, { body: { userId } }, headers(requestId)).catch((err: unknown) => passOn(err, [404, 409]));
    },
    async confirmMfa(input, requestId) {
      return client.call(routes.confirmMfa, { body: input }, headers(requestId)).catch((err: unknown) => passOn(err, [400, 404, 409]));
    },
    async removeMfa(input, requestId) {
      return client.call(routes.removeMfa, { body: input }, headers(requestId)).catch((err: unknown) => passOn(err, [400, 404, 409]));
    },
    async checkMfaCode(input, requestId) {
      try {
        return await client.call(routes.checkMfaCode, { body: input }, headers(requestId));
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        return passOn(err, [400]);
      }
    },
    async listPasskeys(userId, requestId) {
      return client.call(routes.listUserPasskeys, { body: { userId } }, headers(requestId)).catch((err: unknown) => passOn(err, [404]));
    },
    async passkeyRegistrationOptions(input, requestId) {
      return client.call(routes.createPasskeyRegistration, { body: input }, headers(requestId)).catch((err: unknown) => passOn(err, [400, 404, 409]));
    },
    async registerPasskey(input, requestId) {
      return client.call(routes.registerPasskey, { body: input }, headers(requestId)).catch((err: unknown) => passOn(err, [400, 404, 409]));
    },
    async removePasskey(input, requestId) {
      return client.call(routes.deletePasskey, { body: input }, headers(requestId)).catch((err: unknown) => passOn(err, [403, 404]));
    },
    async passkeyAuthenticationOptions(input, requestId) {
      return client.call(routes.createPasskeyAuthentication, { body: input }, headers(requestId)).catch((err: unknown) => passOn(err, [400, 404]));
    },
    async checkPasskey(input, requestId) {
      return client.call(routes.checkPasskey, { body: input }, headers(requestId)).catch((err: unknown) => passOn(err, [400, 401, 403]));
    },
    async verifyCredentials({ email, password }, requestId) {
      try {
        const user = await client.call(routes.verifyCredentials, { body: { email, password } }, headers(requestId));
        return { ok: true, user };
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return { ok: false };
        throw unavailable(err);
      }
    },
    async acceptInvitation(input, requestId) {
      // The link's own answer (not valid, used, expired, a password too short) is the caller's to read.
      return client.call(routes.redeemInvitation, { body: input }, headers(requestId)).catch((err: unknown) => passOn(err, [400, 410]));
    },
  };
}
