import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { isDatabaseUnavailable } from '@hap/service-kit';
import { ApiError, type QueuePayload } from '@hap/contracts';
import type { Clinic, TenantClient } from '../../clients/tenant.client';
import { deliveryChannel, type DeliveryChannelEntry, type DeliveryOutcome, type DeliveryProviders } from './channels';
import { DeliveryRepository, type DeliveryWithLead } from './delivery.repository';

export interface DeliveryDependencies extends DeliveryProviders {
  dataSource: DataSource;
  tenant: TenantClient;
}

/** How long a delivery waits for an unreachable database before it looks again (ms). */
export const DATABASE_AWAY_RETRY_MS = 5_000;

type DeliverJob = Job<QueuePayload<'leads.deliver'>>;

/**
 * The `leads.deliver` job: one channel of one lead, made by that channel's
 * entry (channels.ts). A channel that is not configured is recorded as such,
 * never as sent. A failure is recorded on the row (attempts, last error) and
 * retried by BullMQ; the last attempt, or a failure the channel says no
 * retry fixes, leaves it `failed`, for an admin to see and retry. A delivery
 * already done is not done twice.
 */
export function createDeliveryHandler({ dataSource, tenant, ...providers }: DeliveryDependencies) {
  const deliveries = new DeliveryRepository(dataSource);

  async function clinicOf(clientId: number): Promise<Clinic> {
    try {
      return await tenant.clinic(clientId);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) throw new UnrecoverableError(`Client ${clientId} was not found.`);
      throw err;
    }
  }

  async function recipientsOf(clientId: number) {
    try {
      return await tenant.leadRecipients(clientId);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) throw new UnrecoverableError(`Client ${clientId} was not found.`);
      throw err;
    }
  }

  async function attempt(delivery: DeliveryWithLead): Promise<DeliveryOutcome> {
    let channel: DeliveryChannelEntry;
    try {
      channel = deliveryChannel(delivery.channel);
    } catch (err) {
      throw new UnrecoverableError((err as Error).message);
    }
    try {
      return await channel.deliver(delivery, {
        providers,
        clinic: () => clinicOf(delivery.client_id),
        recipients: () => recipientsOf(delivery.client_id),
        addUserAlerts: (alerts) => deliveries.addUserAlerts(delivery.lead_id, alerts),
        forgetPushSubscription: (endpoint) => tenant.forgetPushSubscription(endpoint),
        agencyRecipients: () => tenant.agencyAlertRecipients(),
      });
    } catch (err) {
      if (channel.refusedForGood?.(err)) throw new UnrecoverableError((err as Error).message);
      throw err;
    }
  }

  const deliver = async ({ deliveryId }: QueuePayload<'leads.deliver'>, job: DeliverJob): Promise<string> => {
    const delivery = await deliveries.withLead(deliveryId);
    if (!delivery) throw new UnrecoverableError(`Delivery ${deliveryId} was not found.`);
    if (delivery.status === 'delivered' || delivery.status === 'not_configured' || delivery.status === 'stopped') return delivery.status;
    try {
      const outcome = await attempt(delivery);
      if (outcome.status === 'deferred') {
        // The provider asks for it later: the job waits that long, without spending a try.
        await deliveries.note(delivery.id, outcome.note);
        await job.moveToDelayed(Date.now() + outcome.retryInMs, job.token);
        throw new DelayedError(outcome.note ?? 'The delivery is asked for again later.');
      }
      await deliveries.settle(delivery.id, outcome.status, outcome.note);
      return 'done';
    } catch (err) {
      if (err instanceof DelayedError) throw err;
      const final = err instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await deliveries.recordFailure(delivery.id, (err as Error).message.slice(0, 1000), final);
      throw err;
    }
  };

  return async (payload: QueuePayload<'leads.deliver'>, job: DeliverJob): Promise<string> => {
    try {
      return await deliver(payload, job);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      // PostgreSQL away: the job waits for it without spending a try. Its five tries last about 30 s; a longer
      // outage would fail the job while the row, which could not be marked, stays queued under a job id BullMQ keeps.
      await job.moveToDelayed(Date.now() + DATABASE_AWAY_RETRY_MS, job.token);
      throw new DelayedError('The database cannot be reached; the delivery waits for it.');
    }
  };
}
