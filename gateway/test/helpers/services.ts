import { createAdmin } from '@hap/test-kit/factories/tenant';
import { startTenantProcess } from '@hap/test-kit/siblings';

export { SIBLINGS_START_TIMEOUT_MS as TENANT_START_TIMEOUT_MS } from '@hap/test-kit/siblings';

/**
 * The tenant service as it ships, its built server as a process on the test run's database
 * (packages/test-kit/README.md#other-services-in-a-test), for what only the real thing proves (argon2
 * credential checks, the signed identity it verifies). Without `env`, the jest worker's shared tenant;
 * `env` (a gateway's REDIS_PREFIX, SMTP_URL) starts one of the file's own, stopped by `close`.
 * `seedAdmin` writes an admin who signs in with the password given, `seedNonAdmin` a user who is not an
 * admin: tenant has no API that creates either, so the rows are written in SQL (the kit's factories).
 * What reached tenant is seen through a relay in front of it (`startUpstream({ forwardTo })`).
 * Routing, limits and failures are tested against `startUpstream` fixtures.
 */
export async function startTenant(env?: Record<string, string>) {
  const tenant = await startTenantProcess(env ? { env, shared: false } : {});
  return {
    ...tenant,
    seedAdmin: (admin: { email: string; password: string; name?: string }) => createAdmin(tenant.dataSource, admin),
    seedNonAdmin: (account: { email: string; password: string }) => createAdmin(tenant.dataSource, account, { isAdmin: false }),
  };
}
