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
    notices: {
      dataSource,
      mailer: null,
      tenant: createTenantClient({ baseUrl: 'http://127.0.0.1:9', internalSecret: config.INTERNAL_SECRET, timeoutMs: 500 }),
      notices: { add: () => Promise.reject(new Error('no reminders here')) },
      origin: 'http://127.0.0.1:9',
      internalSecret: config.INTERNAL_SECRET,
    },
  }),
  samples: {
    'leads.deliver': { deliveryId: 2_000_000_000 },
    'leads.client-deleted': { clientId: 2_000_000_000 },
    'leads.appointment-notice': { appointmentId: 2_000_000_000, version: 1, notice: 'change' },
  },
  expectations: {
    'leads.deliver': { failsWith: /^Delivery 2000000000 was not found\.$/ },
    // A clinic with nothing here: nothing to delete.
    'leads.client-deleted': { completes: true },
    // An appointment that is gone: nothing to send.
    'leads.appointment-notice': { completes: true },
  },
});
