import { startService, type TestService } from '@hap/service-kit/testing';
import { SIBLINGS_START_TIMEOUT_MS, startTenantProcess, type SiblingProcess } from '@hap/test-kit/siblings';
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

/** startTemplates() starts tenant (a process, once per jest worker) and templates, and seeds: more than jest's 5 s hook default when the machine is busy. */
export const START_TIMEOUT_MS = SIBLINGS_START_TIMEOUT_MS;

/**
 * The real tenant service, a process on this run's database (@hap/test-kit/siblings): templates asks it
 * whether a clinic exists. `dataSource` is the run's database without entities, for tenant's rows in SQL.
 */
export type TestTenant = SiblingProcess;

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
  const tenant = options.tenantUrl ? null : await startTenantProcess();
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
