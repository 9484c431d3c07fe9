import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { signIdentity, type Identity } from '@hap/service-kit';
import { buildApp } from '../../src/app';
import { loadServiceConfig, type Config } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';

export const ADMIN: Identity = { kind: 'admin', userId: 4242, email: 'admin@test.local' };
export const ANONYMOUS: Identity = { kind: 'anonymous' };
export const GATEWAY: Identity = { kind: 'service', service: 'gateway' };
/** The public site's server: it signs its calls but renders visitors' input, so it is not privileged. */
export const PUBLIC_SHELL: Identity = { kind: 'service', service: 'public-shell' };

type Method = 'get' | 'post' | 'patch' | 'delete';

/** supertest calls signed as the gateway would sign them (default caller: anonymous). */
export function signedClient(app: ReturnType<typeof buildApp>, secret: string) {
  const call = (method: Method) => (url: string, identity: Identity = ANONYMOUS) =>
    request(app.server)[method](url).set(signIdentity(secret, method.toUpperCase(), url, identity));
  return { get: call('get'), post: call('post'), patch: call('patch'), delete: call('delete') };
}

export type SignedClient = ReturnType<typeof signedClient>;

export interface TestTenant {
  app: ReturnType<typeof buildApp>;
  config: Config;
  dataSource: ReturnType<typeof createDataSource>;
  api: SignedClient;
  uploadDir: string;
  close: () => Promise<void>;
}

/** A fresh upload directory under the OS temp dir. */
export const makeUploadDir = () => mkdtemp(join(tmpdir(), 'tenant-uploads-'));

/**
 * The tenant API on this run's database (already migrated by global setup)
 * or on `databaseUrl`, with uploads in a temporary directory of its own (or
 * `uploadDir`, prepared by the test); the directory is removed on close.
 */
export async function startTenant(options: { uploadDir?: string; databaseUrl?: string } = {}): Promise<TestTenant> {
  const uploadDir = options.uploadDir ?? (await makeUploadDir());
  const config = loadServiceConfig({
    ...process.env,
    UPLOAD_DIR: uploadDir,
    ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
  });
  const dataSource = createDataSource(config.DATABASE_URL);
  const app = buildApp(config, dataSource);
  await app.ready();
  return {
    app,
    config,
    dataSource,
    uploadDir,
    api: signedClient(app, config.INTERNAL_SECRET),
    close: async () => {
      await app.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
