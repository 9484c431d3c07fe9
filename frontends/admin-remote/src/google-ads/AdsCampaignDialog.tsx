import {
  ApiError,
  CAMPAIGN_BUDGET,
  CAMPAIGN_RADIUS,
  Messages,
  GoogleAdsSettingsSchema,
  readGoogleAdsSettings,
  routes,
  settingsKeywords,
  type AdTexts,
  type Client,
  type GoogleAdsSettings,
  type GoogleAdsSettingsInput,
  type Service,
  type ServiceListItem,
} from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FlaskConical, LoaderCircle, Pencil, Rocket, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { errorAria } from '../auth/FormField';
import { api } from '../lib/api';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { useToast } from '../toast/toaster';
import { LaunchConfirmDialog } from './LaunchConfirmDialog';

/** The ads service refused for want of the clinic's domain: its 409 names the `domain` field. */
const domainIssueOf = (error: Error) => error instanceof ApiError && error.status === 409 && Boolean(error.issues?.some((i) => i.path === 'domain'));
import { useLaunchCampaign, useLaunchWarnings } from './use-launch';
import { LaunchReadinessNotice } from './LaunchReadinessNotice';
import { PolicyFindingList, PolicyFindings } from './PolicyFindings';
import './google-ads.css';
import { ModalDialog } from '../pages/ModalDialog';
import { EmptyState } from '../pages/EmptyState';

const serviceKey = (id: number) => ['admin', 'service', id] as const;

type SettingsForm = Record<keyof GoogleAdsSettingsInput, string>;
const FIELDS: ReadonlyArray<{ key: keyof SettingsForm; label: string; type?: 'number'; hint?: string }> = [
  { key: 'dailyBudget', label: 'Daily budget (USD)', type: 'number', hint: `Between $${CAMPAIGN_BUDGET.min} and $${CAMPAIGN_BUDGET.max}` },
  { key: 'targetRadius', label: 'Target radius (miles)', type: 'number', hint: `Between ${CAMPAIGN_RADIUS.min} and ${CAMPAIGN_RADIUS.max}` },
  { key: 'targetLocation', label: 'Target location' },
  { key: 'primaryKeyword', label: 'Primary keyword' },
  { key: 'keywords', label: 'Keywords', hint: 'Separated by commas' },
  { key: 'headline', label: 'Headline', hint: 'Up to 30 characters' },
  { key: 'description', label: 'Description', hint: 'Up to 90 characters' },
];

/** What the settings' ads and keywords say, as the policy check reads it while the admin types. */
const settingsTexts = (form: SettingsForm): AdTexts => ({
  headlines: form.headline.trim() ? [form.headline] : [],
  descriptions: form.description.trim() ? [form.description] : [],
  keywords: settingsKeywords({ primaryKeyword: form.primaryKeyword, keywords: form.keywords }),
});

const formOf = (s: GoogleAdsSettings | null): SettingsForm => ({
  dailyBudget: String(s?.dailyBudget ?? CAMPAIGN_BUDGET.default),
  targetRadius: String(s?.targetRadius ?? CAMPAIGN_RADIUS.default),
  targetLocation: s?.targetLocation ?? '',
  primaryKeyword: s?.primaryKeyword ?? '',
  keywords: s?.keywords ?? '',
  headline: s?.headline ?? '',
  description: s?.description ?? '',
});

/**
 * docs/campaigns.md#campaign-dialogs Google Ads Campaign dialog: the service, its saved ad
 * settings (or that none are configured, with Configure Settings), and
 * Validate Structure, Test Campaign and Launch Campaign, which need them.
 */
export function AdsCampaignDialog({ client, service, onClose }: { client: Client; service: ServiceListItem | null; onClose: () => void }) {
  return (
    <ModalDialog open={service !== null} onOpenChange={(open) => !open && onClose()} aria-describedby={undefined} title="Google Ads Campaign">
      {service && <CampaignBody key={service.id} client={client} item={service} onClose={onClose} />}
    </ModalDialog>
  );
}

