import { CampaignBudgetChangeSchema, CAMPAIGN_BUDGET, routes, type CampaignChangeResult, type CampaignLaunch, type LaunchedCampaign } from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Pause, Play, RefreshCw, TrendingUp, Undo2, Wallet } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { api } from '../lib/api';
import { useToast } from '../toast/toaster';
import { formatCustomerId } from './LaunchConfirmDialog';
import { ModalDialog } from '../pages/ModalDialog';

export const launchedCampaignKey = (launchId: string) => ['admin', 'google-ads', 'launched-campaign', launchId] as const;

/** Google's enum names as words: APPROVED_LIMITED → Approved (limited). */
const APPROVAL_WORDS: Readonly<Record<string, string>> = {
  APPROVED: 'Approved',
  APPROVED_LIMITED: 'Approved (limited)',
  AREA_OF_INTEREST_ONLY: 'Area of interest only',
  DISAPPROVED: 'Disapproved',
  UNKNOWN: 'Unknown',
  UNSPECIFIED: 'Not reviewed yet',
};
const REVIEW_WORDS: Readonly<Record<string, string>> = {
  REVIEW_IN_PROGRESS: 'under review',
  REVIEWED: 'reviewed',
  UNDER_APPEAL: 'under appeal',
  ELIGIBLE_MAY_SERVE: 'eligible, may serve',
};
const STATUS_WORDS: Readonly<Record<string, { label: string; tone: string }>> = {
  ENABLED: { label: 'Enabled', tone: 'adm-badge--success' },
  PAUSED: { label: 'Paused', tone: 'adm-badge--warning' },
  REMOVED: { label: 'Removed', tone: 'adm-badge--danger' },
};

/** Each approval status and how many ads have it: "2 Approved, 1 Disapproved". */
function approvals(campaign: LaunchedCampaign): string {
  const counts = new Map<string, number>();
  for (const ad of campaign.ads) {
    const review = REVIEW_WORDS[ad.reviewStatus];
    const word = `${APPROVAL_WORDS[ad.approvalStatus] ?? ad.approvalStatus}${review && ad.reviewStatus !== 'REVIEWED' ? ` (${review})` : ''}`;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].map(([word, n]) => `${n} ${word}`).join(', ') || 'No ads';
}

/**
 * A launched campaign in the launch log: its status, daily
 * budget and ads' policy approval as Google reports them, read when asked;
 * Pause or Resume, and Change budget (confirmed, since money moves). Each
 * change goes to Google once (the ads service checks it with validate_only
 * first) and is audited there. With `suggestedBudget` (budget pacing's
 * recommendation, docs/campaigns.md#budget-pacing) it offers that raise, straight to its
 * confirmation; a budget changed here can be set back from here (Undo).
 */
