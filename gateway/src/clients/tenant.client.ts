import type { z } from 'zod';
import { ErrorCode, Messages, UserSchema, successEnvelope, type AdminLogin, type User } from '@hap/contracts';
import { AppError, REQUEST_ID_HEADER, signIdentity } from '@hap/service-kit';

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

const VERIFY_PATH = '/internal/auth/verify';
const VerifyResponseSchema = successEnvelope(UserSchema);

const unavailable = (cause: unknown) => {
  const error = new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('tenant'));
  error.cause = cause;
  return error;
};

/**
 * Typed client for tenant's internal API, signed as the gateway. No retries:
 * a credential check is cheap to repeat from the login form and costly
 * (argon2) to repeat blindly; a timeout or a 5xx is a 503 for the caller.
 */
export function createTenantClient(options: TenantClientOptions): TenantClient {
  const url = new URL(VERIFY_PATH, options.baseUrl).toString();
  return {
    async verifyCredentials(credentials, requestId) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
            ...signIdentity(options.internalSecret, 'POST', VERIFY_PATH, { kind: 'service', service: 'gateway' }),
          },
          body: JSON.stringify({ email: credentials.email, password: credentials.password }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (err) {
        throw unavailable(err);
      }
      if (response.status === 401) {
        await response.body?.cancel();
        return { ok: false };
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw unavailable(new Error(`tenant answered ${response.status} to ${VERIFY_PATH}`));
      }
      let parsed: z.infer<typeof VerifyResponseSchema>;
      try {
        parsed = VerifyResponseSchema.parse(await response.json());
      } catch (err) {
        throw unavailable(err);
      }
      return { ok: true, user: parsed.data };
    },
  };
}
