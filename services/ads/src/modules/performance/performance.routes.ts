import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { PerformanceService } from './performance.service';

/** Google Ads performance: leads' internal read, the admin's sync and account states. */
export const performanceHandlers = (
  performance: PerformanceService,
): Pick<RouteHandlers<'ads'>, 'getCampaignPerformance' | 'syncGoogleAdsPerformance' | 'listPerformanceAccounts'> => ({
  getCampaignPerformance: ({ query }, request) => performance.read(actorOf(request), query),
  syncGoogleAdsPerformance: ({ body }, request) => performance.sync(actorOf(request), body),
  listPerformanceAccounts: (_input, request) => performance.accounts(actorOf(request)),
});
