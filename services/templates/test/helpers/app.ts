import { startService, type SignedClient } from '@hap/service-kit/testing';
import { buildApp } from '../../src/app';
import { loadServiceConfig, type Config } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { seed } from '../../src/db/seed';

export { ADMIN, ANONYMOUS, GATEWAY, PUBLIC_SHELL } from '@hap/service-kit/testing';

export interface TestTemplates {
  app: ReturnType<typeof buildApp>;
  config: Config;
  dataSource: ReturnType<typeof createDataSource>;
  api: SignedClient;
  close: () => Promise<void>;
}

/**
 * The templates API on this run's database (migrated by global setup), with
 * the demo catalogue seeded (once per database, so files may share it).
 */
export async function startTemplates(): Promise<TestTemplates> {
  const config = loadServiceConfig(process.env);
  const dataSource = createDataSource(config.DATABASE_URL);
  const started = await startService(() => buildApp(config, dataSource), { internalSecret: config.INTERNAL_SECRET });
  await seed(dataSource);
  return { ...started, config, dataSource };
}
