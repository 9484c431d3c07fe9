import type { Config } from '../config';
import type { GoogleAdsConnectionService } from '../modules/connection/connection.service';
import type { GoogleAdsAccess } from '../modules/launches/launch.service';
import { createGoogleAdsApiGateway } from './google-ads-api.gateway';

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
      ? createGoogleAdsApiGateway({
          clientId: config.GOOGLE_ADS_CLIENT_ID!,
          clientSecret: config.GOOGLE_ADS_CLIENT_SECRET!,
          developerToken: config.GOOGLE_ADS_DEVELOPER_TOKEN!,
          apiUrl: config.GOOGLE_ADS_API_URL,
        })
      : null,
    refreshToken: () => connection.refreshToken(),
  };
}
