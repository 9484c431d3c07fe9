import { createMailer, createQueue, invalidatePageCacheAfterAuditedWrites, queueRedis, runServiceWorkers, TENANT_PAGE_CACHE } from '@hap/service-kit';
import { createGoHighLevel } from '@hap/service-kit/gohighlevel';
import { catalogueFromConfig, dnsCheckFromConfig, edgeFromConfig, edgeProbeFromConfig, platformHostsOf } from './app';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';
import { DomainQueues, scheduleDailyHealth, unscheduleDailyHealth } from './modules/custom-domain/domain-check.job';
import { openClientDeletedQueues, startClientDeletionRelay } from './modules/client-deletion/client-deletion.relay';
import { startOnboardingRelay } from './modules/onboarding/onboarding.relay';
import { s3SettingsOf } from './modules/upload/upload.objects';
import { uploadStorageFor } from './modules/upload/upload.storage';
import { createHandlers } from './queues/handlers';

/** How often the outbox of clinic deletions is scanned when it was empty (ms). */
const CLIENT_DELETION_RELAY_INTERVAL_MS = 2_000;
/** How often the sign-ups not yet handed to templates are looked for (ms): their services become active within about this. */
const ONBOARDING_RELAY_INTERVAL_MS = 500;

/**
 * The tenant job process: a BullMQ worker for each queue tenant consumes, the relay of clinic deletions
 * to every service and the relay of sign-ups to templates (docs/service-graph.md).
 */
const config = loadServiceConfig();
const dataSource = createDataSource(config.DATABASE_URL);
const crm = createGoHighLevel(config);
// A domain's next DNS check, certificate try and health checks are queued from the jobs themselves.
const domainQueues = new DomainQueues(queueRedis(config));
const probe = edgeProbeFromConfig(config);
const catalogue = catalogueFromConfig(config);
const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, timeoutMs: config.SMTP_TIMEOUT_MS });
void runServiceWorkers(config, {
  name: 'tenant',
  dataSource,
  handlers: createHandlers({
    dataSource,
    catalogue,
    crm,
    uploads: uploadStorageFor(config.UPLOAD_DIR, s3SettingsOf(config)),
    domains: {
      dns: dnsCheckFromConfig(config),
      edge: edgeFromConfig(config),
      platformHosts: platformHostsOf(config),
      queue: (name) => domainQueues.get(name),
      probe,
      mailer,
    },
  }),
  alongside: (logger) => {
    if (!crm) logger.warn('GHL_AGENCY_TOKEN / GHL_COMPANY_ID are not set: CRM sub-accounts are recorded as not configured');
    // The daily health check of active domains: one schedule across every tenant worker.
    const sweep = domainQueues.get('tenant.domain-health-sweep');
    if (probe) {
      scheduleDailyHealth(sweep, config.DOMAIN_HEALTH_CRON).catch((err: unknown) => logger.error({ err }, 'could not schedule the daily domain health check'));
    } else {
      logger.warn('EDGE_TLS_ADDRESS is not set: verified domains get no certificate step and active domains no daily health check');
      unscheduleDailyHealth(sweep).catch((err: unknown) => logger.warn({ err }, 'could not remove the daily domain health check'));
    }
    // A domain's activation, failure or removal here changes which clinic a host shows: like the API's own
    // writes, each audited write committed here clears the API processes' page caches (and the public
    // shell's, which follow them), instead of the old host mapping being kept for a whole TTL.
    const stopClearing = invalidatePageCacheAfterAuditedWrites(dataSource, TENANT_PAGE_CACHE, config, logger);
    // A deleted clinic's event, from tenant's outbox to each owner's `<owner>.client-deleted` queue.
    const deletedQueues = openClientDeletedQueues(queueRedis(config));
    const relay = startClientDeletionRelay({
      dataSource,
      queues: deletedQueues,
      intervalMs: CLIENT_DELETION_RELAY_INTERVAL_MS,
      onRelayed: (count) => logger.info({ count }, 'clinic deletions handed to every service'),
      onError: (err) => logger.warn({ err }, 'clinic deletion relay failed; retrying'),
    });
    // A sign-up's chosen services, from tenant's outbox (the submissions) to templates, which activates them.
    const onboardedQueue = createQueue('templates.clinic-onboarded', queueRedis(config));
    const onboardings = startOnboardingRelay({
      dataSource,
      queue: onboardedQueue,
      intervalMs: ONBOARDING_RELAY_INTERVAL_MS,
      onRelayed: (count) => logger.info({ count }, 'sign-ups handed to templates for their services'),
      onError: (err) => logger.warn({ err }, 'sign-up relay failed; retrying'),
    });
    return {
      stop: async () => {
        await Promise.all([relay.stop(), onboardings.stop()]);
        await Promise.all([domainQueues.close(), stopClearing(), deletedQueues.close(), onboardedQueue.close()]);
        mailer?.close();
        catalogue.close();
      },
    };
  },
});
