import { describeQueues } from '@hap/test-kit/queue-suite';
import { openedForSuite } from '@hap/test-kit/shared-service';
import { UNREAD_CATALOGUE } from '../helpers/catalogue';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { createHandlers } from '../../src/queues/handlers';

const config = loadServiceConfig();
const dataSource = openedForSuite(createDataSource(config.DATABASE_URL));

describeQueues({
  owner: 'tenant',
  // The worker's real handlers: a clinic that no longer exists needs no sub-account, and a removed domain claim no check, so the jobs complete.
  handlers: createHandlers({
    dataSource,
    catalogue: UNREAD_CATALOGUE,
    crm: null,
  }),
  samples: {
    'tenant.provision': { clientId: 2_000_000_000 },
    'tenant.domain-check': { domainId: 2_000_000_000, check: 1 },
    'tenant.domain-certificate': { domainId: 2_000_000_000, attempt: 1 },
    'tenant.domain-health-sweep': { trigger: 'now' },
    'tenant.domain-health': { domainId: 2_000_000_000, day: '2026-11-27' },
    'tenant.client-deleted': { clientId: 2_000_000_000 },
  },
  expectations: {
    'tenant.provision': { completes: true },
    // A claim that no longer exists needs no check.
    'tenant.domain-check': { completes: true },
    // Without an edge (EDGE_TLS_ADDRESS) there is no certificate to ask for and nothing to health-check: they complete as no-ops.
    'tenant.domain-certificate': { completes: true },
    'tenant.domain-health-sweep': { completes: true },
    'tenant.domain-health': { completes: true },
    // A clinic whose deletion tenant never recorded: nothing to remove.
    'tenant.client-deleted': { completes: true },
  },
});
