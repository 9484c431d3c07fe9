import { createQueue, queueRedis, runWorkers, type JobQueue } from '@hap/service-kit';
import { createGoHighLevel } from '@hap/service-kit/gohighlevel';
import { catalogueFromConfig, dnsCheckFromConfig, edgeFromConfig, platformHostsOf } from './app';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';
import { createHandlers } from './queues/handlers';

/** The tenant job process: a BullMQ worker for each queue tenant consumes. */
const config = loadServiceConfig();
const dataSource = createDataSource(config.DATABASE_URL);
const crm = createGoHighLevel(config);
// The next DNS check of a pending domain is queued from the job itself (with a delay).
let domainQueue: JobQueue<'tenant.domain-check'> | null = null;
const domains = {
  dns: dnsCheckFromConfig(config),
  edge: edgeFromConfig(config),
  platformHosts: platformHostsOf(config),
  queue: () => (domainQueue ??= createQueue('tenant.domain-check', queueRedis(config))),
};
void runWorkers({
  name: 'tenant',
  logLevel: config.LOG_LEVEL,
  host: config.HOST,
  redis: queueRedis(config),
  dataSource,
  handlers: createHandlers({ dataSource, catalogue: catalogueFromConfig(config), crm, domains }),
  alongside: (logger) => {
    if (!crm) logger.warn('GHL_AGENCY_TOKEN / GHL_COMPANY_ID are not set: CRM sub-accounts are recorded as not configured');
    return { stop: async () => void (await domainQueue?.close()) };
  },
});
