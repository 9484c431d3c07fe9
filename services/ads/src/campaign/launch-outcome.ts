/**
 * What a launch does with Google's refusal. The campaign is one
 * atomic mutate, so a refusal applies nothing; what Google refused of a
 * keyword or an ad is then left out (or, for an exemptible policy violation
 * the admin chose to appeal, sent with the exemption) and the rest is sent
 * again. An ad group left without keywords or ads is left out whole. A
 * refusal of the campaign itself, its budget, location or assets stops the
 * launch. Pure: the worker runs it between attempts.
 */
import { HEALTHCARE_POLICY_VIOLATION, POLICY_LEFT_OUT_STEPS, POLICY_NEXT_STEPS, type CampaignLaunch, type LaunchStatus, type PolicyViolation } from '@hap/contracts';
import type { AdsIssue, AdsOperation } from '../google-ads/ads-gateway';
import type { CampaignOperations, OperationSource } from './campaign-operations';

export interface LaunchTally {
  failedKeywords: CampaignLaunch['failedKeywords'];
  policyViolations: PolicyViolation[];
  /** Ad groups left out, with why. */
  failedAdGroups: Array<{ adGroup: string; reason: string }>;
  /** Ads left out of ad groups that were kept, with why. */
  failedAds: Array<{ adGroup: string; reason: string }>;
}

export const emptyTally = (): LaunchTally => ({ failedKeywords: [], policyViolations: [], failedAdGroups: [], failedAds: [] });

/** What was left out, in lines for the launch log's error details; null when nothing was. */
export function leftOutDetails(tally: LaunchTally): string | null {
  const lines = [...tally.failedAdGroups.map((g) => `${g.adGroup}: ${g.reason}`), ...tally.failedAds.map((a) => `${a.adGroup}: an ad was left out (${a.reason})`)];
  return lines.length ? lines.join('\n') : null;
}

const sameViolation = (a: PolicyViolation, b: PolicyViolation) => a.adGroup === b.adGroup && a.text === b.text && a.policyName === b.policyName;

export type NextAttempt = { kind: 'retry'; operations: CampaignOperations; tally: LaunchTally } | { kind: 'stop'; reason: string; tally: LaunchTally };

/** Google's code for a campaign name already used in the account: the launch's campaign exists already. */
export const isDuplicateCampaignName = (issues: readonly AdsIssue[]) => issues.some((i) => i.code === 'campaign_error:DUPLICATE_CAMPAIGN_NAME');

const reasonOf = (issue: AdsIssue) => (issue.policy ? `${issue.policy.name}: ${issue.message}` : issue.message || issue.code);

/** Where an operation's source is: in words, for a refusal that stops the launch. */
function described(source: OperationSource | undefined): string {
  if (!source) return 'the request';
  const where = source.adGroup ? ` of ad group "${source.adGroup}"` : '';
  return `the ${source.kind.replace('_', ' ')}${where}`;
}

