import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { JobHandler } from '@hap/service-kit';
import { buildCampaignOperations, type CampaignOperations } from '../../campaign/campaign-operations';
import { emptyTally, finishedStatus, isDuplicateCampaignName, leftOutDetails, nextAttempt, type LaunchTally } from '../../campaign/launch-outcome';
import { AdsRequestRefused, AdsRetryLater, idOfResource, type AdsAccount, type FoundCampaign } from '../../google-ads/ads-gateway';
import type { GoogleAdsAccess } from './launch.service';
import type { LaunchStore } from './launch.store';

/** Rounds of "leave out what Google refused and send the rest" before a launch gives up. */
const MAX_ROUNDS = 4;

/**
 * ads.launch (issue 10 §4): sends the launch's campaign as one atomic mutate
 * and writes the launch log. Exactly once: the campaign's name carries the
 * launch's reference and Google keeps names unique in an account, so an
 * attempt first looks the name up (a crash after Google created it finds it)
 * and a create that meets the name (two attempts at once) adopts it. Google's
 * quota delay puts the job back for that long without spending a try; what
 * Google refuses of keywords and ads is left out or, for exemptible policy
 * violations the admin chose to appeal, sent with the exemption.
 */
export function createLaunchHandler(store: LaunchStore, access: GoogleAdsAccess): JobHandler<'ads.launch'> {
  return async ({ launchId }, job) => {
    const row = await store.get(launchId);
    // The launch's record was never committed (its HTTP request failed after queueing): nothing to do.
    if (!row) return { skipped: 'no such launch' };
    if (row.status !== 'queued' && row.status !== 'launching') return { skipped: `already ${row.status}` };
    if (!row.request) return fail(store, launchId, 'NO_REQUEST', 'The launch has no planned campaign.');

    const gateway = access.gateway;
    const refreshToken = gateway ? await access.refreshToken() : null;
    if (!gateway || !refreshToken) {
      return fail(store, launchId, 'NOT_CONNECTED', gateway ? 'Google Ads is not connected any more: connect it again and relaunch.' : 'Google Ads is not configured on the worker.');
    }
    const account: AdsAccount = { customerId: row.customerId, loginCustomerId: row.loginCustomerId, refreshToken };
    // What earlier attempts left out (kept across a crash).
    let tally: LaunchTally = { ...emptyTally(), failedKeywords: row.failedKeywords, policyViolations: row.policyViolations };
    // What an earlier attempt left out of ad groups and ads, in words (its lists are not kept apart).
    const earlierDetails = row.errorDetails;

    try {
      const existing = await gateway.findCampaign(account, row.campaignName);
      if (existing) return adopt(store, launchId, existing, tally, row.totalAdGroups, earlierDetails);

      let operations: CampaignOperations = buildCampaignOperations(row.request);
      for (let round = 1; round <= MAX_ROUNDS; round++) {
        await store.progress(launchId, tally);
        try {
          const { resourceNames } = await gateway.mutate(account, operations.operations);
          const campaign = resourceNames[operations.sources.findIndex((s) => s.kind === 'campaign')] ?? '';
          const adGroupIds = operations.sources.flatMap((s, i) => (s.kind === 'ad_group' ? [idOfResource(resourceNames[i] ?? '')] : []));
          return finishCreated(store, launchId, idOfResource(campaign), adGroupIds, tally, row.totalAdGroups);
        } catch (err) {
          if (!(err instanceof AdsRequestRefused)) throw err;
          if (isDuplicateCampaignName(err.issues)) {
            const found = await gateway.findCampaign(account, row.campaignName);
            if (found) return adopt(store, launchId, found, tally, row.totalAdGroups, leftOutDetails(tally));
          }
          const next = nextAttempt(operations, err.issues, row.requestPolicyExemption, tally);
          tally = next.tally;
          if (next.kind === 'stop') {
            await store.progress(launchId, tally);
            return fail(store, launchId, 'REFUSED', next.reason);
          }
          operations = next.operations;
        }
      }
      return fail(store, launchId, 'REFUSED', `Google Ads still refused the campaign after ${MAX_ROUNDS} attempts.`);
    } catch (err) {
      if (err instanceof AdsRetryLater) {
        // Google's own delay; a delayed job does not spend one of its tries.
        await job.moveToDelayed(Date.now() + err.delayMs, job.token);
        throw new DelayedError(err.message);
      }
      if (err instanceof UnrecoverableError || err instanceof DelayedError) throw err;
      // Google unreachable or the database: the queue tries again (the name lookup keeps it to one campaign).
      if (isLastAttempt(job)) await store.finish(launchId, { status: 'failed', errorCode: 'UNREACHABLE', errorDetails: `Google Ads could not be reached: ${(err as Error).message}` });
      throw err;
    }
  };
}

const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

async function fail(store: LaunchStore, id: string, code: string, details: string): Promise<never> {
  await store.finish(id, { status: 'failed', errorCode: code, errorDetails: details });
  throw new UnrecoverableError(details);
}

async function finishCreated(store: LaunchStore, id: string, campaignId: string, adGroupIds: string[], tally: LaunchTally, total: number, details: string | null = leftOutDetails(tally)) {
  const { status, errorCode } = finishedStatus(tally, adGroupIds.length < total || details !== null);
  await store.finish(id, {
    status,
    errorCode,
    googleAdsCampaignId: campaignId,
    adGroupIds,
    successfulAdGroups: adGroupIds.length,
    failedAdGroups: Math.max(0, total - adGroupIds.length),
    failedKeywords: tally.failedKeywords,
    policyViolations: tally.policyViolations,
    errorDetails: details,
  });
  return { status, campaignId };
}

/** The campaign an earlier attempt created: recorded, not created again. */
const adopt = (store: LaunchStore, id: string, found: FoundCampaign, tally: LaunchTally, total: number, details: string | null) =>
  finishCreated(store, id, found.id, found.adGroups.map(idOfResource), tally, total, details);

