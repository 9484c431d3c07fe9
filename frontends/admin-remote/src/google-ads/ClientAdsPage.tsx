import {
  LAUNCH_LOG_FIGURE_DAYS,
  routes,
  type CampaignLaunch,
  type Client,
  type ServiceCampaignPreview,
  type ServiceListItem,
} from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { backToClients, ClientScreen, positiveIdOf } from '../clients/ClientScreen';
import { api } from '../lib/api';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { useLaunchLog } from './ads-query';
import { CampaignBuilder } from './CampaignBuilder';
import { LaunchedCampaignControls } from './LaunchedCampaignControls';
import { TableHead } from '../pages/TableHead';
import { formatCount, formatMoney } from '../results/results-rules';
import './google-ads.css';
import { NamedOptions } from '../forms/Options';

/**
 * The client ad-campaign page (docs/campaigns.md#client-ad-campaign-page): Back to Clients, the
 * client's name and Google Ads account and manager ids, the campaign builder
 * (docs/campaigns.md#campaign-builder) and the client's launch log.
 */
export function ClientAdsPage() {
  return (
    <ClientScreen section="Ad Campaigns" notFoundTitle="Client Ad Campaigns">
      {(c) => (
        <>
          <PageHeader title={c.name} description="Build, test and launch a Google Ads Search campaign for one of the client's services." actions={backToClients} />
          <section className="adm-card ads-client-facts" aria-label="Google Ads accounts">
            <dl className="ads-facts">
              <dt>Google Ads account</dt>
              <dd>{c.googleAdsAccountId ?? 'Not configured'}</dd>
              <dt>Manager account</dt>
              <dd>{c.googleAdsManagerId ?? 'Not configured'}</dd>
            </dl>
          </section>
          <ClientCampaigns client={c} />
          <LaunchLog clientId={c.id} />
        </>
      )}
    </ClientScreen>
  );
}

function ClientCampaigns({ client }: { client: Client }) {
  const id = useId();
  const services = useQuery({
    queryKey: ['admin', 'services', 'client', client.id],
    queryFn: ({ signal }): Promise<ServiceListItem[]> => api.call(routes.listServicesForClient, { params: { clientId: client.id } }, { signal }),
  });
  // ?service= (Services' Campaign Builder action) starts the builder on that service, if it is the client's.
  const [chosen, setServiceId] = useState<number | null>(positiveIdOf(useSearchParams()[0].get('service') ?? undefined));
  const serviceId = chosen !== null && services.data && !services.data.some((s) => s.id === chosen) ? null : chosen;
  const preview = useQuery({
    queryKey: ['admin', 'google-ads', 'preview', serviceId, undefined, false],
    enabled: serviceId !== null,
    queryFn: ({ signal }): Promise<ServiceCampaignPreview> => api.call(routes.previewServiceCampaign, { query: { serviceId: serviceId! } }, { signal }),
    retry: false,
  });

  return (
    <section className="adm-card ads-builder" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ads-panel-card__title">
        Campaign builder
      </h2>
      <div className="adm-field">
        <label className="adm-label" htmlFor={`${id}-service`}>
          Service
        </label>
        {services.isError ? (
          <LoadFailed heading="h3" title="Failed to fetch services" message={services.error.message} onRetry={() => void services.refetch()} />
        ) : (
          <select id={`${id}-service`} className="adm-input" value={serviceId ?? ''} onChange={(e) => setServiceId(e.target.value ? Number(e.target.value) : null)} disabled={services.isPending}>
            <option value="">{services.isPending ? 'Loading services...' : 'Select a service'}</option>
            <NamedOptions items={services.data} markInactive />
          </select>
        )}
      </div>
      {serviceId !== null && preview.isPending && <LoadingPanel label="Loading the service's campaign..." />}
      {serviceId !== null && preview.isError && (
        <p className="adm-muted" role="status">
          {preview.error.message} The builder starts empty.
        </p>
      )}
      {(serviceId === null || !preview.isPending) && (
        <CampaignBuilder key={`${serviceId}-${preview.dataUpdatedAt}`} client={client} serviceId={serviceId} start={preview.data ?? null} />
      )}
    </section>
  );
}

const STATUS_LABELS: Readonly<Record<CampaignLaunch['status'], { label: string; tone: string }>> = {
  queued: { label: 'Queued', tone: 'adm-badge--neutral' },
  launching: { label: 'Launching', tone: 'adm-badge--neutral' },
  launched: { label: 'Launched', tone: 'adm-badge--success' },
  partial: { label: 'Partly launched', tone: 'adm-badge--warning' },
  policy_review: { label: 'Policy review', tone: 'adm-badge--warning' },
  failed: { label: 'Failed', tone: 'adm-badge--danger' },
};

