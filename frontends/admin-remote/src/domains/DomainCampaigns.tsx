import { routes, type DomainCampaign } from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Pause } from 'lucide-react';
import { api } from '../lib/api';
import { useToast } from '../toast/toaster';

const campaignsKey = (clientId: number, domain: string) => ['admin', 'domains', clientId, domain, 'campaigns'] as const;

/**
 * A failing domain's running campaigns: every click they buy lands on a
 * broken site, so each has a one-click Pause, through the same campaign control as Results.
 */
export function DomainCampaigns({ clientId, domain }: { clientId: number; domain: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = campaignsKey(clientId, domain);
  const campaigns = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(routes.listDomainCampaigns, { params: { id: clientId, domain } }, { signal }),
  });
  const pause = useMutation({
    mutationFn: (campaign: DomainCampaign) => api.call(routes.setLaunchedCampaignStatus, { params: { launchId: campaign.launchId }, body: { status: 'paused' } }),
    onSuccess: (_result, campaign) => {
      queryClient.setQueryData<DomainCampaign[]>(key, (list) => list?.filter((c) => c.launchId !== campaign.launchId));
      toast({ title: 'Campaign paused', description: `“${campaign.campaignName}” no longer sends clicks to ${domain}.` });
    },
    onError: (failure, campaign) => toast({ title: `Could not pause “${campaign.campaignName}”`, description: failure.message, variant: 'destructive' }),
  });

  if (campaigns.isPending) return <p className="dom-campaigns__note">Looking for running campaigns on {domain}…</p>;
  if (campaigns.isError) return <p className="dom-campaigns__note">Running campaigns could not be listed: {campaigns.error.message}</p>;
  if (campaigns.data.length === 0) return <p className="dom-campaigns__note">No running campaign sends clicks to {domain}.</p>;
  return (
    <section className="dom-campaigns" aria-label={`Running campaigns on ${domain}`}>
      <h4 className="dom-records__title">Running campaigns that send clicks here</h4>
      <ul className="dom-campaigns__list">
        {campaigns.data.map((c) => (
          <li key={c.launchId} className="dom-campaigns__item">
            <span>
              <strong>{c.campaignName}</strong>
              <code className="dom-code">{c.finalUrl}</code>
            </span>
            <button
              type="button"
              className="adm-button adm-button--secondary"
              disabled={pause.isPending}
              onClick={() => pause.mutate(c)}
              aria-label={`Pause ${c.campaignName}`}
            >
              {pause.isPending && pause.variables?.launchId === c.launchId ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Pause size={16} aria-hidden />}
              Pause
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