function CampaignBody({ client, item, onClose }: { client: Client; item: ServiceListItem; onClose: () => void }) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const service = useQuery({ queryKey: serviceKey(item.id), queryFn: ({ signal }): Promise<Service> => api.call(routes.getService, { params: { id: item.id } }, { signal }) });
  const settings = readGoogleAdsSettings(service.data?.googleAdsSettings);
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof SettingsForm, string>>>({});

  const save = useMutation({
    mutationFn: (googleAdsSettings: GoogleAdsSettingsInput) => api.call(routes.updateService, { params: { id: item.id }, body: { googleAdsSettings } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(serviceKey(item.id), saved);
      setForm(null);
      toast({ title: 'Settings saved', description: `The Google Ads settings of ${item.name} were saved.` });
    },
    onError: (error) => toast({ title: 'Update failed', description: error.message || 'Failed to update service. Please try again.', variant: 'destructive' }),
  });
  const validate = useMutation({
    mutationFn: () => api.call(routes.previewServiceCampaign, { query: { serviceId: item.id } }),
    onSuccess: ({ validation, policy }) => {
      const count = validation.validationResults.reduce((n, r) => n + r.errors.length, 0);
      const blocking = policy.findings.filter((f) => f.severity === 'block').length;
      // The preview's message says 'ready for launch' only when nothing a launch needs is missing; policy findings are listed in the dialog.
      if (validation.allValid && blocking > 0) toast({ title: `Policy Issues Found (${blocking})`, description: 'The structure is valid, but the healthcare policy check stops the launch: see the findings.', variant: 'destructive' });
      else if (validation.allValid && policy.findings.length > 0) toast({ title: 'Structure Valid', description: `${validation.message} Check the healthcare policy findings (${policy.findings.length}) before launching.` });
      else if (validation.allValid) toast({ title: 'Structure Valid', description: validation.message });
      else toast({ title: `Structure Issues Found (${count})`, description: validation.validationResults.flatMap((r) => r.errors.map((e) => `${r.adGroupName}: ${e}`)).join('; '), variant: 'destructive' });
    },
    onError: (error) => toast({ title: 'Validation Failed', description: error.message || 'Could not validate the ad structure', variant: 'destructive' }),
  });
  const test = useMutation({
    mutationFn: () => api.call(routes.testGoogleAdsCampaign, { body: { serviceId: item.id, clientId: client.id } }),
    onSuccess: (result) => {
      if (result.validation.issues.length > 0) toast({ title: 'Test Failed', description: result.validation.issues.join('; '), variant: 'destructive' });
      else if (result.validation.checkedByGoogle) toast({ title: 'Test Successful', description: 'The campaign test was successful. You can now launch the campaign.' });
      else toast({ title: 'Not Tested by Google', description: result.message });
    },
    onError: (error) => toast({ title: 'Test Failed', description: error.message || 'There was an issue testing this campaign.', variant: 'destructive' }),
  });
  const [confirming, setConfirming] = useState(false);
  const launch = useLaunchCampaign('services', (outcome) => (outcome.status !== 'failed' ? onClose() : setConfirming(false)));
  const policy = useLaunchWarnings(setConfirming);
  const needsAccount = () => {
    if (client.googleAdsAccountId) return false;
    toast({ title: 'Google Ads Account Required', description: "Please configure the client's Google Ads account ID in their settings first.", variant: 'destructive' });
    return true;
  };

  if (service.isPending) return <LoadingPanel label="Loading the service..." />;
  if (service.isError) return <LoadFailed heading="h3" title="Failed to load services" message={service.error.message} onRetry={() => void service.refetch()} />;

  const submit = () => {
    if (!form) return;
    const candidate = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, k === 'dailyBudget' || k === 'targetRadius' ? (v.trim() === '' ? Number.NaN : Number(v)) : v]));
    const parsed = GoogleAdsSettingsSchema.safeParse(candidate);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message.includes('received NaN') ? `${FIELDS.find((f) => f.key === i.path[0])?.label ?? 'This'} must be a number` : i.message])));
      return;
    }
    setErrors({});
    save.mutate(candidate as GoogleAdsSettingsInput);
  };
  const busy = validate.isPending || test.isPending || launch.isPending;

  return (
    <div className="adm-dialog__body ads-preview">
      <dl className="ads-facts">
        <dt>Service</dt>
        <dd>{item.name}</dd>
        <dt>Client</dt>
        <dd>{client.name}</dd>
        <dt>Google Ads account</dt>
        <dd>{client.googleAdsAccountId ?? 'Not configured'}</dd>
      </dl>

      {form ? (
        <form
          className="ads-builder__grid"
          aria-label="Google Ads settings"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          {FIELDS.map((f) => (
            <div key={f.key} className="adm-field">
              <label className="adm-label" htmlFor={`${id}-${f.key}`}>
                {f.label}
              </label>
              <input
                id={`${id}-${f.key}`}
                className="adm-input"
                type={f.type ?? 'text'}
                value={form[f.key]}
                onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
                {...errorAria(`${id}-${f.key}`, errors[f.key])}
              />
              {f.hint && <p className="adm-muted ads-hint">{f.hint}</p>}
              {errors[f.key] && (
                <p id={`${id}-${f.key}-error`} className="adm-field__error">
                  {errors[f.key]}
                </p>
              )}
            </div>
          ))}
          <PolicyFindings label="Policy check of these settings" hideWhenClean texts={settingsTexts(form)} />
          <div className="ads-builder__actions">
            <button type="button" className="adm-button adm-button--secondary" onClick={() => setForm(null)} disabled={save.isPending}>
              Cancel
            </button>
            <button type="submit" className="adm-button adm-button--primary" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Settings'}
            </button>
          </div>
        </form>
      ) : settings ? (
        <section aria-label="Saved ad settings">
          <h3 className="ads-group__title">Saved ad settings</h3>
          <dl className="ads-facts">
            <dt>Daily budget</dt>
            <dd>${settings.dailyBudget} a day</dd>
            <dt>Target radius</dt>
            <dd>
              {settings.targetRadius} miles{settings.targetLocation ? ` around ${settings.targetLocation}` : ''}
            </dd>
            <dt>Primary keyword</dt>
            <dd>{settings.primaryKeyword ?? '—'}</dd>
            <dt>Keywords</dt>
            <dd>{settings.keywords ?? '—'}</dd>
            <dt>Headline</dt>
            <dd>{settings.headline ?? '—'}</dd>
            <dt>Description</dt>
            <dd>{settings.description ?? '—'}</dd>
          </dl>
          <button type="button" className="adm-button adm-button--secondary" onClick={() => setForm(formOf(settings))}>
            <Pencil size={16} aria-hidden /> Edit Settings
          </button>
        </section>
      ) : (
        <EmptyState heading="h3" title="No ad settings" text="No Google Ads settings are configured for this service yet.">
          <button type="button" className="adm-button adm-button--primary" onClick={() => setForm(formOf(null))}>
            Configure Settings
          </button>
        </EmptyState>
      )}

      {validate.data && <LaunchReadinessNotice readiness={validate.data.readiness} structureValid={validate.data.validation.allValid} />}
      {validate.data && <PolicyFindingList findings={validate.data.policy.findings} label="Policy check of the campaign" />}
      {validate.isError && domainIssueOf(validate.error) && (
        <LaunchReadinessNotice
          readiness={{
            ready: false,
            missing: [{ requirement: 'domain', message: validate.error.message, href: `/admin/clients/${client.id}/domains`, linkText: Messages.domainFailingLink(client.name) }],
          }}
          structureValid={null}
        />
      )}

      <div className="adm-dialog__footer">
        <button type="button" className="adm-button adm-button--secondary" onClick={() => validate.mutate()} disabled={!settings || busy}>
          {validate.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <ShieldCheck size={16} aria-hidden />} Validate Structure
        </button>
        <button type="button" className="adm-button adm-button--secondary" onClick={() => !needsAccount() && test.mutate()} disabled={!settings || busy}>
          {test.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <FlaskConical size={16} aria-hidden />} Test Campaign
        </button>
        <button type="button" className="adm-button adm-button--primary" onClick={() => !needsAccount() && setConfirming(true)} disabled={!settings || busy}>
          {launch.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Rocket size={16} aria-hidden />} {launch.isPending ? 'Launching...' : 'Launch Campaign'}
        </button>
        <button type="button" className="adm-button adm-button--ghost" onClick={onClose}>
          Close
        </button>
      </div>
      {settings && client.googleAdsAccountId && (
        <LaunchConfirmDialog
          open={confirming}
          onOpenChange={policy.onOpenChange}
          summary={{ clientId: client.id, serviceId: item.id, accountId: client.googleAdsAccountId, dailyBudget: settings.dailyBudget, serviceName: item.name }}
          pending={launch.isPending}
          onConfirm={({ launchAgain, acceptPolicyWarnings }) => launch.mutate({ serviceId: item.id, clientId: client.id, launchAgain, acceptPolicyWarnings }, { onError: policy.onError })}
          warnings={policy.warnings}
        />
      )}
    </div>
  );
}
