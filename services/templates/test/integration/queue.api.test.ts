import { describeQueues } from '@hap/test-kit/queue-suite';
import { openedForSuite } from '@hap/test-kit/shared-service';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { GenerationStore } from '../../src/modules/generation/generation.service';
import { createHandlers } from '../../src/queues/handlers';

const config = loadServiceConfig();
const dataSource = openedForSuite(createDataSource(config.DATABASE_URL));

describeQueues({
  owner: 'templates',
  // The worker's real handlers; no model is asked for a generation that does not exist.
  handlers: createHandlers({ dataSource, store: new GenerationStore(dataSource), writer: null }),
  samples: {
    'templates.generate': { generationId: 2_000_000_000 },
    'templates.client-deleted': { clientId: 2_000_000_000 },
  },
  expectations: {
    'templates.generate': { failsWith: /^Template generation 2000000000 was not found\.$/ },
    // A clinic with nothing here: nothing to delete.
    'templates.client-deleted': { completes: true },
  },
});
