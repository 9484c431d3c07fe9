import { describeQueues } from '../../../../infra/test/queue-suite';
import { handlers } from '../../src/queues/handlers';

describeQueues({
  owner: 'templates',
  handlers,
  samples: {
    'templates.generate': { generationId: 7 },
  },
  expectations: {
    'templates.generate': { failsWith: /^templates\.generate jobs are not implemented until AI template generation/ },
  },
});
