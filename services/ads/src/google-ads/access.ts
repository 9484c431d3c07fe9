import type { Config } from '../config';
import type { GoogleAdsConnectionService } from '../modules/connection/connection.service';
import type { GoogleAdsAccess } from '../modules/launches/launch.service';
import type { AdsGateway } from './ads-gateway';
import type { GoogleAdsApiSettings } from './google-ads-api.gateway';

/**
 * Google Ads as configured: the gateway needs the developer token and the
 * OAuth client (its consent is the agency's stored refresh token); without
 * them it is null and the screens say Google Ads is not configured.
 */
/** The developer token and the OAuth client are set: Google Ads can be called. */
export const googleAdsConfigured = (config: Config): boolean =>
  Boolean(config.GOOGLE_ADS_DEVELOPER_TOKEN && config.GOOGLE_ADS_CLIENT_ID && config.GOOGLE_ADS_CLIENT_SECRET && config.GOOGLE_ADS_TOKEN_KEY);

export function googleAdsAccessOf(config: Config, connection: GoogleAdsConnectionService): GoogleAdsAccess {
  return {
    gateway: googleAdsConfigured(config)
      ? gatewayLoadedAtFirstUse({
          clientId: config.GOOGLE_ADS_CLIENT_ID!,
          clientSecret: config.GOOGLE_ADS_CLIENT_SECRET!,
          developerToken: config.GOOGLE_ADS_DEVELOPER_TOKEN!,
          apiUrl: config.GOOGLE_ADS_API_URL,
        })
      : null,
    refreshToken: () => connection.refreshToken(),
  };
}

/**
 * The gateway on google-ads-api, whose library is loaded at the first call: loading it costs about
 * 2.5 s of CPU, which the service's start (and every start of a stack) need not pay before anyone
 * asks Google (services/ads/README.md).
 */
function gatewayLoadedAtFirstUse(settings: GoogleAdsApiSettings): AdsGateway {
  let loaded: Promise<AdsGateway> | undefined;
  const gateway = () => (loaded ??= import('./google-ads-api.gateway.js').then((m) => m.createGoogleAdsApiGateway(settings)));
  return {
    mutate: async (...args) => (await gateway()).mutate(...args),
    findCampaign: async (...args) => (await gateway()).findCampaign(...args),
    conversionAction: async (...args) => (await gateway()).conversionAction(...args),
    uploadClickConversion: async (...args) => (await gateway()).uploadClickConversion(...args),
    performance: async (...args) => (await gateway()).performance(...args),
    campaignAds: async (...args) => (await gateway()).campaignAds(...args),
    campaignState: async (...args) => (await gateway()).campaignState(...args),
  };
}
