import { UnrecoverableError } from 'bullmq';
import type { JobHandler } from '@hap/service-kit';
import { ProvisionError, type CrmProvisioning } from './crm-provisioning';

/**
 * tenant.provision: creates a clinic's CRM sub-account (CrmProvisioning). A
 * failure that waiting can mend (429, 5xx, the network, the catalogue) is
 * retried with the kit's backoff; one that cannot (GoHighLevel refusing the
 * request, the CRM not configured) ends the job at once, visible on the clinic.
 */
export function createProvisionHandler(provisioning: CrmProvisioning): JobHandler<'tenant.provision'> {
  return async ({ clientId }, job) => {
    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    try {
      return await provisioning.runJob({ identity: { kind: 'service', service: 'tenant' }, requestId: `job-${job.id ?? clientId}` }, clientId, final);
    } catch (err) {
      if (err instanceof ProvisionError && !err.retryable) {
        // Recorded on the clinic already; a not-configured CRM is not the job's failure.
        if (err.status === 503) return null;
        throw new UnrecoverableError(err.message);
      }
      throw err;
    }
  };
}