export function LaunchedCampaignControls({ launch, suggestedBudget }: { launch: CampaignLaunch; suggestedBudget?: number | null }) {
  const [shown, setShown] = useState(false);
  /** The budget dialog: the amount it starts from, and whether it goes straight to the confirmation. */
  const [budgetStart, setBudgetStart] = useState<{ value: number | null; confirm: boolean; n: number } | null>(null);
  const [lastChange, setLastChange] = useState<{ from: number; to: number } | null>(null);
  const [resuming, setResuming] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const campaign = useQuery({
    queryKey: launchedCampaignKey(launch.id),
    enabled: shown,
    retry: false,
    queryFn: ({ signal }): Promise<LaunchedCampaign> => api.call(routes.getLaunchedCampaign, { params: { launchId: launch.id } }, { signal }),
  });
  const applied = (result: CampaignChangeResult) => {
    const before = queryClient.getQueryData<LaunchedCampaign>(launchedCampaignKey(launch.id));
    if (result.applied && before && before.dailyBudget !== result.campaign.dailyBudget) setLastChange({ from: before.dailyBudget, to: result.campaign.dailyBudget });
    queryClient.setQueryData(launchedCampaignKey(launch.id), result.campaign);
    toast({ title: result.applied ? 'Campaign updated' : 'Nothing to change', description: result.message });
  };
  const openBudget = (value: number | null, confirm: boolean) => setBudgetStart((was) => ({ value, confirm, n: (was?.n ?? 0) + 1 }));
  const raise = suggestedBudget ? (
    <button
      type="button"
      className="adm-button adm-button--primary ads-button--small"
      // Asked before Google was read, its confirmation opens once the campaign is known.
      onClick={() => {
        setShown(true);
        openBudget(suggestedBudget, true);
      }}
      aria-label={`Raise the daily budget of ${launch.campaignName} to $${suggestedBudget}`}
    >
      <TrendingUp size={14} aria-hidden /> Raise to ${suggestedBudget}…
    </button>
  ) : null;
  const status = useMutation({
    mutationFn: (next: 'paused' | 'enabled') => api.call(routes.setLaunchedCampaignStatus, { params: { launchId: launch.id }, body: { status: next } }),
    onSuccess: applied,
    onError: (error) => toast({ title: 'Google Ads did not change the campaign', description: error.message, variant: 'destructive' }),
  });

  if (!shown) {
    return (
      <div className="ads-launched__actions">
        {raise}
        <button type="button" className="adm-button adm-button--secondary ads-button--small" onClick={() => setShown(true)} aria-label={`Show ${launch.campaignName} in Google Ads`}>
          Show in Google Ads
        </button>
      </div>
    );
  }
  if (campaign.isPending) {
    return (
      <p className="adm-muted" role="status">
        <LoaderCircle size={14} aria-hidden className="adm-spin" /> Asking Google Ads…
      </p>
    );
  }
  if (campaign.isError) {
    return (
      <div role="alert">
        <p className="adm-field__error">{campaign.error.message}</p>
        <button type="button" className="adm-button adm-button--secondary ads-button--small" onClick={() => void campaign.refetch()}>
          <RefreshCw size={14} aria-hidden /> Try again
        </button>
      </div>
    );
  }
  const c = campaign.data;
  const word = STATUS_WORDS[c.status] ?? { label: c.status, tone: 'adm-badge--neutral' };
  const paused = c.status === 'PAUSED';
  return (
    <div className="ads-launched" aria-label={`${launch.campaignName} in Google Ads`} role="group">
      <p>
        Status: <span className={`adm-badge ${word.tone}`}>{word.label}</span>
        {c.servingStatus !== 'SERVING' && <span className="adm-muted"> ({c.servingStatus.toLowerCase()})</span>}
      </p>
      <p>Daily budget: ${c.dailyBudget}</p>
      {lastChange && lastChange.to === c.dailyBudget && (
        <p>
          Changed from ${lastChange.from} to ${lastChange.to} a day.{' '}
          <button type="button" className="adm-link-button" onClick={() => openBudget(lastChange.from, true)} aria-label={`Undo: set the daily budget of ${launch.campaignName} back to $${lastChange.from}`}>
            <Undo2 size={14} aria-hidden /> Undo…
          </button>
        </p>
      )}
      <p>Ads: {approvals(c)}</p>
      {c.status !== 'REMOVED' && (
        <div className="ads-launched__actions">
          {suggestedBudget && suggestedBudget > c.dailyBudget && raise}
          <button
            type="button"
            className="adm-button adm-button--secondary ads-button--small"
            disabled={status.isPending}
            // Pausing stops spending at once; resuming starts it again, so it asks first.
            onClick={() => (paused ? setResuming(true) : status.mutate('paused'))}
            aria-label={`${paused ? 'Resume' : 'Pause'} ${launch.campaignName}`}
          >
            {status.isPending ? <LoaderCircle size={14} aria-hidden className="adm-spin" /> : paused ? <Play size={14} aria-hidden /> : <Pause size={14} aria-hidden />}
            {paused ? 'Resume' : 'Pause'}
          </button>
          <button type="button" className="adm-button adm-button--secondary ads-button--small" onClick={() => openBudget(null, false)} aria-label={`Change budget of ${launch.campaignName}`}>
            <Wallet size={14} aria-hidden /> Change budget
          </button>
        </div>
      )}
      {budgetStart && (
        // A fresh dialog each time it opens, starting from what it was opened with.
        <BudgetDialog
          key={budgetStart.n}
          onClose={() => setBudgetStart(null)}
          launch={launch}
          current={c.dailyBudget}
          start={budgetStart.value ?? c.dailyBudget}
          confirmFirst={budgetStart.confirm}
          onApplied={applied}
        />
      )}
      <ModalDialog open={resuming} onOpenChange={(next) => !status.isPending && setResuming(next)} className="adm-dialog adm-dialog--narrow" aria-describedby={`resume-${launch.id}-text`} title="Resume campaign">
        <div className="adm-dialog__body">
          <p id={`resume-${launch.id}-text`} className="adm-dialog__text">
            {launch.campaignName} starts serving again in Google Ads account {formatCustomerId(launch.customerId)} and spends up to ${c.dailyBudget} a day.
          </p>
          <div className="adm-dialog__footer">
            <button type="button" className="adm-button adm-button--secondary" onClick={() => setResuming(false)} disabled={status.isPending}>
              Cancel
            </button>
            <button
              type="button"
              className="adm-button adm-button--primary"
              disabled={status.isPending}
              onClick={() => status.mutate('enabled', { onSettled: () => setResuming(false) })}
            >
              {status.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Play size={16} aria-hidden />} Resume
            </button>
          </div>
        </div>
      </ModalDialog>
    </div>
  );
}

