import { routes } from '@hap/contracts';
import { contractClient, startService, type TestService } from '@hap/service-kit/testing';
import { startTemplates, type TestTemplates } from '../../../templates/test/helpers/app';
import type { AdsClient } from '../../../templates/src/clients/ads.client';
import { buildApp, type AppDependencies } from '../../src/app';
import { loadServiceConfig, type Config } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';

export { ADMIN, ANONYMOUS, GATEWAY } from '@hap/service-kit/testing';

/** Boots templates (with its tenant) and ads: more than jest's 5 s hook default on a busy machine. */
export const START_TIMEOUT_MS = 40_000;

export interface TestAds extends TestService<ReturnType<typeof buildApp>, Config, ReturnType<typeof createDataSource>> {
  /** The real templates service ads asks (null with `templatesUrl`); closed with ads. */
  templates: TestTemplates | null;
}

/**
 * The ads API on this run's database (migrated by global setup), asking a
 * real templates service listening on loopback; `templatesUrl` points it
 * elsewhere instead (a port nobody listens on: templates unreachable).
 */
export async function startAds(options: { templatesUrl?: string; env?: Record<string, string>; dependencies?: AppDependencies } = {}): Promise<TestAds> {
  // Templates asks this ads app about campaigns on its pages (its ADS_URL): through its real routes, signed as templates.
  let adsClient: AdsClient | null = null;
  const ads: AdsClient = {
    runningCampaigns: (...args) => adsClient!.runningCampaigns(...args),
    movePages: (...args) => adsClient!.movePages(...args),
  };
  const templates = options.templatesUrl ? null : await startTemplates({ dependencies: { ads } });
  const templatesUrl = options.templatesUrl ?? (await templates!.app.listen({ host: '127.0.0.1', port: 0 }));
  // The tenant templates asks is the one ads asks too (never the dev stack's default).
  const tenantUrl = templates?.tenant?.url ?? 'http://127.0.0.1:9';
  const config = loadServiceConfig({ ...process.env, TEMPLATES_URL: templatesUrl, TENANT_URL: tenantUrl, TEMPLATES_TIMEOUT_MS: '2000', ...options.env });
  const dataSource = createDataSource(config.DATABASE_URL);
  const started = await startService(() => buildApp(config, dataSource, options.dependencies), { internalSecret: config.INTERNAL_SECRET, cleanup: async () => templates?.close() });
  const asTemplates = contractClient(started.app, config.INTERNAL_SECRET, { kind: 'service', service: 'templates' });
  adsClient = {
    runningCampaigns: (services) => asTemplates.call(routes.listRunningPageCampaigns, { body: { services } }),
    movePages: (body) => asTemplates.call(routes.movePageCampaigns, { body }),
  };
  return { ...started, config, dataSource, templates };
}
