import { describeQueues } from '@hap/test-kit/queue-suite';
import { createTemplatesClient } from '../../src/clients/templates.client';
import { createTenantClient } from '../../src/clients/tenant.client';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { CampaignJobStore } from '../../src/modules/campaigns/campaign-jobs.service';
import { LaunchRepository } from '../../src/modules/launches/launch.repository';
import { createPerformanceQueues } from '../../src/modules/performance/performance-queues';
import { PerformanceRepository } from '../../src/modules/performance/performance.repository';
import { createHandlers } from '../../src/queues/handlers';

const config = loadServiceConfig();
const dataSource = createDataSource(config.DATABASE_URL);
// Where a sweep would queue its reads (it never gets that far without Google Ads configured).
const performance = createPerformanceQueues({ url: config.REDIS_URL, prefix: `${config.REDIS_PREFIX}_never_read` });
beforeAll(() => dataSource.initialize());
afterAll(async () => {
  await Promise.all([performance.read.close(), performance.sweep.close()]);
  await dataSource.destroy();
});

describeQueues({
  owner: 'ads',
  // The worker's real handlers; no model or templates service is asked about requests that do not exist.
  handlers: createHandlers({
    dataSource,
    store: new CampaignJobStore(dataSource),
    writer: null,
    templates: createTemplatesClient({ baseUrl: 'http://127.0.0.1:9', internalSecret: config.INTERNAL_SECRET, timeoutMs: 500 }),
    launches: new LaunchRepository(dataSource),
    // Google Ads not configured: a launch that does not exist never gets that far.
    access: { gateway: null, refreshToken: async () => null },
    tenant: createTenantClient({ baseUrl: 'http://127.0.0.1:9', internalSecret: config.INTERNAL_SECRET, timeoutMs: 500 }),
    performance: new PerformanceRepository(dataSource),
    reads: performance.read,
  }),
  samples: {
    'ads.generate': { requestId: '0b8f3c6e-6a4e-4d55-9a34-2f1d0c7e9b11', templateId: 5 },
    'ads.optimize': { requestId: '5d0e2f7a-1c3b-4e8d-8f6a-9b2c4d6e8f01', templateId: 5, campaignId: 12, goal: 'improve_ctr' },
    'ads.launch': { launchId: '7c1d9e2a-3b4f-4a6c-8d0e-1f2a3b4c5d6e' },
    'ads.performance': { clientId: 7, customerId: '0000000007', managerId: null, from: '2026-11-01', to: '2026-11-03' },
    'ads.performance-sweep': { days: 3 },
    'ads.client-deleted': { clientId: 2_000_000_000 },
  },
  expectations: {
    'ads.generate': { failsWith: /^Campaign request 0b8f3c6e-6a4e-4d55-9a34-2f1d0c7e9b11 was not found\.$/ },
    'ads.optimize': { failsWith: /^Campaign request 5d0e2f7a-1c3b-4e8d-8f6a-9b2c4d6e8f01 was not found\.$/ },
    // A launch whose record was never committed has nothing to create.
    'ads.launch': { completes: true },
    // Google Ads not configured: the account shows disconnected, Google is not asked.
    'ads.performance': { completes: true },
    // Not configured: the sweep reads nothing (the worker schedules none then).
    'ads.performance-sweep': { completes: true },
    // A clinic with nothing here: nothing to delete.
    'ads.client-deleted': { completes: true },
  },
});
