import { routes, type ExperimentCounts } from '@hap/contracts';
import { createInternalClient, internalHeaders } from '@hap/service-kit/internal-client';

/** What templates asks leads: an experiment's arms are counted there (page views folded by its worker, leads stored by it). */
export interface LeadsClient {
  /** Each arm's views, visitors, leads and bookings of these experiments; throws when leads cannot answer. */
  experimentCounts(experiments: Array<{ id: number; clientId: number }>, requestId?: string): Promise<ExperimentCounts[]>;
}

export interface LeadsClientOptions {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
}

/** Leads' `readExperimentCounts` row through the kit's signed internal client, as the templates service. */
export function createLeadsClient(options: LeadsClientOptions): LeadsClient {
  const client = createInternalClient({
    baseUrl: options.baseUrl,
    target: 'leads',
    internalSecret: options.internalSecret,
    identity: { kind: 'service', service: 'templates' },
    timeoutMs: options.timeoutMs,
  });
  return {
    async experimentCounts(experiments, requestId) {
      if (experiments.length === 0) return [];
      return client.call(routes.readExperimentCounts, { body: { experiments } }, { headers: internalHeaders({ requestId }) });
    },
  };
}
