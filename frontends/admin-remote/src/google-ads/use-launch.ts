import { ApiError, Messages, routes, type CampaignLaunch, type LaunchCampaignInput } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api';
import { useToast, type ToastInput } from '../toast/toaster';
import { launchesKey, waitForLaunch } from './ads-query';

/** docs/admin.md#fixed-figures: the policy-violation toast lasts 15000 ms. */
export const POLICY_TOAST_MS = 15_000;

/** Which screen launches: Services Management and the campaign builder word their toasts differently (docs/admin.md#messages). */
export type LaunchScreen = 'services' | 'builder';

const TEXTS = {
  services: {
    launched: 'Campaign Launched',
    launchedText: (l: CampaignLaunch) => `${l.campaignName} was created in Google Ads, paused, with ${l.successfulAdGroups} ad group${l.successfulAdGroups === 1 ? '' : 's'}.`,
    failed: 'Launch Failed',
    failedText: 'Unable to launch campaign. Please check your Google Ads API connection.',
    failedWith: (message: string) => message,
    noAccount: 'Google Ads Account Required',
    noAccountText: "Please configure the client's Google Ads account ID in their settings first.",
  },
  builder: {
    launched: 'Campaign launched',
    launchedText: () => 'Your Google Ads campaign has been successfully launched!',
    failed: 'Launch failed',
    failedText: 'Failed to launch campaign. Please try again.',
    failedWith: (message: string) => `Failed to launch campaign: ${message}`,
    noAccount: 'Missing Google Ads Account',
    noAccountText: "This client doesn't have a Google Ads account configured. Please add the Google Ads account ID to the client settings.",
  },
} as const;

/** The toast that tells how a finished launch went (docs/admin.md#messages). */
export function launchToast(launch: CampaignLaunch, screen: LaunchScreen): ToastInput {
  const texts = TEXTS[screen];
  if (launch.status === 'policy_review') {
    return {
      title: 'Healthcare Policy Exception Required',
      description: `The campaign was created but needs policy approval: Google flagged ${launch.policyViolations.length} item${launch.policyViolations.length === 1 ? '' : 's'} under its healthcare policies.`,
      steps: launch.nextSteps,
      link: launch.googleAdsUrl ? { href: launch.googleAdsUrl, label: 'Open the campaign in Google Ads' } : undefined,
      variant: 'destructive',
      duration: POLICY_TOAST_MS,
    };
  }
  if (launch.status === 'failed') return { title: texts.failed, description: launch.errorDetails ? texts.failedWith(launch.errorDetails) : texts.failedText, variant: 'destructive' };
  if (launch.status === 'partial') {
    const left = launch.failedKeywords.length;
    return {
      title: texts.launched,
      description: `${launch.successfulAdGroups} of ${launch.totalAdGroups} ad groups were created${left ? `; Google refused ${left} keyword${left === 1 ? '' : 's'}` : ''}. See the launch log.`,
    };
  }
  return { title: texts.launched, description: texts.launchedText(launch) };
}

/**
 * The healthcare policy warnings a launch was refused for (409, each an issue at `acceptPolicyWarnings`:
 * docs/campaigns.md#healthcare-policy-check), for the confirmation to ask a yes; null for any other refusal.
 */
export function policyWarningsOf(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const warnings = (error.issues ?? []).filter((issue) => issue.path === 'acceptPolicyWarnings').map((issue) => issue.message);
  return warnings.length ? warnings : null;
}

/**
 * The confirmation's side of policy warnings: a refusal for warnings keeps it open to ask about
 * them (`warnings` for LaunchConfirmDialog), any other closes it (its toast says why); closing
 * forgets them.
 */
export function useLaunchWarnings(setConfirming: (open: boolean) => void) {
  const [warnings, setWarnings] = useState<string[] | null>(null);
  return {
    warnings,
    onError: (error: unknown) => {
      const asked = policyWarningsOf(error);
      setWarnings(asked);
      if (!asked) setConfirming(false);
    },
    onOpenChange: (open: boolean) => {
      setConfirming(open);
      if (!open) setWarnings(null);
    },
  };
}

/**
 * Launch Campaign: the launch is queued (202), followed until Google Ads has
 * answered, and told with the spec's toasts. Pending the whole time, so the
 * button says Launching... until the result is known. Leaving the screen does
 * not stop the following: the toast still comes (the Toaster is the app's).
 */
export function useLaunchCampaign(screen: LaunchScreen, onFinished?: (launch: CampaignLaunch) => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const texts = TEXTS[screen];

  return useMutation({
    mutationFn: async (body: LaunchCampaignInput) => {
      const queued = await api.call(routes.launchGoogleAdsCampaign, { body });
      return waitForLaunch(queued.id, new AbortController().signal);
    },
    onSuccess: (launch) => {
      void queryClient.invalidateQueries({ queryKey: launchesKey(launch.clientId) });
      toast(launchToast(launch, screen));
      onFinished?.(launch);
    },
    onError: (error) => {
      // The confirmation asks about the warnings itself (LaunchConfirmDialog): no toast.
      if (policyWarningsOf(error)) return;
      if (error.message === Messages.googleAdsAccountRequired) toast({ title: texts.noAccount, description: texts.noAccountText, variant: 'destructive' });
      else {
        // A refusal with issues (structure, healthcare policy: docs/campaigns.md#healthcare-policy-check) says each, in its words.
        const issues = error instanceof ApiError && error.issues?.length ? ` ${error.issues.map((issue) => issue.message).join(' ')}` : '';
        toast({ title: texts.failed, description: error.message ? texts.failedWith(`${error.message}${issues}`) : texts.failedText, variant: 'destructive' });
      }
    },
  });
}
