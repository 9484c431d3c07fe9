import { routes, type OfflineConversion, type OfflineConversionResult } from '@hap/contracts';
import { createInternalClient, internalHeaders } from '@hap/service-kit/internal-client';

/** What leads asks the ads service: a converted lead's offline click conversion (issue 10 §6). */
export interface ConversionUploader {
  /** Throws ApiError: 409 NOT_CONFIGURED (no Google Ads, connection or account), 422 refused for good, 503 try again. */
  upload(conversion: OfflineConversion): Promise<OfflineConversionResult>;
}

export function createAdsClient(options: { baseUrl: string; internalSecret: string; timeoutMs: number }): ConversionUploader {
  const client = createInternalClient({
    baseUrl: options.baseUrl,
    target: 'ads',
    internalSecret: options.internalSecret,
    identity: { kind: 'service', service: 'leads' },
    timeoutMs: options.timeoutMs,
  });
  return {
    upload: (body) => client.call(routes.uploadOfflineConversion, { body }, { headers: internalHeaders({}) }),
  };
}
