import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildApp as buildTenantApp } from '../../../services/tenant/src/app';
import { loadServiceConfig as loadTenantConfig } from '../../../services/tenant/src/config';
import { createDataSource as tenantDataSource } from '../../../services/tenant/src/db/data-source';
import { seedAdmin } from '../../../services/tenant/src/db/seed';

/** A real service app listening on an ephemeral loopback port. */
export interface RunningService<App extends FastifyInstance = FastifyInstance> {
  app: App;
  url: string;
  close(): Promise<void>;
}

async function listen<App extends FastifyInstance>(app: App): Promise<RunningService<App>> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/**
 * The tenant service as it ships, with the test run's database, for what only
 * the real thing proves (argon2 credential checks, the signed identity it
 * verifies); `seedAdmin` creates an admin through its own seed code.
 * `observe` sees every request it answered (a hook added before listening);
 * `env` overrides the run's environment (a gateway's REDIS_PREFIX, SMTP_URL).
 * Routing, limits and failures are tested against `startUpstream` fixtures.
 */
export async function startTenant(observe?: (request: FastifyRequest) => void, env: Record<string, string> = {}) {
  const config = loadTenantConfig({ ...process.env, ...env });
  const dataSource = tenantDataSource(config.DATABASE_URL);
  const app = buildTenantApp(config, dataSource);
  if (observe) app.addHook('onResponse', async (request) => observe(request));
  const running = await listen(app);
  return {
    ...running,
    dataSource,
    config,
    seedAdmin: (admin: { email: string; password: string; name?: string }) => seedAdmin(dataSource, admin),
    /** A user who is not an admin: tenant has no API that creates one, so the row is arranged directly. */
    seedNonAdmin: async (account: { email: string; password: string }) => {
      await seedAdmin(dataSource, account);
      await dataSource.query('UPDATE "tenant"."users" SET "is_admin" = false WHERE "email" = $1', [account.email]);
    },
  };
}
