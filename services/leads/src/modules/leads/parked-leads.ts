import type { DataSource } from 'typeorm';
import { ParkedLeadSchema, type ParkedLead, type ParkedLeadReceipt } from '@hap/contracts';
import { createParkedWrites, isDatabaseUnavailable, type ParkedWrites, type QueueRedis } from '@hap/service-kit';
import { NEW_LEAD_CHANNELS } from '../delivery/channels';
import type { ExperimentCountsSink } from '../results/experiment-counts';
import { LeadRepository } from './lead.repository';

/**
 * Leads taken while PostgreSQL cannot be reached: the API holds
 * them in Redis (a stream, with a receipt per idempotency key so a retry is
 * answered the first reference instead of holding a second lead) and answers
 * 202; the worker's relay stores them, with their outbox rows, once the
 * database is back, and deliveries go on as for any lead.
 */
export type ParkedLeads = ParkedWrites<ParkedLead, ParkedLeadReceipt>;

/** The stream's name under the deployment's Redis prefix (`<prefix>:{leads.parked}:stream`). */
export const PARKED_LEADS = 'leads.parked';

export const createParkedLeads = (redis: QueueRedis, onError: (err: Error) => void): ParkedLeads =>
  createParkedWrites<ParkedLead, ParkedLeadReceipt>({ redis, name: PARKED_LEADS, parse: (value) => ParkedLeadSchema.parse(value), onError });

export interface StoreHeldOptions {
  parked: ParkedLeads;
  dataSource: DataSource;
  /** A held lead whose key was stored meanwhile under another reference (a retry once the database was back). */
  onKeyTaken?: (lead: ParkedLead, storedReference: string) => void;
  /** Where a stored lead's experiment arm is counted for templates. */
  experimentCounts?: ExperimentCountsSink;
}

/**
 * Stores up to `batch` held leads, oldest first, and removes each from Redis
 * once its row and outbox rows are committed. The insert is idempotent (the
 * reference and the idempotency key are unique): a relay that dies between
 * the commit and the removal, or a second relay, stores nothing twice. While
 * the database is still away the relay stops and the leads stay held.
 * Returns how many it took.
 */
export function storeHeldLeads({ parked, dataSource, onKeyTaken, experimentCounts }: StoreHeldOptions, batch = 100): Promise<number> {
  const leads = new LeadRepository(dataSource);
  return parked.drain(
    async (lead) => {
      if (await leads.insert(lead, NEW_LEAD_CHANNELS)) {
        const experimentId = lead.body.attribution?.experiment?.id;
        if (experimentId !== undefined) await experimentCounts?.publish([experimentId]);
        return;
      }
      if (!lead.idempotencyKey || !onKeyTaken) return;
      const stored = await leads.receiptUnder(lead.idempotencyKey);
      if (stored && stored.reference !== lead.reference) onKeyTaken(lead, stored.reference);
    },
    { batch, isTransient: isDatabaseUnavailable },
  );
}
