import { describeQueues } from '../../../../infra/test/queue-suite';
import { handlers } from '../../src/queues/handlers';

describeQueues({
  owner: 'tenant',
  handlers,
  samples: {
    'tenant.provision': { clientId: 3 },
  },
  expectations: {
    'tenant.provision': { failsWith: /^tenant\.provision jobs are not implemented until the CRM \(GoHighLevel\) sub-account integration/ },
  },
});
