import { ApiError, ErrorCode, Messages, routes, type AdminLogin, type User } from '@hap/contracts';
import { AppError, createInternalClient, internalHeaders } from '@hap/service-kit';

export type VerifyCredentialsResult = { ok: true; user: User } | { ok: false };

/** The gateway's only direct call to a service: tenant checks admin credentials. */
export interface TenantClient {
  verifyCredentials(credentials: AdminLogin, requestId?: string): Promise<VerifyCredentialsResult>;
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
 * Tenant's `verifyCredentials` row, called through the kit's internal client
 * signed as the gateway. No retries: a credential check is cheap to repeat
 * from the login form and costly (argon2) to repeat blindly. A 401 is a wrong
 * e-mail or password; anything else but the user (down, hung, 5xx, an answer
 * that does not parse) is a 503 for the caller.
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
  };
}
