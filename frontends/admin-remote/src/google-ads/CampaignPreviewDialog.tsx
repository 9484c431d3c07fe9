import {
  AD_LIMITS,
  ApiError,
  CAMPAIGN_BUDGET,
  CAMPAIGN_RADIUS,
  Messages,
  routes,
  type CampaignPreview,
  type DemographicExclusions,
  type ServiceCampaignPreview,
  type ValidateStructureResult,
} from '@hap/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck, ExternalLink, LoaderCircle, Rocket, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { errorAria } from '../auth/FormField';
import { api } from '../lib/api';
import { Counted } from './Counted';
import { DemographicChecks } from './DemographicChecks';
import { LaunchConfirmDialog, type LaunchChoice } from './LaunchConfirmDialog';
import { PolicyFindings } from './PolicyFindings';
import { PolicyExemptionCheck, TemplateBSwitch } from './LaunchOptions';
import { useToast } from '../toast/toaster';
import { useLaunchCampaign, useLaunchWarnings } from './use-launch';
import { LaunchReadinessNotice } from './LaunchReadinessNotice';
import './google-ads.css';
import { ModalDialog } from '../pages/ModalDialog';
import { EmptyState } from '../pages/EmptyState';
import { NamedOptions } from '../forms/Options';

/** docs/admin.md#fixed-figures: the preview shows 5 keywords and 1 ad per ad group before Show All. */
const KEYWORDS_SHOWN = 5;
const ADS_SHOWN = 1;

/** What validate-structure reads of the preview's campaign (docs/admin.md#calls: template, finalUrl). */
function structureOf(campaign: CampaignPreview['campaign']) {
  return {
    name: campaign.name,
    adGroups: campaign.adGroups.map(({ name, keywordType, keywords, ads }) => ({ name, keywordType, keywords, ads: ads.map(({ headlines, descriptions }) => ({ headlines, descriptions })) })),
    extensions: {
      sitelinks: campaign.extensions.sitelinks.map((s) => ({ linkText: s.text, description1: s.description, description2: s.description2, finalUrl: s.finalUrl })),
      callouts: campaign.extensions.callouts,
    },
  };
}


/**
 * docs/campaigns.md#campaign-dialogs Google Ads Campaign Preview: a clinic's service as its
 * campaign (GET /api/google-ads/preview), the launch inputs (daily budget,
 * radius, demographic exclusions, Template B), Validate Structure and Launch
 * (the preview call shape of launch-campaign).
 */
export function CampaignPreviewDialog({ serviceId, onClose }: { serviceId: number | null; onClose: () => void }) {
  return (
    <ModalDialog open={serviceId !== null} onOpenChange={(open) => !open && onClose()} aria-describedby={undefined} title="Google Ads Campaign Preview">
      {serviceId !== null && <PreviewBody key={serviceId} serviceId={serviceId} onClose={onClose} />}
    </ModalDialog>
  );
}

function PreviewBody({ serviceId, onClose }: { serviceId: number; onClose: () => void }) {
  const [templateB, setTemplateB] = useState(false);
  const [campaignId, setCampaignId] = useState<number | undefined>(undefined);
  const preview = useQuery({
    queryKey: ['admin', 'google-ads', 'preview', serviceId, campaignId, templateB],
    queryFn: ({ signal }): Promise<ServiceCampaignPreview> =>
      api.call(routes.previewServiceCampaign, { query: { serviceId, campaignId, styleParam: templateB ? 'B' : undefined } }, { signal }),
    retry: false,
    placeholderData: (previous) => previous,
  });

  if (preview.isPending) {
    return (
      <div className="adm-dialog__body">
        <p className="ads-auth__line">
          <LoaderCircle size={18} aria-hidden className="adm-spin" /> Building the preview…
        </p>
      </div>
    );
  }
  if (preview.isError) {
    const error = preview.error;
    const status = error instanceof ApiError ? error.status : 0;
    // docs/admin.md#messages: each failure's title.
    const title = error.message === Messages.noServiceCampaigns ? 'No Google Ads Campaign' : error.message === Messages.previewClientNotFound ? 'Client Not Found' : 'Preview Failed';
    const text = status === 409 || status === 404 ? error.message : 'Unable to generate campaign preview. Please try again.';
    return (
      <div className="adm-dialog__body">
        <EmptyState role="alert" heading="h3" title={title} text={text} />
      </div>
    );
  }
  return <PreviewContent serviceId={serviceId} data={preview.data} templateB={templateB} onTemplateB={setTemplateB} onCampaign={setCampaignId} onClose={onClose} />;
}

