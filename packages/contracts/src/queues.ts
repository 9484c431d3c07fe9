/** Queue names (DESIGN §5). BullMQ forbids ':' in names; dots are fine. */
export const QueueName = {
  templatesGenerate: 'templates.generate',
  adsGenerate: 'ads.generate',
  adsOptimize: 'ads.optimize',
  adsLaunch: 'ads.launch',
  leadsDeliver: 'leads.deliver',
  tenantProvision: 'tenant.provision',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Which service's worker consumes each queue. */
export const queueOwner = {
  'templates.generate': 'templates',
  'ads.generate': 'ads',
  'ads.optimize': 'ads',
  'ads.launch': 'ads',
  'leads.deliver': 'leads',
  'tenant.provision': 'tenant',
} as const satisfies Record<QueueName, string>;
