import { describeQueues } from '../../../../infra/test/queue-suite';
import { createCatalogueClient } from '../../src/clients/catalogue.client';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { createHandlers } from '../../src/queues/handlers';

const config = loadServiceConfig();
const dataSource = createDataSource(config.DATABASE_URL);
beforeAll(() => dataSource.initialize());
afterAll(() => dataSource.destroy());

describeQueues({
  owner: 'tenant',
  // The worker's real handlers: a clinic that no longer exists needs no sub-account, and a removed domain claim no check, so the jobs complete.
  handlers: createHandlers({
    dataSource,
    catalogue: createCatalogueClient({ baseUrl: 'http://127.0.0.1:9', internalSecret: config.INTERNAL_SECRET, timeoutMs: 500 }),
    crm: null,
  }),
  samples: {
    'tenant.provision': { clientId: 2_000_000_000 },
    'tenant.domain-check': { domainId: 2_000_000_000, check: 1 },
  },
  expectations: {
    'tenant.provision': { completes: true },
    // A claim that no longer exists needs no check.
    'tenant.domain-check': { completes: true },
  },
});
