import type { DataSource } from 'typeorm';
import { createDatabaseServiceApp, queueRedis, listAuditLog, registerContentCache, registerRoutes } from '@hap/service-kit';
import { createAdsClient } from './clients/ads.client';
import { catalogueCache, createCatalogueClient, type CatalogueClient } from './clients/catalogue.client';
import { createTenantClient, type TenantClient } from './clients/tenant.client';
import type { Config } from './config';
import { createDeliveryJobs, type DeliveryJobs } from './modules/admin/delivery-jobs';
import { LeadAdminRepository } from './modules/admin/lead-admin.repository';
import { leadAdminHandlers } from './modules/admin/lead-admin.routes';
import { LeadAdminService } from './modules/admin/lead-admin.service';
import { createNoticeQueue } from './modules/booking/appointment-notices';
import { AppointmentService } from './modules/booking/appointment.service';
import { AppointmentRepository, BookingRepository } from './modules/booking/booking.repository';
import { bookingHandlers } from './modules/booking/booking.routes';
import { BookingService } from './modules/booking/booking.service';
import { LeadRepository } from './modules/leads/lead.repository';
import { leadHandlers } from './modules/leads/lead.routes';
import { LeadService } from './modules/leads/lead.service';
import { createParkedLeads, type ParkedLeads } from './modules/leads/parked-leads';
import { portalHandlers } from './modules/portal/portal.routes';
import { boardHandlers } from './modules/board/board.routes';
import { BoardRepository } from './modules/board/board.repository';
import { BoardService } from './modules/board/board.service';
import { frontDeskHandlers } from './modules/front-desk/front-desk.routes';
import { FrontDeskService } from './modules/front-desk/front-desk.service';
import { messageHandlers } from './modules/messages/message.routes';
import { MessageService } from './modules/messages/message.service';
import { MessagingSettingsService } from './modules/messages/messaging-settings.service';
import { SpeedToLeadRepository } from './modules/results/speed-to-lead.repository';
import { SpeedToLeadService } from './modules/results/speed-to-lead.service';
import { speedToLeadHandlers } from './modules/results/speed-to-lead.routes';
import { createSms, type Sms } from '@hap/service-kit/sms';
import { PortalService } from './modules/portal/portal.service';
import { ResultsRepository } from './modules/results/results.repository';
import { createExperimentCountsPublisher, type ExperimentCountsSink } from './modules/results/experiment-counts';
import { resultsHandlers } from './modules/results/results.routes';
import { PacingRepository } from './modules/results/pacing.repository';
import { PacingService } from './modules/results/pacing.service';
import { ResultsService, type AdsFiguresSource, type CampaignIdsSource } from './modules/results/results.service';

export interface AppDependencies {
  /** How the service checks a lead's service; defaults to HTTP at TEMPLATES_URL. */
  catalogue?: CatalogueClient;
  /** The `leads.deliver` jobs an admin's retry clears; defaults to the queue in REDIS_URL. */
  deliveryJobs?: DeliveryJobs;
  /** Where leads wait while PostgreSQL is away; defaults to the Redis in REDIS_URL, under REDIS_PREFIX. */
  parked?: ParkedLeads;
  /** Which status each clinic counts as a Google Ads conversion, and its name in a lead's consent; defaults to HTTP at TENANT_URL. */
  tenant?: TenantClient;
  /** The clinics' campaign ids for the campaign breakdown; defaults to HTTP at ADS_URL (its internal campaign-ids route). */
  campaignIds?: CampaignIdsSource;
  /** Google Ads figures for results; defaults to HTTP at ADS_URL (its internal performance route). */
  adsFigures?: AdsFiguresSource;
  /** Where experiment counts are kept for templates; defaults to the Redis in REDIS_URL, under REDIS_PREFIX. */
  experimentCounts?: ExperimentCountsSink;
  /** The SMS adapter of the clinic's replies; defaults to Twilio from TWILIO_* (null: not configured). */
  sms?: Sms | null;
  /** The clock of budget pacing's month (docs/campaigns.md#budget-pacing); defaults to the system's. */
  now?: () => Date;
}

