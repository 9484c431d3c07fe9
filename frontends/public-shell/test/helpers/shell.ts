import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SiblingTemplates } from '@hap/test-kit/siblings';
import { buildServer, type ShellDependencies } from '../../server/app';
import { readConfig, type Config } from '../../server/config';
import { createPageContentLoader, createPageContextLoader } from '../../server/page-context';
import * as entryServer from '../../src/entry-server';
import { pageTemplate } from './pages';

/** What the suites give the shell for a build: a fresh directory with the client's and the admin's asset folders. */

/** A stand-in build directory (`client/assets`, `admin/assets/admin`) under the system's temp folder; `remove()` deletes it. */
export function standInDist(prefix: string) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(root, 'client', 'assets'), { recursive: true });
  mkdirSync(join(root, 'admin', 'assets', 'admin'), { recursive: true });
  return {
    root,
    dirs: { client: join(root, 'client'), admin: join(root, 'admin') },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * The shell as server.ts builds it, with its real loaders and SSR entry, over this run's tenant and
 * templates (`services`, processes: @hap/test-kit/siblings; templates at `templatesUrl`); `env` adds settings, `dependencies`
 * what the suite needs beyond the loaders (page cache, admin assets). `close()` closes the shell and
 * removes its build directory (the services are the suite's to close).
 */
export async function shellOnServices(
  services: SiblingTemplates,
  templatesUrl: string,
  { distPrefix, env = {}, dependencies = () => ({}) }: { distPrefix: string; env?: Record<string, string>; dependencies?: (config: Config) => Partial<ShellDependencies> },
): Promise<{ shell: FastifyInstance; config: Config; close: () => Promise<void> }> {
  const dist = standInDist(distPrefix);
  const config = readConfig({
    LOG_LEVEL: 'silent',
    INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? '',
    TENANT_URL: services.tenant.url,
    TEMPLATES_URL: templatesUrl,
    API_TIMEOUT_MS: '5000',
    ...env,
  });
  const shell = await buildServer(config, {
    bundle: { ssr: entryServer, templates: { page: pageTemplate(), admin: pageTemplate('/assets/admin/admin-def.js') } },
    dirs: dist.dirs,
    pageContext: createPageContextLoader(config),
    pageContent: createPageContentLoader(config),
    ...dependencies(config),
  });
  await shell.ready();
  return {
    shell,
    config,
    close: async () => {
      await shell.close();
      dist.remove();
    },
  };
}
