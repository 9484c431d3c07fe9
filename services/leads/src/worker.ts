import { createQueue, queueRedis, runServiceWorkers } from '@hap/service-kit';
import { createGoHighLevel } from '@hap/service-kit/gohighlevel';
import { createSms } from '@hap/service-kit/sms';
import { createPatientTexter } from './modules/messages/patient-text';
import { MessageRepository } from './modules/messages/message.repository';
import { startNudgeSweep } from './modules/messages/nudges';
import { createWebPush } from '@hap/service-kit/push';
import { BookingRepository } from './modules/booking/booking.repository';
import { createAdsClient } from './clients/ads.client';
import { createTenantClient } from './clients/tenant.client';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';
import { clinicAwareNotConfigured, notConfiguredIn } from './modules/delivery/channels';
import { createMailer } from '@hap/service-kit';
import { DEFAULT_PORTS } from '@hap/contracts';
import { startNoticeSweep } from './modules/booking/appointment-notices';
import { startNoticeSweep as startUserNoticeSweep } from './modules/front-desk/user-notices';
import { createPatientBookingLinks } from './modules/booking/booking-links';
import { startRelay } from './modules/delivery/relay';
import { createWebhookSender } from './modules/delivery/webhook';
import { createParkedLeads, storeHeldLeads } from './modules/leads/parked-leads';
import { createExperimentCountsPublisher } from './modules/results/experiment-counts';
import { cachedCampaigns, startPageViewFold } from './modules/results/page-view-fold';
import { createHandlers } from './queues/handlers';
import { randomUUID } from 'node:crypto';
import { startPolling } from '@hap/service-kit';
import { PacingRepository } from './modules/results/pacing.repository';
import { PacingService, sweepBudgetAlerts } from './modules/results/pacing.service';

/** The leads job process: the outbox relay, a BullMQ worker for `leads.deliver`, and the fold of page views into rollups. */
const config = loadServiceConfig();
const dataSource = createDataSource(config.DATABASE_URL);
const redis = queueRedis(config);
const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.LEAD_MAIL_FROM, timeoutMs: config.SMTP_TIMEOUT_MS });
const webhooks = createWebhookSender({ timeoutMs: config.LEAD_WEBHOOK_TIMEOUT_MS, allowPrivate: config.LEAD_WEBHOOK_ALLOW_PRIVATE });
const crm = createGoHighLevel(config);
const push = createWebPush(config);
const booking = new BookingRepository(dataSource);
/** Quiet hours are read in the clinic's zone: its booking availability's, when it has one (docs/leads.md#delivery). */
const clinicZone = async (clientId: number) => (await booking.availability(clientId))?.availability.timeZone ?? null;
const tenant = createTenantClient({ baseUrl: config.TENANT_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.TENANT_TIMEOUT_MS, cacheMs: config.LEAD_CLINIC_CACHE_MS });
const ads = createAdsClient({ baseUrl: config.ADS_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.ADS_TIMEOUT_MS });

// Reminders are queued by the notices' own jobs (delayed jobs, kept in Redis across restarts).
const notices = createQueue('leads.appointment-notice', redis);
const origin = config.PUBLIC_BASE_URL ?? `http://localhost:${DEFAULT_PORTS.gateway}`;
const patientBooking = createPatientBookingLinks({ dataSource, origin, internalSecret: config.INTERNAL_SECRET });
const sms = createSms(config);
const texter = sms ? createPatientTexter({ dataSource, sms, patientBooking, origin }) : null;