/** A campaign's status in Google Ads as the launch log says it (a launch creates it paused). */
const GOOGLE_STATUS_LABELS: Readonly<Record<string, { label: string; tone: string }>> = {
  ENABLED: { label: 'Running', tone: 'adm-badge--success' },
  PAUSED: { label: 'Paused', tone: 'adm-badge--neutral' },
  REMOVED: { label: 'Removed', tone: 'adm-badge--danger' },
};

/** docs/admin.md#records campaign_launch_logs: what each launch created and what Google refused; each campaign as the last read found it. */
function LaunchLog({ clientId }: { clientId: number }) {
  const launches = useLaunchLog(clientId);
  return (
    <section className="adm-card adm-table-card" aria-labelledby="launch-log-title">
      <h2 id="launch-log-title" className="ads-panel-card__title ads-log__title">
        Launch log
      </h2>
      {launches.isPending ? (
        <LoadingPanel label="Loading launches..." />
      ) : launches.isError ? (
        <LoadFailed heading="h3" title="Failed to load launches" message={launches.error.message} onRetry={() => void launches.refetch()} />
      ) : launches.data.length === 0 ? (
        <p className="adm-muted ads-log__empty">No campaign has been launched for this client yet.</p>
      ) : (
        <div className="adm-table-scroll">
          <table className="adm-table">
            <TableHead columns={['Launched', 'Campaign', 'Service', 'Launch', 'Now in Google Ads', `Last ${LAUNCH_LOG_FIGURE_DAYS} days`, 'Ad groups', 'Details', 'Change']} />
            <tbody>
              {launches.data.map((l) => (
                <tr key={l.id}>
                  <td>
                    {new Date(l.launchedAt).toLocaleString()}
                    <div className="adm-muted">{l.launchedBy}</div>
                  </td>
                  <td>
                    {l.campaignName}
                    {l.googleAdsUrl && (
                      <div>
                        <a className="ads-link" href={l.googleAdsUrl} target="_blank" rel="noopener noreferrer">
                          Open in Google Ads <ExternalLink size={12} aria-hidden />
                        </a>
                      </div>
                    )}
                  </td>
                  <td>{l.serviceName ?? <span className="adm-muted">—</span>}</td>
                  <td>
                    <span className={`adm-badge ${STATUS_LABELS[l.status].tone}`}>{STATUS_LABELS[l.status].label}</span>
                  </td>
                  <td>
                    {l.inGoogleAds ? (
                      <>
                        <span className={`adm-badge ${(GOOGLE_STATUS_LABELS[l.inGoogleAds.status] ?? { tone: 'adm-badge--neutral' }).tone}`}>
                          {GOOGLE_STATUS_LABELS[l.inGoogleAds.status]?.label ?? l.inGoogleAds.status}
                        </span>
                        <div className="adm-muted">
                          ${l.inGoogleAds.dailyBudget} a day · read {new Date(l.inGoogleAds.readAt).toLocaleString([], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}
                        </div>
                      </>
                    ) : (
                      <span className="adm-muted">{l.googleAdsCampaignId ? 'Not read yet' : '—'}</span>
                    )}
                  </td>
                  <td>
                    {l.lastDays ? (
                      <>
                        {formatCount(l.lastDays.clicks)} clicks · {formatMoney(l.lastDays.cost)}
                        <div className="adm-muted">
                          {formatCount(l.lastDays.impressions)} impressions · {l.lastDays.conversions.toLocaleString('en-US', { maximumFractionDigits: 2 })} conversions
                        </div>
                      </>
                    ) : (
                      <span className="adm-muted">—</span>
                    )}
                  </td>
                  <td>
                    {l.successfulAdGroups} of {l.totalAdGroups}
                  </td>
                  <td className="ads-log__details">
                    {l.errorDetails && <p>{l.errorDetails}</p>}
                    {l.policyViolations.length > 0 && (
                      <p>
                        Policy: {l.policyViolations.map((v) => `"${v.text}" (${v.policyName}${v.exempted ? ', exception requested' : ''})`).join(', ')}
                      </p>
                    )}
                    {l.failedKeywords.length > 0 && <p>Keywords left out: {l.failedKeywords.map((k) => k.keyword).join(', ')}</p>}
                    {!l.errorDetails && l.policyViolations.length === 0 && l.failedKeywords.length === 0 && <span className="adm-muted">—</span>}
                  </td>
                  <td className="ads-log__details">{l.googleAdsCampaignId ? <LaunchedCampaignControls launch={l} /> : <span className="adm-muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
