import type { DataSource } from 'typeorm';
import type { QueueOwner } from '@hap/contracts';
import { createServiceApp, type ServiceAppOptions } from './app';
import { databaseReady, registerDataSource } from './plugins';
import { queueRedis } from './queue';
import { runWorkers, type WorkerRuntime } from './runtime';

/** What every service's config has that its boot reads (`baseConfigShape`). */
export interface ServiceBootConfig {
  INTERNAL_SECRET: string;
  LOG_LEVEL: string;
  HOST: string;
  REDIS_URL: string;
  REDIS_PREFIX: string;
}

/**
 * A service's API app before its routes (CONVENTIONS "Layout of a service": `buildApp`): the kit's
 * app signed with INTERNAL_SECRET and logging at LOG_LEVEL, ready when the database answers, the data
 * source opened with the app and closed with it. `options` adds to it (a log stream, unsigned paths).
 */
export function createDatabaseServiceApp(
  name: string,
  config: Pick<ServiceBootConfig, 'INTERNAL_SECRET' | 'LOG_LEVEL'>,
  dataSource: DataSource,
  options: Pick<ServiceAppOptions, 'logStream' | 'unsignedPaths'> = {},
) {
  const app = createServiceApp({
    name,
    internalSecret: config.INTERNAL_SECRET,
    logLevel: config.LOG_LEVEL,
    ...options,
    ready: databaseReady(dataSource),
  });
  registerDataSource(app, dataSource);
  return app;
}

/** A service's job process (`runWorkers`) on its config: its LOG_LEVEL, HOST and the queues in REDIS_URL under REDIS_PREFIX. */
export function runServiceWorkers<O extends QueueOwner>(
  config: Pick<ServiceBootConfig, 'LOG_LEVEL' | 'HOST' | 'REDIS_URL' | 'REDIS_PREFIX'>,
  runtime: Omit<WorkerRuntime<O>, 'logLevel' | 'host' | 'redis'>,
): Promise<void> {
  return runWorkers({ ...runtime, logLevel: config.LOG_LEVEL, host: config.HOST, redis: queueRedis(config) });
}
