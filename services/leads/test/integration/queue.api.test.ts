import { describeQueues } from '../../../../infra/test/queue-suite';
import { handlers } from '../../src/queues/handlers';

describeQueues({
  owner: 'leads',
  handlers,
  samples: {
    'leads.deliver': { deliveryId: 41 },
  },
  expectations: {
    'leads.deliver': { failsWith: /^leads\.deliver jobs are not implemented until lead delivery/ },
  },
});