function PreviewContent({
  serviceId,
  data,
  templateB,
  onTemplateB,
  onCampaign,
  onClose,
}: {
  serviceId: number;
  data: ServiceCampaignPreview;
  templateB: boolean;
  onTemplateB: (on: boolean) => void;
  onCampaign: (id: number) => void;
  onClose: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const { preview, defaults } = data;
  const [budget, setBudget] = useState(String(defaults.dailyBudget));
  const [radius, setRadius] = useState(String(defaults.radiusMiles));
  const [exclusions, setExclusions] = useState<DemographicExclusions>(defaults.exclusions);
  const [allKeywords, setAllKeywords] = useState<ReadonlySet<string>>(new Set());
  const [allAds, setAllAds] = useState<ReadonlySet<string>>(new Set());
  const [result, setResult] = useState<ValidateStructureResult | null>(null);
  const [appeal, setAppeal] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // docs/campaigns.md#campaign-dialogs: success closes the dialog; a failure leaves it open to change and try again.
  const launch = useLaunchCampaign('services', (outcome) => (outcome.status !== 'failed' ? onClose() : setConfirming(false)));
  const policy = useLaunchWarnings(setConfirming);

  const budgetValue = Number(budget);
  const radiusValue = Number(radius);
  const budgetError = Number.isFinite(budgetValue) && budgetValue >= CAMPAIGN_BUDGET.min && budgetValue <= CAMPAIGN_BUDGET.max ? null : `Daily budget must be between ${CAMPAIGN_BUDGET.min} and ${CAMPAIGN_BUDGET.max}`;
  const radiusError = Number.isFinite(radiusValue) && radiusValue >= CAMPAIGN_RADIUS.min && radiusValue <= CAMPAIGN_RADIUS.max ? null : `Radius must be between ${CAMPAIGN_RADIUS.min} and ${CAMPAIGN_RADIUS.max} miles`;

  const validate = useMutation({
    // With the clinic named, the answer says whether a launch would go through.
    mutationFn: () => api.call(routes.validateCampaignStructure, { body: { template: structureOf(preview.campaign), finalUrl: preview.landingUrl, clientId: data.clientId } }),
    onSuccess: (validation) => {
      setResult(validation);
      const count = validation.validationResults.reduce((n, r) => n + r.errors.length, 0);
      // 'Ready for launch' only when nothing is missing: the message says what is (the panel links to where it is set).
      if (validation.allValid) toast({ title: 'Structure Valid', description: validation.message });
      else toast({ title: `Structure Issues Found (${count})`, description: validation.message, variant: 'destructive' });
    },
    onError: (error) => toast({ title: 'Validation Failed', description: error.message || 'Could not validate the ad structure', variant: 'destructive' }),
  });

  /** Launch asks first: the confirmation names the account, the budget and that it is created paused. */
  const startLaunch = () => {
    if (!data.googleAdsAccountId) {
      toast({ title: 'Google Ads Account Required', description: "Please configure the client's Google Ads account ID in their settings first.", variant: 'destructive' });
      return;
    }
    setConfirming(true);
  };
  const confirmLaunch = ({ launchAgain, acceptPolicyWarnings }: LaunchChoice) => {
    if (!data.googleAdsAccountId) return;
    launch.mutate({
      serviceId,
      clientId: data.clientId,
      campaignId: data.campaignId,
      template: structureOf(preview.campaign),
      finalUrl: preview.landingUrl,
      targetAccountId: data.googleAdsAccountId,
      budget: budgetValue,
      radiusMiles: radiusValue,
      styleParam: templateB ? 'B' : undefined,
      demographicExclusions: exclusions,
      requestPolicyExemption: appeal,
      launchAgain,
      acceptPolicyWarnings,
    }, { onError: policy.onError });
  };

  const issuesOf = (group: string) => result?.validationResults.find((r) => r.adGroupName === group)?.errors ?? [];

  return (
    <div className="adm-dialog__body ads-preview">
      <dl className="ads-facts">
        <dt>Service</dt>
        <dd>{preview.serviceName}</dd>
        <dt>Client</dt>
        <dd>{preview.clientName}</dd>
        <dt>Landing page</dt>
        <dd>
          <a href={preview.landingUrl} target="_blank" rel="noopener noreferrer" className="ads-link">
            {preview.landingUrl} <ExternalLink size={14} aria-hidden />
          </a>
        </dd>
        <dt>Google Ads account</dt>
        <dd>{data.googleAdsAccountId ?? 'Not configured'}</dd>
      </dl>

      {data.campaigns.length > 1 && (
        <div className="adm-field">
          <label className="adm-label" htmlFor={`${id}-campaign`}>
            Campaign
          </label>
          <select id={`${id}-campaign`} className="adm-input" value={data.campaignId} onChange={(e) => onCampaign(Number(e.target.value))}>
            <NamedOptions items={data.campaigns} />
          </select>
        </div>
      )}

      <section className="ads-preview__settings" aria-label="Launch settings">
        <div className="adm-field">
          <label className="adm-label" htmlFor={`${id}-budget`}>
            Daily budget (USD)
          </label>
          <input id={`${id}-budget`} className="adm-input" type="number" min={CAMPAIGN_BUDGET.min} max={CAMPAIGN_BUDGET.max} value={budget} onChange={(e) => setBudget(e.target.value)} {...errorAria(`${id}-budget`, budgetError)} />
          {budgetError && (
            <p id={`${id}-budget-error`} className="adm-field__error">
              {budgetError}
            </p>
          )}
        </div>
        <div className="adm-field">
          <label className="adm-label" htmlFor={`${id}-radius`}>
            Radius (miles)
          </label>
          <input id={`${id}-radius`} className="adm-input" type="number" min={CAMPAIGN_RADIUS.min} max={CAMPAIGN_RADIUS.max} value={radius} onChange={(e) => setRadius(e.target.value)} {...errorAria(`${id}-radius`, radiusError)} />
          {radiusError && (
            <p id={`${id}-radius-error`} className="adm-field__error">
              {radiusError}
            </p>
          )}
        </div>
        <TemplateBSwitch checked={templateB} onChange={onTemplateB} />
        <p className="adm-muted ads-preview__facts">
          {defaults.bidStrategy} · {defaults.networkSetting}
        </p>
      </section>

      <DemographicChecks value={exclusions} onChange={setExclusions} />

      <section aria-label="Ad groups">
        <h3 className="ads-group__title">{preview.campaign.name}</h3>
        {preview.campaign.adGroups.map((group, g) => {
          const keywords = allKeywords.has(group.name) ? group.keywords : group.keywords.slice(0, KEYWORDS_SHOWN);
          const ads = allAds.has(group.name) ? group.ads : group.ads.slice(0, ADS_SHOWN);
          const issues = issuesOf(group.name);
          return (
            <section key={g} className="ads-group" aria-label={group.name}>
              <h4 className="ads-group__title">{group.name}</h4>
              {result && (
                <p className={issues.length ? 'adm-field__error' : 'ads-ok'}>
                  {issues.length ? `${issues.length} ${issues.length === 1 ? 'issue' : 'issues'}: ${issues.join('; ')}` : (
                    <>
                      <CircleCheck size={14} aria-hidden /> No issues
                    </>
                  )}
                </p>
              )}
              <ul className="ads-chips">
                {keywords.map((k, i) => (
                  <li key={i}>{k}</li>
                ))}
              </ul>
              {group.keywords.length > KEYWORDS_SHOWN && !allKeywords.has(group.name) && (
                <button type="button" className="adm-link-button" onClick={() => setAllKeywords(new Set([...allKeywords, group.name]))}>
                  Show All {group.keywords.length} keywords
                </button>
              )}
              <p className="adm-muted ads-group__lands">
                {/* docs/campaigns.md#message-match: the page a click on the group's first keyword reaches, echoing it. */}
                Lands on{' '}
                <a href={group.landingPage} target="_blank" rel="noopener noreferrer">
                  {group.landingPage}
                </a>
              </p>
              {ads.map((ad, i) => (
                <div key={i} className="ads-ad">
                  <ul className="ads-counted-list">
                    {ad.headlines.map((h, j) => (
                      <Counted key={j} text={h} max={AD_LIMITS.headlineChars} />
                    ))}
                  </ul>
                  <ul className="ads-counted-list">
                    {ad.descriptions.map((d, j) => (
                      <Counted key={j} text={d} max={AD_LIMITS.descriptionChars} />
                    ))}
                  </ul>
                </div>
              ))}
              {group.ads.length > ADS_SHOWN && !allAds.has(group.name) && (
                <button type="button" className="adm-link-button" onClick={() => setAllAds(new Set([...allAds, group.name]))}>
                  Show All {group.ads.length} ads
                </button>
              )}
              <PolicyFindings
                label={`Policy check: ${group.name}`}
                hideWhenClean
                texts={{ headlines: group.ads.flatMap((ad) => ad.headlines), descriptions: group.ads.flatMap((ad) => ad.descriptions), keywords: group.keywords }}
              />
            </section>
          );
        })}
        {result && issuesOf('Campaign').length > 0 && <p className="adm-field__error">Campaign: {issuesOf('Campaign').join('; ')}</p>}
      </section>

      <section aria-label="Extensions">
        <h3 className="ads-group__title">Extensions</h3>
        <ul className="ads-sitelinks">
          {preview.campaign.extensions.sitelinks.map((s, i) => (
            <li key={i}>
              <strong>{s.text}</strong>
              <span>
                {s.description} {s.description2}
              </span>
              <span className="ads-url">{s.finalUrl}</span>
            </li>
          ))}
        </ul>
        <ul className="ads-chips">
          {preview.campaign.extensions.callouts.map((c, i) => (
            <li key={i}>{c}</li>
          ))}
        </ul>
        <p className="adm-muted">
          Call: {preview.campaign.extensions.call?.phone ?? 'no phone on the clinic'} · Location: {preview.campaign.extensions.location?.address ?? 'no address on the clinic'}
        </p>
      </section>

      {result?.readiness && <LaunchReadinessNotice readiness={result.readiness} structureValid={result.allValid} />}

      <div className="adm-dialog__footer">
        <PolicyExemptionCheck checked={appeal} onChange={setAppeal} className="ads-preview__appeal" />
        <button type="button" className="adm-button adm-button--secondary" onClick={() => validate.mutate()} disabled={validate.isPending || launch.isPending || Boolean(budgetError || radiusError)}>
          {validate.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <ShieldCheck size={16} aria-hidden />}
          Validate Structure
        </button>
        <button type="button" className="adm-button adm-button--primary" onClick={startLaunch} disabled={launch.isPending || Boolean(budgetError || radiusError)}>
          {launch.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Rocket size={16} aria-hidden />}
          {launch.isPending ? 'Launching...' : 'Launch'}
        </button>
      </div>
      {data.googleAdsAccountId && (
        <LaunchConfirmDialog
          open={confirming}
          onOpenChange={policy.onOpenChange}
          summary={{ clientId: data.clientId, serviceId, accountId: data.googleAdsAccountId, dailyBudget: budgetValue, campaignName: preview.campaign.name, serviceName: preview.serviceName }}
          pending={launch.isPending}
          onConfirm={confirmLaunch}
          warnings={policy.warnings}
        />
      )}
    </div>
  );
}
