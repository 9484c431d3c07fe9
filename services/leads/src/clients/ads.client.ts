import { routes, type ClinicCampaignIds, type CampaignPerformance, type CampaignPerformanceQuery, type OfflineConversion, type OfflineConversionResult } from '@hap/contracts';
import { createSiblingClient, withRequestId, type SiblingClientOptions } from '@hap/service-kit/internal-client';

/** What leads asks the ads service: a converted lead's offline click conversion. */
export interface ConversionUploader {
  /** Throws ApiError: 409 NOT_CONFIGURED (no Google Ads, connection or account), 422 refused for good, 503 try again. */
  upload(conversion: OfflineConversion): Promise<OfflineConversionResult>;
}

/** What results ask the ads service: the clinics' Google Ads campaigns by day, as last read from Google. */
export interface PerformanceReader {
  performance(query: CampaignPerformanceQuery, requestId: string): Promise<CampaignPerformance>;
}

/** What the page-view fold asks the ads service: the campaign ids each clinic's launches created. */
export interface CampaignIdReader {
  campaignIds(requestId?: string, clientId?: number): Promise<ClinicCampaignIds>;
}

export function createAdsClient(options: SiblingClientOptions): ConversionUploader & PerformanceReader & CampaignIdReader {
  const client = createSiblingClient('leads', 'ads', options);
  return {
    upload: (body) => client.call(routes.uploadOfflineConversion, { body }, withRequestId()),
    performance: (query, requestId) => client.call(routes.getCampaignPerformance, { query }, withRequestId(requestId)),
    campaignIds: (requestId, clientId) => client.call(routes.listClinicCampaignIds, { query: clientId === undefined ? {} : { clientId } }, withRequestId(requestId)),
  };
}
