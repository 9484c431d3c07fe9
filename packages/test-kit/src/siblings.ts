import { DataSource } from 'typeorm';
import { freePort, startServiceProcess, type ServiceProcess } from './service-process';
import { sharedServiceProcess, workerPort } from './shared-process';

/** A sibling service process, and the run's database (no entities) to write and read its rows with the kit's factories. */
export interface SiblingProcess extends ServiceProcess {
  dataSource: DataSource;
}

/** The templates service as a process, and the tenant it asks. */
export interface SiblingTemplates extends SiblingProcess {
  tenant: SiblingProcess;
}

/** Two service processes (when this worker has none running yet) and a suite's own app: more than jest's 5 s hook default on a busy machine. */
export const SIBLINGS_START_TIMEOUT_MS = 90_000;

/** This worker's database without entities, for the kit's factories (closed by the caller). */
function openRunDatabase(): Promise<DataSource> {
  return new DataSource({ type: 'postgres', url: process.env.DATABASE_URL, extra: { max: 4 } }).initialize();
}

/** `started` with this worker's database beside it; `close` closes both. */
async function withDatabase(started: ServiceProcess | ServiceProcess[]): Promise<SiblingProcess> {
  const all = Array.isArray(started) ? started : [started];
  const closeAll = () => Promise.all(all.map((s) => s.close()));
  const dataSource = await openRunDatabase().catch(async (err: unknown) => {
    await closeAll();
    throw err;
  });
  return {
    ...all[all.length - 1],
    dataSource,
    close: async () => {
      await closeAll();
      await dataSource.destroy();
    },
  };
}

/**
 * The ads service as a process of this test's own (its siblings' URLs and Google settings in `env`), with
 * this worker's database; `close` stops it and closes the data source.
 */
export async function startAdsProcess(env: Record<string, string> = {}): Promise<SiblingProcess> {
  return withDatabase(await startServiceProcess('ads', { env }));
}

/**
 * The tenant service as a process, with this worker's database. Shared by the worker's files (the same process
 * as startTemplatesWithTenant's tenant) unless `shared` is false: then a process of this test's own with `env`
 * (settings it must not leave behind: a Redis prefix of its own, an SMTP server, its WebAuthn origins), which
 * `close` stops.
 */
export async function startTenantProcess(options: { env?: Record<string, string>; shared?: boolean } = {}): Promise<SiblingProcess> {
  const start = options.shared === false ? startServiceProcess : sharedServiceProcess;
  return withDatabase(await start('tenant', { env: options.env }));
}

/**
 * Templates and the tenant it asks, as processes (service-process.ts) on this worker's database; `dataSource`
 * is that database (no entities) for the kit's factories. Templates asks ads about campaigns on its pages
 * before a page moves or goes off line: `env.ADS_URL` is the ads app a test runs (which templates asks back),
 * else an ads process is started beside them. `env` is templates'. Shared by the worker's files
 * (shared-process.ts) unless `shared` is false (settings a file must not leave behind, e.g. a Redis prefix of
 * its own): then `close` stops them.
 */
export async function startTemplatesWithTenant(options: { env?: Record<string, string>; shared?: boolean } = {}): Promise<SiblingTemplates> {
  const shared = options.shared !== false;
  const start = shared ? sharedServiceProcess : startServiceProcess;
  const started: ServiceProcess[] = [];
  const closeStarted = () => Promise.all(started.map((s) => s.close()));
  try {
    const tenant = await start('tenant');
    started.push(tenant);
    const adsPort = options.env?.ADS_URL ? null : shared ? await workerPort('ads-beside-templates') : await freePort();
    const adsUrl = options.env?.ADS_URL ?? `http://127.0.0.1:${adsPort}`;
    const templates = await start('templates', { env: { TENANT_URL: tenant.url, TENANT_TIMEOUT_MS: '2000', ADS_URL: adsUrl, ...options.env } });
    started.push(templates);
    if (adsPort !== null) started.push(await start('ads', { port: adsPort, env: { TEMPLATES_URL: templates.url, TENANT_URL: tenant.url } }));
    const all = await withDatabase([...started.filter((s) => s !== templates), templates]);
    return { ...all, tenant: { ...tenant, dataSource: all.dataSource } };
  } catch (err) {
    await closeStarted();
    throw err;
  }
}
