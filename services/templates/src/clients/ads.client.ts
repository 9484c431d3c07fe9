import { routes, type PageMoves, type PageMovesResult, type RunningCampaigns, type RunningCampaignsQuery } from '@hap/contracts';
import { createSiblingClient, withRequestId, type SiblingClientOptions } from '@hap/service-kit/internal-client';

/**
 * What templates asks ads about a page (docs/admin.md#page-paths): which running campaigns
 * point to some client services' pages, and to move campaigns after a page's path
 * changed. Ads answers both from its own launch log and Google Ads, never by asking
 * templates back, so no call goes round in a circle.
 */
export interface AdsClient {
  /** Throws (ApiError 503) when ads cannot answer. */
  runningCampaigns(services: RunningCampaignsQuery['services'], requestId?: string): Promise<RunningCampaigns>;
  /** Throws (ApiError 503) when ads cannot answer. */
  movePages(body: PageMoves, requestId?: string): Promise<PageMovesResult>;
}

export type AdsClientOptions = SiblingClientOptions;

/** Ads' internal rows through the kit's signed internal client, as the templates service. */
export function createAdsClient(options: AdsClientOptions): AdsClient {
  const client = createSiblingClient('templates', 'ads', options);
  return {
    async runningCampaigns(services, requestId) {
      if (services.length === 0) return { campaigns: [], checked: true };
      return client.call(routes.listRunningPageCampaigns, { body: { services } }, withRequestId(requestId));
    },
    async movePages(body, requestId) {
      if (body.moves.length === 0) return { updated: [], failed: [] };
      return client.call(routes.movePageCampaigns, { body }, withRequestId(requestId));
    },
  };
}
