import { describeQueues } from '../../../../infra/test/queue-suite';
import { handlers } from '../../src/queues/handlers';

describeQueues({
  owner: 'ads',
  handlers,
  samples: {
    'ads.generate': { requestId: '0b8f3c6e-6a4e-4d55-9a34-2f1d0c7e9b11', templateId: 5 },
    'ads.optimize': { requestId: '5d0e2f7a-1c3b-4e8d-8f6a-9b2c4d6e8f01', templateId: 5, campaignId: 12, goal: 'improve_ctr' },
    'ads.launch': { launchId: 9 },
  },
  expectations: {
    'ads.generate': { failsWith: /^ads\.generate jobs are not implemented until AI campaign generation/ },
    'ads.optimize': { failsWith: /^ads\.optimize jobs are not implemented until AI campaign optimization/ },
    'ads.launch': { failsWith: /^ads\.launch jobs are not implemented until Google Ads launches/ },
  },
});
