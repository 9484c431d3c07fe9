import {
  AD_LIMITS,
  BID_STRATEGIES,
  CAMPAIGN_BUDGET,
  NETWORK_SETTINGS,
  routes,
  type BuilderTemplateInput,
  type CampaignTestResult,
  type Client,
  type ServiceCampaignPreview,
} from '@hap/contracts';
import { useMutation } from '@tanstack/react-query';
import { Eye, FlaskConical, LoaderCircle, Rocket } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { api } from '../lib/api';
import { Tabs, type TabItem } from '../pages/Tabs';
import { useToast } from '../toast/toaster';
import { builderFormFrom, builderTemplateOf, emptyBuilderForm, linesOf, type BuilderErrors, type BuilderForm, type BuilderTab } from './builder-form';
import { Counted } from './Counted';
import { DemographicChecks } from './DemographicChecks';
import { LaunchConfirmDialog, type LaunchChoice } from './LaunchConfirmDialog';
import { PolicyExemptionCheck, TemplateBSwitch } from './LaunchOptions';
import { PolicyFindings } from './PolicyFindings';
import { useLaunchCampaign, useLaunchWarnings } from './use-launch';
import { ModalDialog } from '../pages/ModalDialog';

const TABS: ReadonlyArray<TabItem<BuilderTab>> = [
  { id: 'settings', label: 'Campaign Settings' },
  { id: 'ads', label: 'Ad Variations' },
  { id: 'targeting', label: 'Targeting' },
];

/** docs/admin.md#fixed-figures: the preview shows the first 3 headlines and the first description of each ad. */
const PREVIEW_HEADLINES = 3;

/**
 * The campaign builder (docs/campaigns.md#campaign-builder): a service's campaign as settings,
 * one Symptoms/Problems ad variation and audience exclusions; Test Campaign
 * shows Google's review in a preview whose Proceed to Launch is blocked
 * while issues exist; Launch Campaign asks for confirmation (Template B).
 */
