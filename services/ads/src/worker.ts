import { createQueue, queueRedis, runServiceWorkers } from '@hap/service-kit';
import { modelOptionsOf } from '@hap/service-kit/structured-writer';
import { createCampaignWriter } from './ai/campaign-writer';
import { createTemplatesClient } from './clients/templates.client';
import { createTenantClient } from './clients/tenant.client';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';
import { CampaignJobStore } from './modules/campaigns/campaign-jobs.service';
import { GoogleAdsConnectionService, oauthSettingsOf } from './modules/connection/connection.service';
import { googleAdsAccessOf } from './google-ads/access';
import { recoverStuckLaunches } from './modules/launches/launch.job';
import { LaunchRepository } from './modules/launches/launch.repository';
import { createPerformanceQueues, scheduleHourlySweep } from './modules/performance/performance-queues';
import { PerformanceRepository } from './modules/performance/performance.repository';
import { createHandlers } from './queues/handlers';

/** The ads job process: a BullMQ worker for each queue ads consumes. */
const config = loadServiceConfig();
const dataSource = createDataSource(config.DATABASE_URL);
const writer = createCampaignWriter(modelOptionsOf(config));
const access = googleAdsAccessOf(config, new GoogleAdsConnectionService(dataSource, oauthSettingsOf(config)));
const templates = createTemplatesClient({ baseUrl: config.TEMPLATES_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.TEMPLATES_TIMEOUT_MS });
const tenant = createTenantClient({ baseUrl: config.TENANT_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.TEMPLATES_TIMEOUT_MS });
const performance = createPerformanceQueues(queueRedis(config));
void runServiceWorkers(config, {
  name: 'ads',
  dataSource,
  handlers: createHandlers({
    dataSource,
    store: new CampaignJobStore(dataSource),
    writer,
    templates,
    launches: new LaunchRepository(dataSource),
    access,
    tenant,
    performance: new PerformanceRepository(dataSource),
    reads: performance.read,
  }),
  alongside: (logger) => {
    if (!writer) logger.warn('OPENAI_API_KEY is not set: AI campaign generation is not configured');
    if (!access.gateway) {
      logger.warn('GOOGLE_ADS_DEVELOPER_TOKEN or the OAuth client is not set: Google Ads launches and performance reads are not configured');
      return {
        stop: async () => {
          await Promise.all([performance.read.close(), performance.sweep.close()]);
        },
      };
    }
    // Performance: every clinic account read hourly, one schedule across every ads worker.
    scheduleHourlySweep(performance.sweep).catch((err: unknown) => logger.error({ err }, 'could not schedule the hourly Google Ads performance read'));
    // Launches whose job was lost are taken up again, every minute.
    const queue = createQueue('ads.launch', queueRedis(config));
    const launches = new LaunchRepository(dataSource);
    const timer = setInterval(() => {
      recoverStuckLaunches(launches, queue)
        .then((taken) => taken && logger.warn({ taken }, 'lost launches queued again'))
        .catch((err: unknown) => logger.warn({ err }, 'could not look for lost launches'));
    }, 60_000);
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await queue.close();
        await Promise.all([performance.read.close(), performance.sweep.close()]);
      },
    };
  },
});
