import type { DataSource } from 'typeorm';
import { ErrorCode, Messages, type OfflineConversion, type OfflineConversionResult } from '@hap/contracts';
import { AppError, forbidden, isService, recordAudit, type Actor } from '@hap/service-kit';
import type { TenantClient } from '../../clients/tenant.client';
import { customerIdDigits } from '../../campaign/customer-id';
import { AdsRequestRefused, AdsRetryLater, type AdsAccount } from '../../google-ads/ads-gateway';
import type { GoogleAdsAccess } from '../launches/launch.service';
import { ConversionActionRepository } from './conversion-action.repository';

/** The conversion action offline conversions are counted under in each clinic's account. */
export const CONVERSION_ACTION_NAME = 'Health Ads: lead converted (offline)';

/** Google's answers that mean this order id was counted already: a retry, not a failure. */
const ALREADY = /CLICK_CONVERSION_ALREADY_EXISTS|ORDER_ID_ALREADY_IN_USE|DUPLICATE_ORDER_ID/;
/** Google's answers that mean "too early, send it again later": Google says after about six hours. */
const TOO_RECENT = /TOO_RECENT_(EVENT|CONVERSION_ACTION)/;
export const TOO_RECENT_RETRY_SECONDS = 6 * 3600;

/** yyyy-mm-dd hh:mm:ss+00:00, as Google requires (with the offset). */
export const googleDateTime = (iso: string) => `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')}+00:00`;

const notConfigured = (message: string) => new AppError(409, ErrorCode.NOT_CONFIGURED, message);

/**
 * Offline conversions: a lead that came from a Google ad
 * (gclid) and reached its clinic's conversion status becomes one click
 * conversion in the clinic's account, its order id the lead id.
 */
export class ConversionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tenant: TenantClient,
    private readonly access: GoogleAdsAccess,
  ) {}

  private async actionId(account: AdsAccount): Promise<string> {
    const actions = new ConversionActionRepository(this.dataSource);
    const known = await actions.actionIdOf(account.customerId);
    if (known) return known;
    const id = await this.access.gateway!.conversionAction(account, CONVERSION_ACTION_NAME);
    await actions.remember(account.customerId, id, CONVERSION_ACTION_NAME);
    return id;
  }

  async upload(actor: Actor, body: OfflineConversion): Promise<OfflineConversionResult> {
    // Only the leads worker uploads a lead's conversion.
    if (!isService(actor.identity, 'leads')) throw forbidden('Only the leads service may upload conversions.');
    const gateway = this.access.gateway;
    if (!gateway) throw notConfigured(Messages.googleAdsNotConfigured);
    const refreshToken = await this.access.refreshToken();
    if (!refreshToken) throw notConfigured(Messages.googleAdsNotConnected);
    const clinic = await this.tenant.clinic(body.clientId, actor.requestId);
    if (!clinic.googleAdsAccountId) throw notConfigured(Messages.clinicWithoutAdsAccount);
    const account: AdsAccount = {
      customerId: customerIdDigits(clinic.googleAdsAccountId),
      loginCustomerId: clinic.googleAdsManagerId ? customerIdDigits(clinic.googleAdsManagerId) : null,
      refreshToken,
    };
    try {
      const conversionActionId = await this.actionId(account);
      const result = { customerId: account.customerId, conversionActionId, retryAfterSeconds: null, note: null };
      try {
        await gateway.uploadClickConversion(account, {
          gclid: body.gclid,
          conversionActionId,
          conversionDateTime: googleDateTime(body.convertedAt),
          orderId: String(body.leadId),
          value: null,
          currencyCode: 'USD',
        });
      } catch (err) {
        if (err instanceof AdsRequestRefused && err.issues.length > 0 && err.issues.every((i) => ALREADY.test(i.code))) return { status: 'already_uploaded', ...result };
        if (err instanceof AdsRequestRefused && err.issues.some((i) => TOO_RECENT.test(i.code))) {
          return { ...result, status: 'deferred', retryAfterSeconds: TOO_RECENT_RETRY_SECONDS, note: `Google Ads asks for it again later: ${err.message}` };
        }
        if (err instanceof AdsRetryLater) return { ...result, status: 'deferred', retryAfterSeconds: Math.ceil(err.delayMs / 1000), note: err.message };
        throw err;
      }
      // A conversion counted in the clinic's account steers its bidding (money): audited, never the gclid's click alone.
      await recordAudit(this.dataSource.manager, actor, {
        action: 'create',
        entity: 'offline_conversion',
        entityId: body.leadId,
        changes: { after: { leadId: body.leadId, clientId: body.clientId, customerId: account.customerId, convertedAt: body.convertedAt } },
        names: { client: clinic.name, account: account.customerId },
      });
      return { status: 'uploaded', ...result };
    } catch (err) {
      if (err instanceof AdsRetryLater) throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, err.message);
      if (err instanceof AdsRequestRefused) throw new AppError(422, ErrorCode.VALIDATION_FAILED, Messages.conversionRefused(err.message));
      if (err instanceof AppError) throw err;
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('Google Ads'));
    }
  }
}
