import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type SignedClient } from '@hap/service-kit/testing';
import { buildApp } from '../../src/app';
import { loadServiceConfig, type Config } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';

export { ADMIN, ANONYMOUS, GATEWAY, PUBLIC_SHELL, contractClient, signedClient, type SignedClient } from '@hap/service-kit/testing';
export type { ApiClient } from '@hap/contracts';

export interface TestTenant {
  app: ReturnType<typeof buildApp>;
  config: Config;
  dataSource: ReturnType<typeof createDataSource>;
  api: SignedClient;
  uploadDir: string;
  close: () => Promise<void>;
}

/** A fresh upload directory under the OS temp dir: tests never write to the checkout's .data/. */
export const makeUploadDir = () => mkdtemp(join(tmpdir(), 'tenant-uploads-'));

/**
 * The tenant API on this run's database (already migrated by global setup)
 * or on `databaseUrl`, with uploads in a temporary directory of its own (or
 * `uploadDir`, prepared by the test); the directory is removed on close.
 */
export async function startTenant(options: { uploadDir?: string; databaseUrl?: string; env?: Record<string, string> } = {}): Promise<TestTenant> {
  const uploadDir = options.uploadDir ?? (await makeUploadDir());
  const config = loadServiceConfig({
    ...process.env,
    UPLOAD_DIR: uploadDir,
    ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
    ...options.env,
  });
  const dataSource = createDataSource(config.DATABASE_URL);
  const started = await startService(() => buildApp(config, dataSource), {
    internalSecret: config.INTERNAL_SECRET,
    cleanup: () => rm(uploadDir, { recursive: true, force: true }),
  });
  return { ...started, config, dataSource, uploadDir };
}