/** Change budget's dialog, open while mounted: the amount (from `start`), then its confirmation (at once with `confirmFirst`). */
function BudgetDialog({
  onClose,
  launch,
  current,
  start,
  confirmFirst,
  onApplied,
}: {
  onClose: () => void;
  launch: CampaignLaunch;
  current: number;
  start: number;
  confirmFirst: boolean;
  onApplied: (result: CampaignChangeResult) => void;
}) {
  const id = useId();
  const toast = useToast();
  const [value, setValue] = useState(String(start));
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(confirmFirst ? start : null);
  const change = useMutation({
    mutationFn: (dailyBudget: number) => api.call(routes.setLaunchedCampaignBudget, { params: { launchId: launch.id }, body: { dailyBudget } }),
    onSuccess: (result) => {
      onApplied(result);
      onClose();
    },
    onError: (err) => {
      setConfirming(null);
      setError(err.message);
      toast({ title: 'Google Ads did not change the budget', description: err.message, variant: 'destructive' });
    },
  });
  const reset = (next: boolean) => {
    if (!next && !change.isPending) onClose();
  };
  const review = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CampaignBudgetChangeSchema.safeParse({ dailyBudget: value.trim() === '' ? Number.NaN : Number(value) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Daily budget is not valid');
    setError(null);
    setConfirming(parsed.data.dailyBudget);
  };

  return (
    <ModalDialog open onOpenChange={reset} className="adm-dialog adm-dialog--narrow" aria-describedby={`${id}-text`} title="Change daily budget">
      <div className="adm-dialog__body">
        <p id={`${id}-text`} className="adm-dialog__text">
          {launch.campaignName} in Google Ads account {formatCustomerId(launch.customerId)} spends up to ${current} a day now.
        </p>
        {confirming === null ? (
          <form onSubmit={review} noValidate>
            <div className="adm-field">
              <label className="adm-label" htmlFor={`${id}-budget`}>
                New daily budget (USD)
              </label>
              <input
                id={`${id}-budget`}
                className="adm-input"
                type="number"
                step="0.01"
                min={CAMPAIGN_BUDGET.min}
                max={CAMPAIGN_BUDGET.max}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              />
              <p id={`${id}-hint`} className="adm-muted ads-hint">
                Between ${CAMPAIGN_BUDGET.min} and ${CAMPAIGN_BUDGET.max} a day
              </p>
              {error && (
                <p id={`${id}-error`} className="adm-field__error" role="alert">
                  {error}
                </p>
              )}
            </div>
            <div className="adm-dialog__footer">
              <button type="button" className="adm-button adm-button--secondary" onClick={() => reset(false)}>
                Cancel
              </button>
              <button type="submit" className="adm-button adm-button--primary">
                Continue
              </button>
            </div>
          </form>
        ) : (
          <>
            <p className="adm-dialog__text" role="status">
              Set the daily budget of {launch.campaignName} in Google Ads account {formatCustomerId(launch.customerId)} to ${confirming} (now ${current})?
            </p>
            <div className="adm-dialog__footer">
              <button type="button" className="adm-button adm-button--secondary" onClick={() => setConfirming(null)} disabled={change.isPending}>
                Back
              </button>
              <button type="button" className="adm-button adm-button--primary" onClick={() => change.mutate(confirming)} disabled={change.isPending}>
                {change.isPending && <LoaderCircle size={16} aria-hidden className="adm-spin" />}
                {change.isPending ? 'Changing...' : `Set $${confirming} a day`}
              </button>
            </div>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
