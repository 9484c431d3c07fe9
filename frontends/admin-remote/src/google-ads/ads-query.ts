import { isLaunchFinished, routes, type CampaignJob, type CampaignLaunch, type GoogleAdsAuthStatus, type LaunchLogEntry, type TemplateCampaigns, type TemplateCampaignSummary } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export const SUMMARIES_KEY = ['admin', 'google-ads', 'summaries'] as const;
export const campaignsKey = (templateId: number) => ['admin', 'google-ads', 'campaigns', templateId] as const;

/** Per template with campaigns: the count and the Ready mark (docs/campaigns.md#google-ads-templates). */
export const useCampaignSummaries = () =>
  useQuery({
    queryKey: SUMMARIES_KEY,
    queryFn: ({ signal }): Promise<TemplateCampaignSummary[]> => api.call(routes.listTemplateCampaignSummaries, {}, { signal }),
  });

export const useTemplateCampaigns = (templateId: number | null) =>
  useQuery({
    queryKey: campaignsKey(templateId ?? 0),
    enabled: templateId !== null,
    queryFn: ({ signal }): Promise<TemplateCampaigns> => api.call(routes.listTemplateCampaigns, { params: { id: templateId ?? 0 } }, { signal }),
  });

/** How often a generate or optimize request is asked how it is doing. */
export const JOB_POLL_MS = 1000;

/** How long the screen follows a request before it says the AI is still at it (the worker may be down). */
export const JOB_FOLLOW_MS = 5 * 60 * 1000;

/** The screen stopped following (it was left); not a failure to tell the admin about. */
export const isStoppedFollowing = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Asks `read` every `pollMs` until `finished` says so, the screen is left
 * (`signal`: an AbortError) or `followMs` is up (an Error saying `late`).
 */
async function follow<T>(read: () => Promise<T>, finished: (value: T) => boolean, signal: AbortSignal, pollMs: number, followMs: number, late: string): Promise<T> {
  const until = Date.now() + followMs;
  for (;;) {
    const value = await read();
    if (finished(value)) return value;
    if (Date.now() > until) throw new Error(late);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, pollMs);
      signal.addEventListener('abort', () => (clearTimeout(timer), reject(new DOMException('Stopped following', 'AbortError'))), { once: true });
    });
  }
}

/** Follows a generate or optimize request until it has succeeded or failed, the screen is left, or the time is up. */
export const waitForCampaignJob = (id: string, signal: AbortSignal, pollMs: number = JOB_POLL_MS, followMs: number = JOB_FOLLOW_MS): Promise<CampaignJob> =>
  follow(
    () => api.call(routes.getCampaignJob, { params: { jobId: id } }, { signal }),
    (job) => job.status === 'succeeded' || job.status === 'failed',
    signal,
    pollMs,
    followMs,
    'The AI has not finished yet. Its campaigns appear here when it does: reload the page in a few minutes.',
  );

/** Follows a launch until Google Ads has answered (launched, partial, policy review or failed). */
export const waitForLaunch = (id: string, signal: AbortSignal, pollMs: number = JOB_POLL_MS, followMs: number = JOB_FOLLOW_MS): Promise<CampaignLaunch> =>
  follow(
    () => api.call(routes.getCampaignLaunch, { params: { launchId: id } }, { signal }),
    (launch) => isLaunchFinished(launch.status),
    signal,
    pollMs,
    followMs,
    'The launch is still running. Its result appears in the client’s launch log when Google Ads answers.',
  );

export const launchesKey = (clientId: number) => ['admin', 'google-ads', 'launches', clientId] as const;

/** A clinic's launch log (docs/campaigns.md#campaigns-after-launch): the client ad page's, and the Results' campaign controls. */
export const useLaunchLog = (clientId: number, enabled = true) =>
  useQuery({
    queryKey: launchesKey(clientId),
    queryFn: ({ signal }): Promise<LaunchLogEntry[]> => api.call(routes.listCampaignLaunches, { query: { clientId } }, { signal }),
    enabled,
  });

export const AUTH_STATUS_KEY = ['admin', 'google-ads', 'auth-status'] as const;

/** Whether Google Ads can be connected here, and whether it is (docs/admin.md#states: checked on load). */
export const useGoogleAdsAuthStatus = () =>
  useQuery({
    queryKey: AUTH_STATUS_KEY,
    queryFn: ({ signal }): Promise<GoogleAdsAuthStatus> => api.call(routes.getGoogleAdsAuthStatus, {}, { signal }),
    retry: false,
  });

/** The consent starts with a whole-page navigation (docs/admin.md#states: the browser goes to the auth endpoint). */
export const GOOGLE_ADS_AUTH_ENDPOINT = routes.startGoogleAdsAuth.path;