export function CampaignBuilder({ client, serviceId, start }: { client: Client; serviceId: number | null; start: ServiceCampaignPreview | null }) {
  const id = useId();
  const toast = useToast();
  const [form, setForm] = useState<BuilderForm>(() => (start ? builderFormFrom(start) : emptyBuilderForm()));
  const [errors, setErrors] = useState<BuilderErrors>({});
  const [tab, setTab] = useState<BuilderTab>('settings');
  const [adPreview, setAdPreview] = useState(false);
  const [tested, setTested] = useState<CampaignTestResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [templateB, setTemplateB] = useState(false);
  const [appeal, setAppeal] = useState(false);
  const set = <K extends keyof BuilderForm>(key: K, value: BuilderForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  /** What every action needs first (docs/admin.md#validation, docs/admin.md#messages): a service, the client's account, a valid form. */
  function ready(action: 'test' | 'launch'): BuilderTemplateInput | null {
    if (serviceId === null) {
      toast({ title: 'No service selected', description: action === 'test' ? 'Please select a service first to test the campaign.' : 'Please select a service first', variant: 'destructive' });
      return null;
    }
    if (!client.googleAdsAccountId) {
      toast({ title: 'Missing Google Ads Account', description: "This client doesn't have a Google Ads account configured. Please add the Google Ads account ID to the client settings.", variant: 'destructive' });
      return null;
    }
    const result = builderTemplateOf(form);
    if ('errors' in result) {
      setErrors(result.errors);
      setTab(result.tab);
      return null;
    }
    setErrors({});
    return result.template;
  }

  const test = useMutation({
    mutationFn: (template: BuilderTemplateInput) =>
      api.call(routes.testGoogleAdsCampaign, { body: { google_ads_id: client.googleAdsAccountId!, clientId: client.id, serviceId: serviceId!, template } }),
    onSuccess: (result) => {
      setTested(result);
      toast({ title: 'Campaign preview generated', description: result.message });
    },
    onError: (error) =>
      toast({ title: 'Test failed', description: error.message ? `Campaign test failed: ${error.message}` : 'The campaign configuration has errors. Please review and try again.', variant: 'destructive' }),
  });
  const launch = useLaunchCampaign('builder', () => setConfirming(false));

  const startTest = () => {
    const template = ready('test');
    if (template) test.mutate(template);
  };
  const policy = useLaunchWarnings(setConfirming);
  const openLaunch = () => {
    if (ready('launch')) setConfirming(true);
  };
  const confirmLaunch = ({ launchAgain, acceptPolicyWarnings }: LaunchChoice) => {
    const template = ready('launch');
    if (!template) return;
    launch.mutate(
      { google_ads_id: client.googleAdsAccountId!, clientId: client.id, serviceId: serviceId!, template, styleParam: templateB ? 'B' : undefined, requestPolicyExemption: appeal, launchAgain, acceptPolicyWarnings },
      { onError: policy.onError },
    );
  };

  const field = (key: keyof BuilderForm, label: string, input: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode, hint?: string) => (
    <div className="adm-field">
      <label className="adm-label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      {input({ id: `${id}-${key}`, ...(errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key}-error` } : {}) })}
      {hint && <p className="adm-muted ads-hint">{hint}</p>}
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="adm-field__error">
          {errors[key]}
        </p>
      )}
    </div>
  );
  const headlines = linesOf(form.headlines);
  const descriptions = linesOf(form.descriptions);
  const keywords = linesOf(form.keywords, true);

  return (
    <>
      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Campaign builder" idPrefix={`${id}-builder`} />
      <div id={`${id}-builder-panel-${tab}`} role="tabpanel" aria-labelledby={`${id}-builder-tab-${tab}`} className="ads-builder__panel">
        {tab === 'settings' && (
          <div className="ads-builder__grid">
            {field('campaignName', 'Campaign name', (p) => <input {...p} className="adm-input" value={form.campaignName} onChange={(e) => set('campaignName', e.target.value)} />)}
            {field('budget', 'Daily budget (USD)', (p) => <input {...p} className="adm-input" type="number" min={CAMPAIGN_BUDGET.min} max={CAMPAIGN_BUDGET.max} value={form.budget} onChange={(e) => set('budget', e.target.value)} />, `Between $${CAMPAIGN_BUDGET.min} and $${CAMPAIGN_BUDGET.max} a day`)}
            {field('bidStrategy', 'Bid strategy', (p) => (
              <select {...p} className="adm-input" value={form.bidStrategy} onChange={(e) => set('bidStrategy', e.target.value as BuilderForm['bidStrategy'])}>
                {BID_STRATEGIES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            ))}
            {field('networkSettings', 'Network settings', (p) => (
              <select {...p} className="adm-input" value={form.networkSettings} onChange={(e) => set('networkSettings', e.target.value as BuilderForm['networkSettings'])}>
                {NETWORK_SETTINGS.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            ))}
            {field('finalUrl', 'Final URL', (p) => <input {...p} className="adm-input" type="url" value={form.finalUrl} onChange={(e) => set('finalUrl', e.target.value)} placeholder="https://clinic.example/trt" />)}
            {field('displayPath1', 'Display path', (p) => (
              <div className="ads-builder__path">
                <input {...p} className="adm-input" maxLength={AD_LIMITS.pathChars} value={form.displayPath1} onChange={(e) => set('displayPath1', e.target.value)} aria-label="Display path, first part" />
                <span aria-hidden>/</span>
                <input className="adm-input" maxLength={AD_LIMITS.pathChars} value={form.displayPath2} onChange={(e) => set('displayPath2', e.target.value)} aria-label="Display path, second part" />
              </div>
            ), `Up to ${AD_LIMITS.pathChars} characters each`)}
          </div>
        )}
        {tab === 'ads' && (
          <>
            {field('keywords', 'Keywords', (p) => <textarea {...p} className="adm-input adm-textarea" rows={5} value={form.keywords} onChange={(e) => set('keywords', e.target.value)} />, 'One per line or separated by commas; phrase match')}
            <details className="ads-variation" open>
              <summary className="ads-variation__summary">Symptoms/Problems variation</summary>
              {field('headlines', `Headlines (${headlines.length} of ${AD_LIMITS.headlinesMin}–${AD_LIMITS.headlinesMax})`, (p) => <textarea {...p} className="adm-input adm-textarea" rows={6} value={form.headlines} onChange={(e) => set('headlines', e.target.value)} />, `One per line, up to ${AD_LIMITS.headlineChars} characters`)}
              <ul className="ads-counted-list">
                {headlines.map((h, i) => (
                  <Counted key={i} text={h} max={AD_LIMITS.headlineChars} />
                ))}
              </ul>
              {field('descriptions', `Descriptions (${descriptions.length} of ${AD_LIMITS.descriptionsMin}–${AD_LIMITS.descriptionsMax})`, (p) => <textarea {...p} className="adm-input adm-textarea" rows={3} value={form.descriptions} onChange={(e) => set('descriptions', e.target.value)} />, `One per line, up to ${AD_LIMITS.descriptionChars} characters`)}
              <ul className="ads-counted-list">
                {descriptions.map((d, i) => (
                  <Counted key={i} text={d} max={AD_LIMITS.descriptionChars} />
                ))}
              </ul>
              <PolicyFindings texts={{ headlines, descriptions, keywords }} />
              <button type="button" className="adm-button adm-button--secondary" onClick={() => setAdPreview(true)}>
                <Eye size={16} aria-hidden /> Preview ad
              </button>
            </details>
          </>
        )}
        {tab === 'targeting' && <DemographicChecks value={form.exclusions} onChange={(next) => set('exclusions', next)} />}
      </div>
      {Object.keys(errors).length > 0 && (
        <p className="adm-field__error" role="alert">
          Please fix the highlighted fields first.
        </p>
      )}
      <div className="ads-builder__actions">
        <button type="button" className="adm-button adm-button--secondary" onClick={startTest} disabled={test.isPending}>
          {test.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <FlaskConical size={16} aria-hidden />}
          {test.isPending ? 'Testing...' : 'Test Campaign'}
        </button>
        <button type="button" className="adm-button adm-button--primary" onClick={openLaunch} disabled={launch.isPending}>
          <Rocket size={16} aria-hidden /> Launch Campaign
        </button>
      </div>

      <ModalDialog open={adPreview} onOpenChange={setAdPreview} className="adm-dialog adm-dialog--narrow" aria-describedby={undefined} title="Ad preview">
        <div className="adm-dialog__body">
          <AdMock finalUrl={form.finalUrl} path={[form.displayPath1, form.displayPath2]} headlines={headlines} descriptions={descriptions} />
        </div>
      </ModalDialog>

      <ModalDialog open={tested !== null} onOpenChange={(open) => !open && setTested(null)} aria-describedby={undefined} title="Campaign Test Preview">
        {tested && (
          <div className="adm-dialog__body ads-preview">
            <p className={tested.validation.issues.length ? 'adm-field__error' : 'ads-ok'} role="status">
              {tested.message}
            </p>
            {tested.validation.issues.length > 0 && (
              <ul className="ads-issues">
                {tested.validation.issues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            )}
            <dl className="ads-facts">
              <dt>Campaign</dt>
              <dd>{tested.preview.campaign.name}</dd>
              <dt>Budget</dt>
              <dd>
                ${tested.preview.campaign.dailyBudget} a day · {tested.preview.campaign.bidStrategy}
              </dd>
              <dt>Network</dt>
              <dd>{tested.preview.campaign.networkSetting}</dd>
              <dt>Location</dt>
              <dd>
                {tested.preview.campaign.radiusMiles} miles around {tested.preview.campaign.location}
              </dd>
              <dt>Keywords</dt>
              <dd>{tested.preview.keywords.length}</dd>
              <dt>Excluded</dt>
              <dd>{tested.preview.audience.excluded.join(', ') || 'No one'}</dd>
            </dl>
            {tested.preview.ads.map((ad, i) => (
              <AdMock key={i} finalUrl={ad.finalUrl} path={[form.displayPath1, form.displayPath2]} headlines={ad.headlines.slice(0, PREVIEW_HEADLINES)} descriptions={ad.descriptions.slice(0, 1)} />
            ))}
            <div className="adm-dialog__footer">
              <button type="button" className="adm-button adm-button--secondary" onClick={() => setTested(null)}>
                Close
              </button>
              <button
                type="button"
                className="adm-button adm-button--primary"
                disabled={tested.validation.issues.length > 0}
                onClick={() => {
                  setTested(null);
                  setConfirming(true);
                }}
              >
                Proceed to Launch
              </button>
            </div>
          </div>
        )}
      </ModalDialog>

      {serviceId !== null && client.googleAdsAccountId && (
        <LaunchConfirmDialog
          open={confirming}
          onOpenChange={policy.onOpenChange}
          summary={{ clientId: client.id, serviceId, accountId: client.googleAdsAccountId, dailyBudget: form.budget, campaignName: form.campaignName, serviceName: form.campaignName }}
          pending={launch.isPending}
          onConfirm={confirmLaunch}
          warnings={policy.warnings}
        >
          <TemplateBSwitch checked={templateB} onChange={setTemplateB} />
          <PolicyExemptionCheck checked={appeal} onChange={setAppeal} />
        </LaunchConfirmDialog>
      )}
    </>
  );
}

/** A Search ad as Google shows it: headlines joined by pipes, the display URL, the description. */
function AdMock({ finalUrl, path, headlines, descriptions }: { finalUrl: string; path: string[]; headlines: string[]; descriptions: string[] }) {
  let host = finalUrl;
  try {
    host = new URL(finalUrl).host;
  } catch {
    // shown as typed
  }
  const display = [host, ...path.map((p) => p.trim()).filter(Boolean)].join('/');
  return (
    <article className="ads-mock" aria-label="Ad">
      <p className="ads-mock__url">
        <span className="ads-mock__sponsored">Sponsored</span> {display}
      </p>
      <p className="ads-mock__headline">{headlines.slice(0, PREVIEW_HEADLINES).join(' | ') || 'Your headlines appear here'}</p>
      <p className="ads-mock__description">{descriptions[0] ?? 'Your description appears here.'}</p>
    </article>
  );
}
