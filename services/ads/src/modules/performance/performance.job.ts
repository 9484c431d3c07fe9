import { DelayedError, UnrecoverableError } from 'bullmq';
import { Messages } from '@hap/contracts';
import type { JobHandler, JobQueue } from '@hap/service-kit';
import type { TenantClient } from '../../clients/tenant.client';
import { AdsRequestRefused, AdsRetryLater, type PerformanceReport } from '../../google-ads/ads-gateway';
import type { GoogleAdsAccess } from '../launches/launch.service';
import { lastDays } from './performance-range';
import type { ClinicAccount, PerformanceRepository } from './performance.repository';

const TEN_DIGITS = /^\d{10}$/;

/** Google no longer honours the agency's consent (revoked or expired refresh token): connecting again is the cure, not a retry. */
export const isRevokedConsent = (err: unknown) => err instanceof Error && /invalid_grant/.test(`${err.message} ${JSON.stringify((err as { response?: { data?: unknown } }).response?.data ?? '')}`);

/**
 * ads.performance: one clinic account's campaigns and
 * keywords by day over the range, read from Google Ads and stored in place
 * of what was kept for those days. Not configured or not connected: the
 * account shows 'disconnected' and Google is not asked. Google's quota
 * delay puts the job back for exactly that long (no try spent); an account
 * Google refuses shows 'refused' with Google's words and the job fails at
 * once (the next hourly read tries again); Google unreachable is retried by
 * the queue.
 */
export function createPerformanceHandler(store: PerformanceRepository, access: GoogleAdsAccess): JobHandler<'ads.performance'> {
  return async ({ clientId, customerId, managerId, from, to }, job) => {
    const account: ClinicAccount = { clientId, customerId };
    const gateway = access.gateway;
    if (!gateway) {
      await store.mark(account, 'disconnected', Messages.googleAdsNotConfigured);
      return { skipped: 'not configured' };
    }
    const refreshToken = await access.refreshToken();
    if (!refreshToken) {
      await store.mark(account, 'disconnected', Messages.googleAdsNotConnected);
      return { skipped: 'not connected' };
    }
    let report: PerformanceReport;
    try {
      report = await gateway.performance({ customerId, loginCustomerId: managerId, refreshToken }, { from, to });
    } catch (err) {
      if (err instanceof AdsRetryLater) {
        // Google's own delay; a delayed job does not spend one of its tries.
        await job.moveToDelayed(Date.now() + err.delayMs, job.token);
        throw new DelayedError(err.message);
      }
      if (err instanceof AdsRequestRefused) {
        await store.mark(account, 'refused', err.message);
        throw new UnrecoverableError(`Google Ads refused the report of ${customerId}: ${err.message}`);
      }
      if (isRevokedConsent(err)) {
        await store.mark(account, 'disconnected', `Google no longer accepts the agency's consent (invalid_grant). ${Messages.googleAdsNotConnected}`);
        throw new UnrecoverableError('Google Ads consent revoked or expired');
      }
      throw err;
    }
    await store.replace(account, { from, to }, report);
    return { campaignDays: report.campaigns.length, keywordDays: report.keywords.length };
  };
}

/** A clinic account's read of a range, as the queue's payload. */
export const readOf = (a: { clientId: number; googleAdsAccountId: string; googleAdsManagerId: string | null }, range: { from: string; to: string }) => ({
  clientId: a.clientId,
  customerId: a.googleAdsAccountId,
  managerId: a.googleAdsManagerId && TEN_DIGITS.test(a.googleAdsManagerId) ? a.googleAdsManagerId : null,
  ...range,
});

/**
 * ads.performance-sweep: one ads.performance read of the last `days` days
 * for every clinic with a Google Ads account (tenant's list), each under its
 * account-and-range job id, so a read still waiting is not queued twice.
 * Not connected, each read still runs and marks its account disconnected.
 */
export function createSweepHandler(
  tenant: TenantClient,
  store: PerformanceRepository,
  access: GoogleAdsAccess,
  reads: JobQueue<'ads.performance'>,
  now: () => Date = () => new Date(),
): JobHandler<'ads.performance-sweep'> {
  return async ({ days }) => {
    // Nothing to read with (the worker schedules no sweep then; a sweep queued before is a no-op).
    if (!access.gateway) return { skipped: 'not configured' };
    const accounts = (await tenant.adsAccounts()).filter((a) => TEN_DIGITS.test(a.googleAdsAccountId));
    const range = lastDays(days, now());
    await store.expect(accounts.map((a) => ({ clientId: a.clientId, customerId: a.googleAdsAccountId })));
    const jobs = await reads.addBulk(accounts.map((a) => readOf(a, range)));
    return { queued: jobs.length, ...range };
  };
}
