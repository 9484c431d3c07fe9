import { startService, type TestService } from '@hap/service-kit/testing';
import { UNREACHABLE_URL } from '@hap/test-kit/service-process';
import { workerPort } from '@hap/test-kit/shared-process';
import { SIBLINGS_START_TIMEOUT_MS, startTemplatesWithTenant, type SiblingTemplates } from '@hap/test-kit/siblings';
import { buildApp, type AppDependencies } from '../../src/app';
import { loadServiceConfig, type Config } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';

export { ADMIN, ANONYMOUS, GATEWAY } from '@hap/service-kit/testing';

/** Boots templates and its tenant (two processes, once per jest worker) and ads: more than jest's 5 s hook default on a busy machine. */
export const START_TIMEOUT_MS = SIBLINGS_START_TIMEOUT_MS;

export interface TestAds extends TestService<ReturnType<typeof buildApp>, Config, ReturnType<typeof createDataSource>> {
  /** The real templates service ads asks, a process with its tenant (null with `templatesUrl`). */
  templates: SiblingTemplates | null;
}

/**
 * The ads API on this run's database (migrated by global setup), asking a real templates service (a process,
 * with its tenant: @hap/test-kit/siblings); `templatesUrl` points it elsewhere instead (a port nobody listens
 * on: templates unreachable). With templates, ads listens on this jest worker's own port: templates asks it
 * about campaigns on its pages there (its ADS_URL), as in production.
 */
export async function startAds(options: { templatesUrl?: string; env?: Record<string, string>; dependencies?: AppDependencies } = {}): Promise<TestAds> {
  const adsPort = options.templatesUrl ? null : await workerPort('ads');
  const templates = adsPort === null ? null : await startTemplatesWithTenant({ env: { ADS_URL: `http://127.0.0.1:${adsPort}` } });
  // The tenant templates asks is the one ads asks too (never the dev stack's default).
  const config = loadServiceConfig({
    ...process.env,
    TEMPLATES_URL: options.templatesUrl ?? templates!.url,
    TENANT_URL: templates?.tenant.url ?? UNREACHABLE_URL,
    // The siblings' timeout is production's (5 s): a tighter one can turn a tenant answer slowed by a
    // loaded machine into a 503. Unreachable siblings (UNREACHABLE_URL) refuse at once.
    ...options.env,
  });
  const dataSource = createDataSource(config.DATABASE_URL);
  const started = await startService(() => buildApp(config, dataSource, options.dependencies), {
    internalSecret: config.INTERNAL_SECRET,
    cleanup: async () => templates?.close(),
  }).catch(async (err: unknown) => {
    await templates?.close();
    throw err;
  });
  if (adsPort !== null) {
    try {
      await started.app.listen({ host: '127.0.0.1', port: adsPort });
    } catch (err) {
      await started.close();
      throw err;
    }
  }
  return { ...started, config, dataSource, templates };
}
