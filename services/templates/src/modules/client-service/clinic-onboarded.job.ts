import { Messages } from '@hap/contracts';
import { AppError, type Actor, type JobHandler } from '@hap/service-kit';
import type { ClientServiceService } from './client-service.service';

/**
 * `templates.clinic-onboarded` (contracts ClinicOnboardedEvent, relayed from
 * tenant's outbox of sign-ups: docs/service-graph.md): activates the services
 * the clinic chose, all in one transaction, so its home page shows them together.
 * Idempotent: an active one stays as it is. A template retired since the
 * sign-up is skipped; a clinic deleted since (tenant says 404) ends the job with
 * nothing done. Tenant not answering fails the job, which BullMQ tries again.
 */
export function createClinicOnboardedHandler(services: Pick<ClientServiceService, 'activateAll'>): JobHandler<'templates.clinic-onboarded'> {
  return async ({ clientId, templateIds }, job) => {
    const actor: Actor = { identity: { kind: 'service', service: 'templates' }, requestId: `job-${job.id ?? clientId}` };
    try {
      const { activated, skipped } = await services.activateAll(actor, clientId, templateIds);
      return { clientId, clinicGone: false, activated, skipped };
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404 && err.message === Messages.clientNotFound(clientId)) {
        return { clientId, clinicGone: true, activated: [], skipped: [] };
      }
      throw err;
    }
  };
}
