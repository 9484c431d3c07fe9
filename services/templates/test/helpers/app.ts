import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type SignedClient, type TestService } from '@hap/service-kit/testing';
import { buildApp as buildTenantApp } from '../../../tenant/src/app';
import { loadServiceConfig as loadTenantConfig } from '../../../tenant/src/config';
import { createDataSource as createTenantDataSource } from '../../../tenant/src/db/data-source';
import { buildApp, type AppDependencies } from '../../src/app';
import type { AdsClient } from '../../src/clients/ads.client';
import { loadServiceConfig, type Config } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { seed } from '../../src/db/seed';
import { createTenantClient } from '../../src/clients/tenant.client';
import { ServiceTemplateRepository } from '../../src/modules/catalogue/catalogue.repository';
import { createClinicOnboardedHandler } from '../../src/modules/client-service/clinic-onboarded.job';
import { ClientServiceRepository } from '../../src/modules/client-service/client-service.repository';
import { ClientServiceService } from '../../src/modules/client-service/client-service.service';

export { ADMIN, ANONYMOUS, GATEWAY, PUBLIC_SHELL } from '@hap/service-kit/testing';

/**
 * The ads templates asks about campaigns on its pages, in templates' own tests that are
 * not about campaigns: it knows none. Ads' tests (services/ads/test/helpers/app.ts) give
 * templates the real ads app instead, and the page-path tests run there.
 */
export const ADS_WITHOUT_CAMPAIGNS: AdsClient = {
  runningCampaigns: async () => ({ campaigns: [], checked: true }),
  movePages: async () => ({ updated: [], failed: [] }),
};

/** startTemplates() boots two apps (templates and the tenant it asks) and seeds: more than jest's 5 s hook default when the machine is busy. */
export const START_TIMEOUT_MS = 30_000;

/** The real tenant service, listening on 127.0.0.1: templates asks it whether a clinic exists. */
export interface TestTenant {
  url: string;
  api: SignedClient;
  /** Its configuration (the Redis prefix it publishes sign-in versions under) and database. */
  config: ReturnType<typeof loadTenantConfig>;
  dataSource: ReturnType<typeof createTenantDataSource>;
  close: () => Promise<void>;
}

/**
 * Tenant's own app on this run's database (migrated by global setup),
 * listening on a free loopback port, uploads in a temporary directory.
 */
export async function startTenant(): Promise<TestTenant> {
  const uploadDir = await mkdtemp(join(tmpdir(), 'templates-tenant-uploads-'));
  const config = loadTenantConfig({ ...process.env, UPLOAD_DIR: uploadDir });
  const dataSource = createTenantDataSource(config.DATABASE_URL);
  const started = await startService(() => buildTenantApp(config, dataSource), {
    internalSecret: config.INTERNAL_SECRET,
    cleanup: () => rm(uploadDir, { recursive: true, force: true }),
  });
  const url = await started.app.listen({ host: '127.0.0.1', port: 0 });
  return { url, api: started.api, config, dataSource, close: started.close };
}

export interface TestTemplates extends TestService<ReturnType<typeof buildApp>, Config, ReturnType<typeof createDataSource>> {
  /** The tenant the app asks (absent with `tenantUrl`); closed with templates. */
  tenant: TestTenant | null;
}

/**
 * The templates API on this run's database (migrated by global setup), with
 * the demo catalogue seeded (once per database, so files may share it), and
 * a real tenant to ask about clinics; `tenantUrl` points it elsewhere instead
 * (a port nobody listens on: tenant unreachable).
 */
export async function startTemplates(
  options: { tenantUrl?: string; env?: Record<string, string>; dependencies?: AppDependencies } = {},
): Promise<TestTemplates> {
  const tenant = options.tenantUrl ? null : await startTenant();
  // Never the default TENANT_URL: that is the dev stack's tenant, on another database.
  const config = loadServiceConfig({ ...process.env, TENANT_URL: options.tenantUrl ?? tenant!.url, TENANT_TIMEOUT_MS: '2000', ...options.env });
  const dataSource = createDataSource(config.DATABASE_URL);
  const started = await startService(() => buildApp(config, dataSource, { ads: ADS_WITHOUT_CAMPAIGNS, ...options.dependencies }), {
    internalSecret: config.INTERNAL_SECRET,
    cleanup: async () => tenant?.close(),
  });
  await seed(dataSource);
  return { ...started, config, dataSource, tenant };
}

/**
 * The templates worker's `templates.clinic-onboarded` handler as src/worker.ts builds it, on this
 * run's database, asking the tenant at `tenantUrl` whether a clinic exists (a sign-up's services:
 * docs/service-graph.md).
 */
export function clinicOnboardedHandler(templates: Pick<TestTemplates, 'config' | 'dataSource'>, tenantUrl: string) {
  const tenant = createTenantClient({ baseUrl: tenantUrl, internalSecret: templates.config.INTERNAL_SECRET, timeoutMs: 2000 });
  const { dataSource } = templates;
  return createClinicOnboardedHandler(new ClientServiceService(dataSource, new ClientServiceRepository(dataSource), new ServiceTemplateRepository(dataSource), tenant));
}
