import { routes, type CampaignJob, type GoogleAdsAuthStatus, type TemplateCampaigns, type TemplateCampaignSummary } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export const SUMMARIES_KEY = ['admin', 'google-ads', 'summaries'] as const;
export const campaignsKey = (templateId: number) => ['admin', 'google-ads', 'campaigns', templateId] as const;

/** Per template with campaigns: the count and the Ready mark (admin spec §2.13). */
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

/** Follows a generate or optimize request until it has succeeded or failed. */
export async function waitForCampaignJob(id: string, pollMs: number = JOB_POLL_MS): Promise<CampaignJob> {
  for (;;) {
    const job = await api.call(routes.getCampaignJob, { params: { jobId: id } });
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export const AUTH_STATUS_KEY = ['admin', 'google-ads', 'auth-status'] as const;

/** Whether Google Ads can be connected here, and whether it is (admin spec §4: checked on load). */
export const useGoogleAdsAuthStatus = () =>
  useQuery({
    queryKey: AUTH_STATUS_KEY,
    queryFn: ({ signal }): Promise<GoogleAdsAuthStatus> => api.call(routes.getGoogleAdsAuthStatus, {}, { signal }),
    retry: false,
  });

/** The consent starts with a whole-page navigation (admin spec §4: the browser goes to the auth endpoint). */
export const GOOGLE_ADS_AUTH_ENDPOINT = routes.startGoogleAdsAuth.path;