/** Builds the leads API without listening (tests drive it in-process). */
export function buildApp(config: Config, dataSource: DataSource, dependencies: AppDependencies = {}) {
  const app = createDatabaseServiceApp('leads', config, dataSource);
  let catalogue = dependencies.catalogue;
  if (!catalogue) {
    // Kept until templates says an admin changed something there (heard on every leads replica), or LEAD_CATALOGUE_CACHE_MS.
    const cache = catalogueCache({
      redis: queueRedis(config),
      ttlMs: config.LEAD_CATALOGUE_CACHE_MS,
      metrics: app.hasDecorator('metrics') ? app.metrics : undefined,
      logger: app.log,
    });
    if (cache) registerContentCache(app, cache);
    catalogue = createCatalogueClient({ baseUrl: config.TEMPLATES_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.TEMPLATES_TIMEOUT_MS, cache });
  }
  const deliveryJobs =
    dependencies.deliveryJobs ?? createDeliveryJobs(queueRedis(config), (err) => app.log.warn({ err }, 'leads.deliver queue connection failed'));
  app.addHook('onClose', () => deliveryJobs.close());
  const parked = dependencies.parked ?? createParkedLeads(queueRedis(config), (err) => app.log.warn({ err }, 'held leads: Redis error'));
  app.addHook('onClose', () => parked.close());
  const tenant =
    dependencies.tenant ??
    createTenantClient({ baseUrl: config.TENANT_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.TENANT_TIMEOUT_MS, cacheMs: config.LEAD_CLINIC_CACHE_MS });
  const adsFigures: AdsFiguresSource =
    dependencies.adsFigures ??
    (() => {
      // A page of results waits 5 s at most for Google Ads figures; without them it still answers (adsNote).
      const ads = createAdsClient({ baseUrl: config.ADS_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: Math.min(config.ADS_TIMEOUT_MS, 5_000) });
      return async (query, requestId) => ({ ...(await ads.performance(query, requestId)), note: null });
    })();
  const campaignIds: CampaignIdsSource =
    dependencies.campaignIds ??
    (() => {
      const ads = createAdsClient({ baseUrl: config.ADS_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: Math.min(config.ADS_TIMEOUT_MS, 5_000) });
      return (clientId, requestId) => ads.campaignIds(requestId, clientId);
    })();
  const experimentCounts =
    dependencies.experimentCounts ??
    (() => {
      const publisher = createExperimentCountsPublisher(dataSource, queueRedis(config), (err) => app.log.warn({ err }, 'experiment counts not handed to templates; the next write or the worker’s start does it'));
      app.addHook('onClose', async () => publisher.close());
      return publisher;
    })();
  const results = new ResultsService(new ResultsRepository(dataSource), catalogue, adsFigures, campaignIds);
  const pacing = new PacingService(new PacingRepository(dataSource), tenant, adsFigures, dependencies.now);
  const leadAdmin = new LeadAdminService(dataSource, new LeadAdminRepository(dataSource), catalogue, deliveryJobs, tenant, experimentCounts);
  const notices = createNoticeQueue(queueRedis(config), (err) => app.log.warn({ err }, 'leads.appointment-notice queue connection failed'));
  app.addHook('onClose', () => notices.close());
  const bookingRepository = new BookingRepository(dataSource);
  const booking = new BookingService(dataSource, bookingRepository, catalogue, config.INTERNAL_SECRET, leadAdmin, notices);
  const appointments = new AppointmentService(
    dataSource,
    new AppointmentRepository(dataSource),
    bookingRepository,
    booking,
    leadAdmin,
    catalogue,
    tenant,
    notices,
    config.INTERNAL_SECRET,
    config.PUBLIC_BASE_URL,
  );
  const leadRows = new LeadAdminRepository(dataSource);
  const availability = new BookingRepository(dataSource);
  const frontDesk = new FrontDeskService(dataSource, leadRows, leadAdmin, tenant, async (clientId) => (await availability.availability(clientId))?.availability.timeZone ?? null);
  const portal = new PortalService(leadAdmin, results);
  registerRoutes(app, 'leads', {
    ...resultsHandlers(results, pacing),
    ...leadHandlers(new LeadService(new LeadRepository(dataSource), catalogue, tenant, parked, config.INTERNAL_SECRET, experimentCounts, frontDesk)),
    ...leadAdminHandlers(leadAdmin),
    ...portalHandlers(portal),
    ...frontDeskHandlers(frontDesk, portal, leadAdmin),
    ...boardHandlers(new BoardService(new BoardRepository(dataSource), catalogue)),
    ...bookingHandlers(booking, appointments),
    ...messageHandlers(
      new MessageService(dataSource, leadAdmin, dependencies.sms === undefined ? createSms(config) : dependencies.sms, config.TWILIO_AUTH_TOKEN ?? null, config.PUBLIC_BASE_URL, frontDesk),
      new MessagingSettingsService(dataSource),
    ),
    ...speedToLeadHandlers(new SpeedToLeadService(new SpeedToLeadRepository(dataSource))),
    listLeadsAuditLog: ({ query }) => listAuditLog(dataSource, 'leads', query),
  });
  return app;
}
