import {
  isPendingProposal,
  OPTIMIZATION_GOAL_LABELS,
  OptimizationGoalSchema,
  routes,
  type CampaignJob,
  type OptimizationGoal,
  type ServiceTemplate,
  type TemplateCampaign,
} from '@hap/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Eye, GitCompareArrows, LoaderCircle, Megaphone, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../lib/api';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { DialogFooter } from '../pages/DialogFooter';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { useServiceTemplates } from '../templates/templates-query';
import { useToast } from '../toast/toaster';
import { campaignsKey, isStoppedFollowing, SUMMARIES_KEY, useCampaignSummaries, useTemplateCampaigns, waitForCampaignJob } from './ads-query';
import { CampaignDetailDialog } from './CampaignDetailDialog';
import { GenerateCampaignsDialog } from './GenerateCampaignsDialog';
import { OptimizeConfirmDialog, ProposalDialog } from './OptimizeProposal';
import { launchedAdTextsKey, LaunchedCampaignsAds } from './ad-texts/LaunchedCampaignsAds';
import './google-ads.css';
import { ModalDialog } from '../pages/ModalDialog';
import { EmptyState } from '../pages/EmptyState';
import { LabelledOptions } from '../forms/Options';

const GOALS = OptimizationGoalSchema.options;

/** docs/admin.md#messages: each request's toasts (an optimize request's success is its proposal being kept). */
const JOB_TOASTS = {
  generate: { success: 'Google Ads campaigns generated successfully!', failure: 'Failed to generate campaigns' },
  optimize: { success: 'Campaign optimized successfully!', failure: 'Failed to optimize campaign' },
} as const;

/**
 * Google Ads Templates (docs/campaigns.md#google-ads-templates): the service templates with their
 * campaign counts and Ready marks; the chosen template's campaigns with view,
 * Optimize and delete; Generate Campaigns. The AI's work runs in the ads
 * worker: the screen follows the request until it is done. Optimize asks
 * first and its rewrite is a proposal shown beside the campaign, applied only
 * by Keep changes.
 */
