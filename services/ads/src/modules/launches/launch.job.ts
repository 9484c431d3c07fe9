import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { JobHandler, JobQueue } from '@hap/service-kit';
import { jobIdOf } from '@hap/contracts';
import type { CampaignOperations } from '../../campaign/campaign-operations';
import { emptyTally, finishedStatus, isDuplicateCampaignName, leftOutDetails, nextAttempt, type LaunchTally } from '../../campaign/launch-outcome';
import { AdsRequestRefused, AdsRetryLater, idOfResource, type AdsAccount, type FoundCampaign } from '../../google-ads/ads-gateway';
import type { CampaignLaunchEntity } from './launch.entity';
import type { GoogleAdsAccess } from './launch.service';
import type { LaunchRepository } from './launch.repository';

/** Rounds of "leave out what Google refused and send the rest" before a launch gives up. */
const MAX_ROUNDS = 4;

/**
 * ads.launch: sends the launch's campaign as one atomic mutate
 * and writes the launch log. Exactly once: the campaign's name carries the
 * launch's reference and Google keeps names unique in an account, so an
 * attempt first looks the name up (a crash after Google created it finds it)
 * and a create that meets the name (two attempts at once) adopts it. Google's
 * quota delay puts the job back for that long without spending a try; what
 * Google refuses of keywords and ads is left out or, for exemptible policy
 * violations the admin chose to appeal, sent with the exemption. The last
 * try that cannot reach Google looks the campaign up once more before it
 * calls the launch failed.
 */
export function createLaunchHandler(store: LaunchRepository, access: GoogleAdsAccess): JobHandler<'ads.launch'> {
  async function accountOf(row: CampaignLaunchEntity): Promise<AdsAccount> {
    const gateway = access.gateway;
    const refreshToken = gateway ? await access.refreshToken() : null;
    if (!gateway) return fail(store, row.id, 'NOT_CONFIGURED', 'Google Ads is not configured on the worker.');
    if (!refreshToken) return fail(store, row.id, 'NOT_CONNECTED', 'Google Ads is not connected any more: connect it again and relaunch.');
    return { customerId: row.customerId, loginCustomerId: row.loginCustomerId, refreshToken };
  }

  async function run(launchId: string): Promise<unknown> {
    const row = await store.get(launchId);
    // The launch's record was never committed (its HTTP request failed after queueing): nothing to do.
    if (!row) return { skipped: 'no such launch' };
    if (row.status !== 'queued' && row.status !== 'launching') return { skipped: `already ${row.status}` };
    if (!row.request) return fail(store, launchId, 'NO_REQUEST', 'The launch has no planned campaign.');
    const account = await accountOf(row);
    const gateway = access.gateway!;

    // A campaign an earlier attempt created: recorded with what that attempt had left out.
    const existing = await gateway.findCampaign(account, row.campaignName);
    if (existing) return adopt(store, row, existing, { ...emptyTally(), failedKeywords: row.failedKeywords, policyViolations: row.policyViolations }, row.errorDetails);

    let tally: LaunchTally = emptyTally();
    // Loaded at first use: google-ads-api stays out of the worker's start (services/ads/README.md).
    const { buildCampaignOperations } = await import('../../campaign/campaign-operations.js');
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
          if (found) return adopt(store, row, found, tally, leftOutDetails(tally));
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
  }

  /** The last try could not reach Google (or the database): the campaign may exist all the same; look once more. */
  async function giveUp(launchId: string, err: unknown): Promise<void> {
    const row = await store.get(launchId).catch(() => null);
    if (!row || (row.status !== 'queued' && row.status !== 'launching')) return;
    try {
      const account = await accountOf(row);
      const found = await access.gateway!.findCampaign(account, row.campaignName);
      if (found) {
        await adopt(store, row, found, { ...emptyTally(), failedKeywords: row.failedKeywords, policyViolations: row.policyViolations }, row.errorDetails);
        return;
      }
    } catch {
      // Still unreachable: said below.
    }
    await store.finish(launchId, {
      status: 'failed',
      errorCode: 'UNREACHABLE',
      errorDetails: `Google Ads could not be reached: ${(err as Error).message}. Before launching again, check Google Ads for a campaign named "${row.campaignName}".`,
    });
  }

  return async ({ launchId }, job) => {
    try {
      return await run(launchId);
    } catch (err) {
      if (err instanceof AdsRetryLater) {
        // Google's own delay; a delayed job does not spend one of its tries.
        await job.moveToDelayed(Date.now() + err.delayMs, job.token);
        throw new DelayedError(err.message);
      }
      if (err instanceof UnrecoverableError || err instanceof DelayedError) throw err;
      // Google unreachable or the database: the queue tries again (the name lookup keeps it to one campaign).
      if (isLastAttempt(job)) await giveUp(launchId, err);
      throw err;
    }
  };
}

const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

async function fail(store: LaunchRepository, id: string, code: string, details: string): Promise<never> {
  await store.finish(id, { status: 'failed', errorCode: code, errorDetails: details });
  throw new UnrecoverableError(details);
}

async function finishCreated(store: LaunchRepository, id: string, campaignId: string, adGroupIds: string[], tally: LaunchTally, total: number, details: string | null = leftOutDetails(tally)) {
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
const adopt = (store: LaunchRepository, row: CampaignLaunchEntity, found: FoundCampaign, tally: LaunchTally, details: string | null) =>
  finishCreated(store, row.id, found.id, found.adGroups.map(idOfResource), tally, row.totalAdGroups, details);

/** A launch unfinished this long with no job working on it is taken up again (or, after `MAX_RECOVERIES`, failed). */
export const LAUNCH_STALE_MS = 10 * 60 * 1000;
const MAX_RECOVERIES = 3;

/**
 * Launches whose job is gone or failed without finishing them: Redis lost
 * the job, the API died between committing the launch and queueing it, or
 * BullMQ gave up on a job that stalled twice (its handler never ran to the
 * end). Each is queued again (the name lookup keeps it to one campaign), at
 * most three times; then it is failed with what to check. The ads worker
 * runs this every minute. Returns how many it took up.
 */
export async function recoverStuckLaunches(store: LaunchRepository, queue: JobQueue<'ads.launch'>, staleMs = LAUNCH_STALE_MS): Promise<number> {
  let taken = 0;
  for (const row of await store.stale(staleMs)) {
    const job = await queue.queue.getJob(jobIdOf('ads.launch', { launchId: row.id }));
    const state = job ? await job.getState() : 'missing';
    if (state !== 'missing' && state !== 'failed' && state !== 'completed' && state !== 'unknown') {
      await store.touch(row.id);
      continue;
    }
    if (row.recoveries >= MAX_RECOVERIES) {
      await store.finish(row.id, {
        status: 'failed',
        errorCode: 'STALLED',
        errorDetails: `The launch stopped ${row.recoveries + 1} times before Google Ads answered${job?.failedReason ? ` (${job.failedReason})` : ''}. Before launching again, check Google Ads for a campaign named "${row.campaignName}".`,
      });
      continue;
    }
    // Another ads worker's sweep may have taken it meanwhile: only the one that claims it queues it.
    if (!(await store.claimRecovery(row.id, staleMs))) continue;
    await job?.remove();
    await queue.add({ launchId: row.id });
    taken += 1;
  }
  return taken;
}