void runServiceWorkers(config, {
  name: 'leads',
  dataSource,
  handlers: createHandlers({
    dataSource,
    mailer,
    webhooks,
    crm,
    push,
    clinicZone,
    tenant,
    ads,
    portalOrigin: config.PUBLIC_BASE_URL,
    patientBooking,
    texter,
    sms,
    messages: new MessageRepository(dataSource),
    notices: { dataSource, mailer, tenant, notices, origin, internalSecret: config.INTERNAL_SECRET },
  }),
  alongside: (logger) => {
    if (!mailer) logger.warn('SMTP_URL is not set: lead e-mails are recorded as not configured, and patients get no appointment e-mails');
    if (!crm) logger.warn('GHL_AGENCY_TOKEN / GHL_COMPANY_ID are not set: CRM pushes are recorded as not configured');
    if (!sms) logger.warn('TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN / TWILIO_FROM are not set: patients’ texts are recorded as not configured');
    if (!push) logger.warn('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT are not set: web pushes to clinic users are recorded as not configured');
    const queue = createQueue('leads.deliver', redis);
    // Experiment counts for templates (docs/service-graph.md): all of them once at start (what a Redis outage lost is whole again), then after each write.
    const experimentCounts = createExperimentCountsPublisher(dataSource, redis, (err) => logger.warn({ err }, 'experiment counts not handed to templates; the next write or start does it'));
    void experimentCounts.publishAll().catch((err: unknown) => logger.warn({ err }, 'experiment counts not handed to templates at start'));
    // Leads the API held in Redis while PostgreSQL was away: stored by the relay once it is back.
    const parked = createParkedLeads(redis, (err) => logger.warn({ err }, 'held leads: Redis error'));
    const storeHeld = (batch: number) =>
      storeHeldLeads(
        {
          parked,
          dataSource,
          experimentCounts,
          onKeyTaken: (lead, storedReference) =>
            logger.warn({ key: lead.idempotencyKey, heldReference: lead.reference, storedReference }, 'a held lead was stored meanwhile under another reference (a retry once the database was back): not stored twice'),
        },
        batch,
      ).then((count) => {
        if (count) logger.info({ count }, 'held leads stored');
        return count;
      });
    const relay = startRelay({
      dataSource,
      queue,
      notConfigured: clinicAwareNotConfigured(notConfiguredIn(mailer, crm, push, sms), tenant),
      intervalMs: config.LEAD_RELAY_INTERVAL_MS,
      requeueAfterMs: config.LEAD_REQUEUE_AFTER_MS,
      storeHeld,
      onError: (err) => logger.warn({ err }, 'outbox relay failed; retrying') });
    // The public shell's page views, from Redis into leads.page_view_rollups.
    const fold = startPageViewFold({
      dataSource,
      redis,
      // Only the clinics' launched campaigns' ids become campaign rows of their own (asked of ads, kept a minute).
      campaigns: cachedCampaigns(() => ads.campaignIds()),
      experimentCounts,
      intervalMs: config.PAGE_VIEW_FOLD_INTERVAL_MS,
      onFolded: (result) => {
        if (result.views) logger.debug({ ...result }, 'page views folded');
      },
      onError: (err) => logger.warn({ err }, 'page view fold failed; its counts wait in Redis for the next one'),
    });
    // Appointment e-mails whose jobs were never queued (Redis away at the change): queued from the rows.
    // Leads still new in opening hours: reminders to the clinic and then the agency (docs/speed-to-lead.md#nudges).
    const nudges = startNudgeSweep({ dataSource, intervalMs: config.LEAD_NUDGE_INTERVAL_MS, onError: (err) => logger.warn({ err }, 'nudge sweep failed; retrying') });
    const sweep = startNoticeSweep({ dataSource, notices, intervalMs: Math.max(config.LEAD_RELAY_INTERVAL_MS, 5_000), onError: (err) => logger.warn({ err }, 'appointment notice sweep failed; retrying') });
    // The front desk's notices: an assignment at once, a task's reminder at its due time, each once (docs/leads.md#tasks).
    const userNotices = startUserNoticeSweep({ dataSource, tenant, push, mailer, origin, intervalMs: Math.max(config.LEAD_RELAY_INTERVAL_MS, 5_000), onError: (err) => logger.warn({ err }, 'user notice sweep failed; retrying') });
    // Budget pacing's alerts: 80 % and 100 % of a clinic's monthly budget, a limited campaign booking below target (docs/campaigns.md#budget-pacing).
    const pacingRepository = new PacingRepository(dataSource);
    const pacing = new PacingService(pacingRepository, tenant, async (query, requestId) => ({ ...(await ads.performance(query, requestId)), note: null }));
    const budgetAlerts = startPolling({
      batch: Number.MAX_SAFE_INTEGER,
      intervalMs: config.BUDGET_ALERT_INTERVAL_MS,
      pass: () => sweepBudgetAlerts({ pacing, repository: pacingRepository, tenant, mailer, origin }, `budget-alerts-${randomUUID()}`),
      onRelayed: (count) => logger.info({ count }, 'budget alerts sent'),
      onError: (err) => logger.warn({ err }, 'budget alert sweep failed; retrying'),
    });
    return {
      stop: async () => {
        await budgetAlerts.stop();
        await nudges.stop();
        await userNotices.stop();
        await sweep.stop();
        await notices.close();
        await fold.stop();
        await relay.stop();
        await parked.close();
        await queue.close();
        experimentCounts.close();
        mailer?.close();
      },
    };
  },
});