export function GoogleAdsTemplatesPage() {
  useDocumentTitle(adminTitle('Google Ads Templates'));
  const templates = useServiceTemplates();
  const summaries = useCampaignSummaries();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = templates.data?.find((t) => t.id === selectedId) ?? templates.data?.[0] ?? null;

  return (
    <>
      <PageHeader title="Google Ads Templates" description="Search campaigns for each service template, written by AI within Google's limits." />
      {templates.isPending ? (
        <LoadingPanel card label="Loading templates..." />
      ) : templates.isError ? (
        <LoadFailed card title="Failed to fetch templates" message={templates.error.message} onRetry={() => void templates.refetch()} />
      ) : (
        <div className="ads-layout">
          <nav className="adm-card ads-list" aria-label="Service templates">
            <ul>
              {templates.data.map((template) => {
                const summary = summaries.data?.find((s) => s.templateId === template.id);
                const current = template.id === selected?.id;
                return (
                  <li key={template.id}>
                    <button type="button" className="ads-list__item" aria-current={current ? 'true' : undefined} onClick={() => setSelectedId(template.id)}>
                      <span className="ads-list__name">{template.name}</span>
                      <span className="ads-list__meta">
                        {summary ? `${summary.campaigns} ${summary.campaigns === 1 ? 'campaign' : 'campaigns'}` : 'No campaigns'}
                        {summary?.ready && (
                          <span className="adm-badge adm-badge--success">
                            <CircleCheck size={12} aria-hidden /> Ready
                          </span>
                        )}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          {selected && <TemplateCampaignsPanel key={selected.id} template={selected} />}
        </div>
      )}
    </>
  );
}

function TemplateCampaignsPanel({ template }: { template: ServiceTemplate }) {
  const campaigns = useTemplateCampaigns(template.id);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [generating, setGenerating] = useState(false);
  const [viewing, setViewing] = useState<TemplateCampaign | null>(null);
  const [deleting, setDeleting] = useState<TemplateCampaign | null>(null);
  const [asking, setAsking] = useState<{ campaign: TemplateCampaign; goal: OptimizationGoal } | null>(null);
  const [reviewing, setReviewing] = useState<CampaignJob | null>(null);
  // The launched campaigns' checks too: a kept proposal or a new campaign changes what their ads would get.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: campaignsKey(template.id) }),
      queryClient.invalidateQueries({ queryKey: SUMMARIES_KEY }),
      queryClient.invalidateQueries({ queryKey: launchedAdTextsKey(template.id) }),
    ]);

  /** A request's outcome: its toast (docs/admin.md#messages) or, for Optimize, its proposal to review; and the lists again. */
  const settled = (request: CampaignJob) => {
    const words = JOB_TOASTS[request.kind];
    if (isPendingProposal(request)) {
      setReviewing(request);
    } else if (request.status === 'succeeded') {
      const n = request.campaignIds.length;
      toast({ title: words.success, description: `${template.name}: ${n} ${n === 1 ? 'campaign' : 'campaigns'}.` });
    } else {
      toast({ title: words.failure, description: request.error ?? words.failure, variant: 'destructive' });
    }
    void refresh();
  };
  // Each request is started, then followed until the ads worker is done with it, while this panel is shown.
  const following = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    following.current = controller;
    return () => controller.abort();
  }, []);
  const failed = (kind: keyof typeof JOB_TOASTS) => (error: Error) => {
    if (!isStoppedFollowing(error)) toast({ title: JOB_TOASTS[kind].failure, description: error.message, variant: 'destructive' });
  };
  const generate = useMutation({
    mutationFn: async (serviceDescription: string) => {
      const request = await api.call(routes.generateTemplateCampaigns, { params: { id: template.id }, body: { serviceDescription } });
      return waitForCampaignJob(request.id, following.current.signal);
    },
    onMutate: () => setGenerating(false),
    onSuccess: settled,
    onError: failed('generate'),
  });
  const optimize = useMutation({
    mutationFn: async ({ campaignId, goal }: { campaignId: number; goal: OptimizationGoal }) => {
      const request = await api.call(routes.optimizeTemplateCampaign, { params: { id: template.id, campaignId }, body: { optimizationGoal: goal } });
      return waitForCampaignJob(request.id, following.current.signal);
    },
    onSuccess: settled,
    onError: failed('optimize'),
  });
  const reviewed = campaigns.data?.campaigns.find((c) => c.id === reviewing?.campaignId) ?? null;
  const decided = (words: { title: string; description: string }) => {
    toast(words);
    setReviewing(null);
    void refresh();
  };
  const decisionFailed = (error: Error) => {
    toast({ title: JOB_TOASTS.optimize.failure, description: error.message, variant: 'destructive' });
    void refresh();
  };
  const keep = useMutation({
    mutationFn: (jobId: string) => api.call(routes.keepCampaignProposal, { params: { jobId } }),
    onSuccess: (campaign) => decided({ title: JOB_TOASTS.optimize.success, description: `${campaign.name} now holds the proposed changes.` }),
    onError: decisionFailed,
  });
  const discard = useMutation({
    mutationFn: (jobId: string) => api.call(routes.discardCampaignProposal, { params: { jobId } }),
    onSuccess: () => decided({ title: 'Changes discarded', description: `${reviewed?.name ?? 'The campaign'} stays as it was.` }),
    onError: decisionFailed,
  });
  const remove = useMutation({
    mutationFn: (campaignId: number) => api.call(routes.deleteTemplateCampaign, { params: { id: template.id, campaignId } }),
    onSuccess: () => {
      toast({ title: 'Campaign deleted successfully!', description: `${deleting?.name ?? 'The campaign'} was removed.` });
      setDeleting(null);
      void refresh();
    },
    onError: (error) => toast({ title: 'Failed to delete campaign', description: error.message, variant: 'destructive' }),
  });
  const busy = generate.isPending || optimize.isPending;
  const working = optimize.isPending ? 'Optimizing the campaign…' : 'Writing campaigns…';

  return (
    <section className="adm-card ads-panel-card" aria-labelledby="ads-template-title">
      <header className="ads-panel-card__head">
        <div>
          <h2 id="ads-template-title" className="ads-panel-card__title">
            {template.name}
          </h2>
          <p className="adm-muted">{template.category}</p>
        </div>
        <button type="button" className="adm-button adm-button--primary" onClick={() => setGenerating(true)} disabled={busy}>
          <Sparkles size={16} aria-hidden />
          Generate Campaigns
        </button>
      </header>
      {busy && (
        <p className="ads-working" role="status">
          <LoaderCircle size={16} aria-hidden className="adm-spin" />
          {working} The AI takes up to a minute.
        </p>
      )}
      {campaigns.isPending ? (
        <LoadingPanel label="Loading campaigns..." />
      ) : campaigns.isError ? (
        <LoadFailed title="Failed to fetch data" message={campaigns.error.message} onRetry={() => void campaigns.refetch()} />
      ) : campaigns.data.campaigns.length === 0 ? (
        <EmptyState icon={<Megaphone size={32} aria-hidden className="adm-empty__icon" />} heading="h3" title="No campaigns yet" text="Generate Campaigns writes Search campaigns for this service with AI." />
      ) : (
        <ul className="ads-campaigns">
          {campaigns.data.campaigns.map((campaign) => (
            <CampaignCard
              key={campaign.id}
              campaign={campaign}
              busy={busy}
              onView={() => setViewing(campaign)}
              proposal={campaigns.data.proposals.find((p) => p.campaignId === campaign.id) ?? null}
              onOptimize={(goal) => setAsking({ campaign, goal })}
              onReview={setReviewing}
              onDelete={() => setDeleting(campaign)}
            />
          ))}
        </ul>
      )}
      {campaigns.data && campaigns.data.campaigns.length > 0 && <LaunchedCampaignsAds templateId={template.id} />}
      <GenerateCampaignsDialog open={generating} serviceName={template.name} onClose={() => setGenerating(false)} onGenerate={(d) => generate.mutate(d)} />
      <CampaignDetailDialog campaign={viewing} onClose={() => setViewing(null)} />
      <OptimizeConfirmDialog
        asking={asking}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) optimize.mutate({ campaignId: asking.campaign.id, goal: asking.goal });
          setAsking(null);
        }}
      />
      <ProposalDialog
        job={reviewing}
        campaign={reviewed}
        pending={keep.isPending ? 'keep' : discard.isPending ? 'discard' : null}
        onKeep={() => reviewing && keep.mutate(reviewing.id)}
        onDiscard={() => reviewing && discard.mutate(reviewing.id)}
        onClose={() => {
          setReviewing(null);
          void refresh();
        }}
      />
      <ModalDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)} className="adm-dialog adm-dialog--narrow" role="alertdialog">
        <div className="adm-dialog__header">
          <Dialog.Title className="adm-dialog__title">Delete {deleting?.name}?</Dialog.Title>
        </div>
        <div className="adm-dialog__body">
          <Dialog.Description className="adm-dialog__text">The campaign is removed from this template. Campaigns already launched in Google Ads stay there.</Dialog.Description>
          <DialogFooter action="Delete Campaign" danger icon={<Trash2 size={16} aria-hidden />} pending={remove.isPending} onAction={() => deleting && remove.mutate(deleting.id)} />
        </div>
      </ModalDialog>
    </section>
  );
}