export function nextAttempt(current: CampaignOperations, issues: readonly AdsIssue[], requestPolicyExemption: boolean, tally: LaunchTally): NextAttempt {
  const next: LaunchTally = {
    failedKeywords: [...tally.failedKeywords],
    policyViolations: [...tally.policyViolations],
    failedAdGroups: [...tally.failedAdGroups],
    failedAds: [...tally.failedAds],
  };
  const drop = new Set<number>();
  const exemptions = new Map<number, Array<{ policy_name: string; violating_text: string }>>();

  const violations: Array<{ index: number; violation: PolicyViolation }> = [];
  for (const issue of issues) {
    const source = issue.opIndex === null ? undefined : current.sources[issue.opIndex];
    if (!source || (source.kind !== 'keyword' && source.kind !== 'ad')) {
      return { kind: 'stop', reason: `Google Ads refused ${described(source)}: ${reasonOf(issue)}`, tally: next };
    }
    const index = issue.opIndex!;
    const adGroup = source.adGroup ?? '';
    if (issue.policy) {
      const exempt = issue.policy.exemptible && requestPolicyExemption && issue.policy.key !== null && source.kind === 'keyword';
      violations.push({
        index,
        violation: {
          adGroup: source.adGroup ?? null,
          text: issue.policy.violatingText ?? source.keyword ?? issue.trigger ?? '',
          policyName: issue.policy.name,
          exemptible: issue.policy.exemptible,
          exempted: exempt,
        },
      });
      if (exempt) {
        const key = issue.policy.key!;
        const keys = exemptions.get(index) ?? [];
        if (!keys.some((k) => k.policy_name === key.policy_name && k.violating_text === key.violating_text)) exemptions.set(index, [...keys, key]);
        continue;
      }
    }
    if (drop.has(index)) continue;
    drop.add(index);
    if (source.kind === 'keyword') next.failedKeywords.push({ adGroup, keyword: source.keyword ?? '', reason: reasonOf(issue) });
    else next.failedAds.push({ adGroup, reason: reasonOf(issue) });
  }
  // A keyword left out for another reason is not sent with its exemption either.
  for (const { index, violation } of violations) {
    const recorded = { ...violation, exempted: violation.exempted && !drop.has(index) };
    if (drop.has(index)) exemptions.delete(index);
    if (!next.policyViolations.some((v) => sameViolation(v, recorded))) next.policyViolations.push(recorded);
  }

  // Ad groups left with no keyword or no ad go out whole, with everything that hangs on them.
  const groups = new Map<string, { keywords: number; ads: number }>();
  current.sources.forEach((s, i) => {
    if (!s.adGroup || drop.has(i)) return;
    const g = groups.get(s.adGroup) ?? { keywords: 0, ads: 0 };
    if (s.kind === 'keyword') g.keywords += 1;
    if (s.kind === 'ad') g.ads += 1;
    groups.set(s.adGroup, g);
  });
  const emptied = new Set<string>();
  for (const s of current.sources) {
    if (s.kind !== 'ad_group' || !s.adGroup) continue;
    const g = groups.get(s.adGroup) ?? { keywords: 0, ads: 0 };
    if (g.keywords === 0 || g.ads === 0) {
      emptied.add(s.adGroup);
      next.failedAdGroups.push({ adGroup: s.adGroup, reason: g.ads === 0 ? 'Google Ads refused every ad of this ad group' : 'Google Ads refused every keyword of this ad group' });
    }
  }
  const remainingGroups = current.sources.filter((s) => s.kind === 'ad_group' && !emptied.has(s.adGroup ?? '')).length;
  if (remainingGroups === 0) {
    return { kind: 'stop', reason: 'Google Ads refused every ad group of this campaign.', tally: next };
  }

  const operations: AdsOperation[] = [];
  const sources: OperationSource[] = [];
  current.operations.forEach((op, i) => {
    const source = current.sources[i]!;
    if (drop.has(i) || (source.adGroup && emptied.has(source.adGroup))) return;
    const keys = exemptions.get(i);
    if (!keys) {
      operations.push(op);
    } else {
      const sent = (op.exempt_policy_violation_keys ?? []) as Array<{ policy_name?: string | null; violating_text?: string | null }>;
      const added = keys.filter((k) => !sent.some((s) => s.policy_name === k.policy_name && s.violating_text === k.violating_text));
      operations.push({ ...op, operation: 'create', exempt_policy_violation_keys: [...sent, ...added] });
    }
    sources.push(source);
  });
  return { kind: 'retry', operations: { operations, sources }, tally: next };
}

/**
 * The launch's status once Google created the campaign (docs/admin.md#messages):
 * `policy_review` (HEALTHCARE_POLICY_VIOLATION) when Google flagged something
 * an exception can clear, whether it was asked for or the item left out;
 * `partial` when anything else was left out (text that must change);
 * `somethingLeftOut`: known only from the log (a retry after a crash).
 */
export function finishedStatus(tally: LaunchTally, somethingLeftOut = false): { status: LaunchStatus; errorCode: string | null } {
  if (tally.policyViolations.some((v) => v.exemptible)) return { status: 'policy_review', errorCode: HEALTHCARE_POLICY_VIOLATION };
  if (somethingLeftOut || tally.policyViolations.length > 0 || tally.failedKeywords.length > 0 || tally.failedAdGroups.length > 0 || tally.failedAds.length > 0) {
    return { status: 'partial', errorCode: null };
  }
  return { status: 'launched', errorCode: null };
}

/** What the admin does next: Google's review of the exceptions asked for, or how to get the flagged items in; nothing otherwise. */
export function nextStepsOf(status: LaunchStatus, violations: readonly PolicyViolation[]): string[] {
  if (status !== 'policy_review') return [];
  return violations.some((v) => v.exempted) ? [...POLICY_NEXT_STEPS] : [...POLICY_LEFT_OUT_STEPS];
}
