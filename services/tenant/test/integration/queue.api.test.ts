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
  // The worker's real handlers: a clinic that no longer exists needs no sub-account, so the job completes.
  handlers: createHandlers({
    dataSource,
    catalogue: createCatalogueClient({ baseUrl: 'http://127.0.0.1:9', internalSecret: config.INTERNAL_SECRET, timeoutMs: 500 }),
    crm: null,
  }),
  samples: {
    'tenant.provision': { clientId: 2_000_000_000 },
  },
  expectations: {
    'tenant.provision': { completes: true },
  },
});
