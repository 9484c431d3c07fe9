import { describeQueues } from '@hap/test-kit/queue-suite';
import { openedForSuite } from '@hap/test-kit/shared-service';
import { createTenantClient } from '../../src/clients/tenant.client';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { createWebhookSender } from '../../src/modules/delivery/webhook';
import { createHandlers } from '../../src/queues/handlers';

const config = loadServiceConfig();
const dataSource = openedForSuite(createDataSource(config.DATABASE_URL));

describeQueues({
  owner: 'leads',
  // The worker's real handlers (no SMTP; the tenant it would ask is never reached for a delivery that does not exist).
  handlers: createHandlers({
    dataSource,
    mailer: null,
    webhooks: createWebhookSender({ timeoutMs: 500, allowPrivate: false }),
    crm: null,
    tenant: createTenantClient({ baseUrl: 'http://127.0.0.1:9', internalSecret: config.INTERNAL_SECRET, timeoutMs: 500 }),
  }),
  samples: {
    'leads.deliver': { deliveryId: 2_000_000_000 },
    'leads.client-deleted': { clientId: 2_000_000_000 },
  },
  expectations: {
    'leads.deliver': { failsWith: /^Delivery 2000000000 was not found\.$/ },
    // A clinic with nothing here: nothing to delete.
    'leads.client-deleted': { completes: true },
  },
});