function CampaignCard({
  campaign,
  busy,
  proposal,
  onView,
  onOptimize,
  onReview,
  onDelete,
}: {
  campaign: TemplateCampaign;
  busy: boolean;
  /** The newest optimize proposal waiting for Keep or Discard. */
  proposal: CampaignJob | null;
  onView: () => void;
  onOptimize: (goal: OptimizationGoal) => void;
  onReview: (proposal: CampaignJob) => void;
  onDelete: () => void;
}) {
  const id = useId();
  return (
    <li className="ads-campaign">
      <div className="ads-campaign__text">
        <h3 className="ads-campaign__name">{campaign.name}</h3>
        {campaign.description && <p className="ads-campaign__description">{campaign.description}</p>}
        <p className="ads-campaign__meta">
          <span>Keyword theme: {campaign.keywordTheme || '—'}</span>
          <span>
            {campaign.adGroups.length} {campaign.adGroups.length === 1 ? 'ad group' : 'ad groups'}
          </span>
          <span>
            {campaign.extensions.sitelinks.length} {campaign.extensions.sitelinks.length === 1 ? 'sitelink' : 'sitelinks'}
          </span>
        </p>
      </div>
      <div className="ads-campaign__actions">
        {proposal && (
          <button type="button" className="adm-button adm-button--primary ads-campaign__review" aria-label={`Review proposed changes to ${campaign.name}`} onClick={() => onReview(proposal)}>
            <GitCompareArrows size={16} aria-hidden /> Review proposed changes
          </button>
        )}
        <button type="button" className="adm-button adm-button--secondary" aria-label={`View ${campaign.name}`} onClick={onView}>
          <Eye size={16} aria-hidden /> View
        </button>
        <label htmlFor={`${id}-goal`} className="adm-sr-only">
          Optimize {campaign.name}
        </label>
        <select
          id={`${id}-goal`}
          className="adm-input ads-campaign__optimize"
          value=""
          disabled={busy}
          onChange={(event) => event.target.value && onOptimize(event.target.value as OptimizationGoal)}
        >
          <option value="">Optimize…</option>
          <LabelledOptions values={GOALS} labels={OPTIMIZATION_GOAL_LABELS} />
        </select>
        <button type="button" className="adm-button adm-button--secondary ads-campaign__delete" aria-label={`Delete ${campaign.name}`} onClick={onDelete} disabled={busy}>
          <Trash2 size={16} aria-hidden /> Delete
        </button>
      </div>
    </li>
  );
}
