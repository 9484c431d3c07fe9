import { ApiError, ErrorCode, Messages, routes, type AcceptInvite, type AdminLogin, type VerifiedUser } from '@hap/contracts';
import { AppError, createInternalClient, internalHeaders } from '@hap/service-kit';

export type VerifyCredentialsResult = { ok: true; user: VerifiedUser } | { ok: false };

/** The gateway's only direct calls to a service: tenant checks credentials and redeems invitations. */
export interface TenantClient {
  verifyCredentials(credentials: AdminLogin, requestId?: string): Promise<VerifyCredentialsResult>;
  /** Sets the invited user's password and uses the link up; rejects with tenant's own 400 / 410 (link not valid, used, expired). */
  acceptInvitation(input: AcceptInvite, requestId?: string): Promise<VerifiedUser>;
}

export interface TenantClientOptions {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
}

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
  const client = createInternalClient({
    baseUrl: options.baseUrl,
    target: 'tenant',
    internalSecret: options.internalSecret,
    identity: { kind: 'service', service: 'gateway' },
    timeoutMs: options.timeoutMs,
  });
  return {
    async verifyCredentials({ email, password }, requestId) {
      try {
        const user = await client.call(routes.verifyCredentials, { body: { email, password } }, { headers: internalHeaders({ requestId }) });
        return { ok: true, user };
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return { ok: false };
        throw unavailable(err);
      }
    },
    async acceptInvitation(input, requestId) {
      try {
        return await client.call(routes.redeemInvitation, { body: input }, { headers: internalHeaders({ requestId }) });
      } catch (err) {
        // The link's own answer (not valid, used, expired, a password too short) is the caller's to read.
        if (err instanceof ApiError && (err.status === 400 || err.status === 410) && err.code) {
          throw new AppError(err.status, err.code as ErrorCode, err.message, err.issues);
        }
        if (err instanceof ApiError && err.status === 503 && err.code === ErrorCode.SERVICE_UNAVAILABLE) {
          throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, err.message);
        }
        throw unavailable(err);
      }
    },
  };
}
