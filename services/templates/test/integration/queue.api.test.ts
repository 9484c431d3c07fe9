import { Messages } from '@hap/contracts';
import { notFound } from '@hap/service-kit';
import { describeQueues } from '@hap/test-kit/queue-suite';
import { openedForSuite } from '@hap/test-kit/shared-service';
import type { TenantClient } from '../../src/clients/tenant.client';
import { ServiceTemplateRepository } from '../../src/modules/catalogue/catalogue.repository';
import { ClientServiceRepository } from '../../src/modules/client-service/client-service.repository';
import { ClientServiceService } from '../../src/modules/client-service/client-service.service';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { GenerationStore } from '../../src/modules/generation/generation.service';
import { RolloutRepository } from '../../src/modules/rollout/rollout.repository';
import { RolloutService } from '../../src/modules/rollout/rollout.service';
import { createHandlers } from '../../src/queues/handlers';

const config = loadServiceConfig();
const dataSource = openedForSuite(createDataSource(config.DATABASE_URL));

/** Tenant knows no clinic: a sign-up's clinic deleted since. */
const NO_CLINICS = {
  assertClientExists: (id: number) => Promise.reject(notFound(Messages.clientNotFound(id))),
} as unknown as TenantClient;

describeQueues({
  owner: 'templates',
  // The worker's real handlers; no model is asked for a generation that does not exist.
  handlers: createHandlers({
    dataSource,
    store: new GenerationStore(dataSource),
    writer: null,
    clientServices: new ClientServiceService(dataSource, new ClientServiceRepository(dataSource), new ServiceTemplateRepository(dataSource), NO_CLINICS),
    rollout: new RolloutService(dataSource, new RolloutRepository(dataSource), new ServiceTemplateRepository(dataSource), new ClientServiceRepository(dataSource), NO_CLINICS, null),
  }),
  samples: {
    'templates.generate': { generationId: 2_000_000_000 },
    'templates.client-deleted': { clientId: 2_000_000_000 },
    'templates.clinic-onboarded': { clientId: 2_000_000_000, submissionId: 2_000_000_000, templateIds: [1] },
    'templates.push': { pushId: 2_000_000_000 },
  },
  expectations: {
    'templates.generate': { failsWith: /^Template generation 2000000000 was not found\.$/ },
    // A clinic with nothing here: nothing to delete.
    'templates.client-deleted': { completes: true },
    // A clinic deleted since its sign-up: nothing to activate.
    'templates.clinic-onboarded': { completes: true },
    // A push gone with its template (deleted since it was asked for): nothing to push.
    'templates.push': { completes: true },
  },
});
