import {
  ErrorCode,
  Messages,
  type CampaignPerformance,
  type CampaignPerformanceQuery,
  type ClinicAdsAccount,
  type PerformanceAccount,
  type PerformanceSync,
} from '@hap/contracts';
import { AppError, assertAdmin, conflict, forbidden, isPrivileged, type Actor } from '@hap/service-kit';
import type { TenantClient } from '../../clients/tenant.client';
import type { GoogleAdsAccess } from '../launches/launch.service';
import { readOf } from './performance.job';
import type { PerformanceQueues } from './performance-queues';
import { lastDays } from './performance-range';
import type { PerformanceRepository } from './performance.repository';

const pending = (a: ClinicAdsAccount): PerformanceAccount => ({
  clientId: a.clientId,
  customerId: a.googleAdsAccountId,
  state: 'pending',
  message: null,
  syncedThrough: null,
  lastSyncedAt: null,
});

/**
 * Google Ads performance: the leads service's read of
 * spend, clicks and impressions by clinic, day and campaign; the admin's
 * "read again now" and the accounts' read states.
 */
export class PerformanceService {
  constructor(
    private readonly store: PerformanceRepository,
    private readonly tenant: TenantClient,
    private readonly access: GoogleAdsAccess,
    private readonly queues: PerformanceQueues | null,
  ) {}

  /** Internal (leads): campaign days of the range and the accounts' states; only our services (and admins) read it. */
  async read(actor: Actor, query: CampaignPerformanceQuery): Promise<CampaignPerformance> {
    if (!isPrivileged(actor.identity)) throw forbidden('Only our services may read Google Ads performance.');
    const range = { from: query.from, to: query.to };
    const [days, accounts, budgetLimited] = await Promise.all([this.store.days(range, query.clientId), this.store.accounts(query.clientId), this.store.budgetLimited(query.clientId)]);
    return { days, accounts, budgetLimited };
  }

  /** One read per clinic account (the clinic's, or every one), the last `days` days; a read still waiting is not queued again. */
  async sync(actor: Actor, body: PerformanceSync): Promise<{ queued: number; accounts: PerformanceAccount[] }> {
    assertAdmin(actor);
    const queues = this.queues;
    if (!this.access.gateway || !queues) throw new AppError(503, ErrorCode.NOT_CONFIGURED, Messages.googleAdsNotConfigured);
    if (!(await this.access.refreshToken())) throw conflict(Messages.googleAdsNotConnected);
    let accounts = await this.tenant.adsAccounts(actor.requestId);
    if (body.clientId !== undefined) {
      accounts = accounts.filter((a) => a.clientId === body.clientId);
      if (accounts.length === 0) {
        // No such clinic (404 from tenant), or one without an account.
        await this.tenant.clinic(body.clientId, actor.requestId);
        throw conflict(Messages.clinicWithoutAdsAccount);
      }
    }
    const range = lastDays(body.days);
    await this.store.expect(accounts.map((a) => ({ clientId: a.clientId, customerId: a.googleAdsAccountId })));
    const jobs = await queues.read.addBulk(accounts.map((a) => readOf(a, range)));
    return { queued: jobs.length, accounts: await this.store.accountsOf(accounts.map((a) => a.googleAdsAccountId)) };
  }

  /** Every clinic account (tenant's list) with its read state; one never read yet is pending. */
  async accounts(actor: Actor): Promise<PerformanceAccount[]> {
    assertAdmin(actor);
    const clinics = await this.tenant.adsAccounts(actor.requestId);
    const known = new Map((await this.store.accountsOf(clinics.map((c) => c.googleAdsAccountId))).map((a) => [`${a.clientId}|${a.customerId}`, a]));
    return clinics.map((c) => known.get(`${c.clientId}|${c.googleAdsAccountId}`) ?? pending(c));
  }
}
