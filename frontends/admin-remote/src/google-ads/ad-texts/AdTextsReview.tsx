import { AD_TEXTS_MAX_CLINICS, ApiError, routes, type AdTextCampaign, type AdTextCampaigns, type CampaignAdTexts } from '@hap/contracts';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { api } from '../../lib/api';
import { ModalDialog } from '../../pages/ModalDialog';
import { useToast } from '../../toast/toaster';
import { adChangeLines, campaignStatusWord, reviewSummary, updatable, updateLabel } from './ad-text-words';
import '../launch-confirm.css';
import './ad-texts.css';

/** What an update did, campaign by campaign. */
interface UpdateOutcome {
  updated: Array<{ launchId: string; campaignName: string; ads: number }>;
  failed: Array<{ launchId: string; campaignName: string; reason: string }>;
}

/** A campaign whose check failed (Google unreachable, quota), shown with the reason. */
const unchecked = (campaign: AdTextCampaign, reason: string): CampaignAdTexts => ({ ...campaign, status: 'UNKNOWN', changes: [], unchanged: 0, notFromTemplate: [], warnings: [], problem: reason });

/** The clinics' launched campaigns of a template, listed AD_TEXTS_MAX_CLINICS clinics a request. */
async function launchedCampaigns(templateId: number, clientIds: readonly number[], signal: AbortSignal): Promise<AdTextCampaign[]> {
  const batches: number[][] = [];
  for (let i = 0; i < clientIds.length; i += AD_TEXTS_MAX_CLINICS) batches.push(clientIds.slice(i, i + AD_TEXTS_MAX_CLINICS));
  const lists = await Promise.all(batches.map((batch) => api.call(routes.listAdTextCampaigns, { body: { templateId, clientIds: batch } }, { signal })));
  return lists.flatMap((list: AdTextCampaigns) => list.campaigns);
}

export interface AdTextsReviewProps {
  /** Where its checks are cached; invalidating it checks again. */
  queryKey: readonly unknown[];
  templateId: number;
  clientIds: readonly number[];
  clinicName: (clientId: number) => string;
  title: string;
  /** What the section is for, before the first check. */
  intro: string;
}

/**
 * The clinics' campaigns launched from a template, their ads following the
 * template's Google Ads texts (docs/campaigns.md#ad-texts-follow-the-template):
 * listed and checked on request, one request a campaign (Google is asked,
 * nothing changes), each ad's changes in words; then updated one campaign
 * after the other with the launch's confirmation (its policy warnings need a
 * yes). Shown after a template push and on Google Ads Templates.
 */
export function AdTextsReview({ queryKey: key, templateId, clientIds, clinicName, title, intro }: AdTextsReviewProps) {
  const [asked, setAsked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<UpdateOutcome | null>(null);
  const queryClient = useQueryClient();
  const titleId = useId();
  const list = useQuery({
    queryKey: key,
    enabled: asked,
    retry: false,
    staleTime: 0,
    queryFn: ({ signal }): Promise<AdTextCampaign[]> => launchedCampaigns(templateId, clientIds, signal),
  });
  const listed = list.data ?? [];
  const checks = useQueries({
    queries: listed.map((c) => ({
      queryKey: [...key, c.launchId],
      retry: false,
      staleTime: 0,
      queryFn: ({ signal }: { signal: AbortSignal }): Promise<CampaignAdTexts> => api.call(routes.checkCampaignAdTexts, { params: { launchId: c.launchId } }, { signal }),
    })),
  });
  const done = checks.filter((q) => !q.isPending).length;
  const checked = done === listed.length ? listed.map((c, i) => checks[i]!.data ?? unchecked(c, checks[i]!.error?.message ?? 'Not checked')) : null;
  const ready = checked ? updatable(checked) : [];
  const warnings = ready.flatMap((c) => c.warnings.map((w) => `${c.campaignName}: ${w}`));

  return (
    <section className="adt" aria-labelledby={titleId}>
      <h3 id={titleId} className="adt__title">
        {title}
      </h3>
      {!asked ? (
        <>
          <p className="adm-muted">{intro}</p>
          <button type="button" className="adm-button adm-button--secondary" onClick={() => setAsked(true)}>
            Check their ads
          </button>
        </>
      ) : list.isError ? (
        <p role="alert">{list.error.message}</p>
      ) : !checked ? (
        <p className="adm-muted" role="status">
          <LoaderCircle size={16} aria-hidden className="adm-spin" /> Checking the campaigns' ads with Google Ads…{listed.length > 1 ? ` ${done} of ${listed.length}` : ''}
        </p>
      ) : (
        <>
          <p role="status">{reviewSummary(checked)}</p>
          <ul className="adt__campaigns">
            {checked.map((c) => (
              <CampaignRow key={c.launchId} campaign={c} clinicName={clinicName(c.clientId)} />
            ))}
          </ul>
          {outcome && <ApplyOutcome result={outcome} />}
          {ready.length > 0 && (
            <button type="button" className="adm-button adm-button--primary" onClick={() => setConfirming(true)}>
              {updateLabel(ready.length)}
            </button>
          )}
          {confirming && (
            <ConfirmUpdate
              campaigns={ready}
              warnings={warnings}
              onClose={() => setConfirming(false)}
              onDone={(result) => {
                setConfirming(false);
                setOutcome(result);
                void queryClient.invalidateQueries({ queryKey: key });
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

function CampaignRow({ campaign: c, clinicName }: { campaign: CampaignAdTexts; clinicName: string }) {
  return (
    <li className="adt__campaign">
      <div className="adt__row">
        <span className="adm-client__name">{c.campaignName}</span>
        <span className={`adm-badge adm-badge--${c.status === 'ENABLED' ? 'success' : 'neutral'}`}>{campaignStatusWord(c.status)}</span>
        <span className="adm-muted">{clinicName}</span>
      </div>
      {c.changes.map((change) => (
        <div key={change.adId} className="adt__change">
          <p className="adt__group">{change.adGroup}</p>
          <ul>
            {adChangeLines(change.before, change.after).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ))}
      {c.status === 'REMOVED' && <p className="adm-muted">Left out: the campaign was removed in Google Ads.</p>}
      {c.status !== 'REMOVED' && c.changes.length === 0 && c.problem === null && <p className="adm-muted">Its ads already have the template's texts.</p>}
      {c.notFromTemplate.length > 0 && <p className="adm-muted">Left as they are (not from the template): {c.notFromTemplate.join(', ')}</p>}
      {c.warnings.map((w) => (
        <p key={w} className="adt__warning">
          <TriangleAlert size={14} aria-hidden /> {w}
        </p>
      ))}
      {c.problem && <p className="adt__problem">{c.problem}</p>}
    </li>
  );
}

function ApplyOutcome({ result }: { result: UpdateOutcome }) {
  return (
    <div className="adt__outcome">
      {result.updated.length > 0 && (
        <p role="status">
          Updated: {result.updated.map((u) => `${u.campaignName} (${u.ads === 1 ? '1 ad' : `${u.ads} ads`})`).join(', ')}. Google reviews the changed ads before they show.
        </p>
      )}
      {result.failed.map((f) => (
        <p key={f.launchId} role="alert" className="adt__problem">
          {f.campaignName}: {f.reason}
        </p>
      ))}
    </div>
  );
}

/** The update's confirmation: what changes in Google Ads, and the warnings' yes, as a launch asks it; then each campaign in turn. */
function ConfirmUpdate({
  campaigns,
  warnings,
  onClose,
  onDone,
}: {
  campaigns: readonly CampaignAdTexts[];
  warnings: readonly string[];
  onClose: () => void;
  onDone: (result: UpdateOutcome) => void;
}) {
  const toast = useToast();
  const [accept, setAccept] = useState(false);
  const [current, setCurrent] = useState(0);
  const ads = campaigns.reduce((n, c) => n + c.changes.length, 0);
  const update = useMutation({
    mutationFn: async (): Promise<UpdateOutcome> => {
      const result: UpdateOutcome = { updated: [], failed: [] };
      for (const [i, c] of campaigns.entries()) {
        setCurrent(i + 1);
        try {
          const done = await api.call(routes.updateCampaignAdTexts, { params: { launchId: c.launchId }, body: { acceptPolicyWarnings: warnings.length > 0 && accept } });
          // Not applied: its ads had the texts already (another admin's update, a retry).
          if (done.applied) result.updated.push({ launchId: c.launchId, campaignName: c.campaignName, ads: done.ads });
        } catch (err) {
          const issues = err instanceof ApiError && err.issues?.length ? ` ${err.issues.map((i) => i.message).join(' ')}` : '';
          result.failed.push({ launchId: c.launchId, campaignName: c.campaignName, reason: `${(err as Error).message}${issues}` });
        }
      }
      return result;
    },
    onSuccess: (done) => {
      toast({
        title: 'Ads updated',
        description: `${done.updated.length} of ${campaigns.length} campaign${campaigns.length === 1 ? '' : 's'} updated${done.failed.length ? `, ${done.failed.length} could not be` : ''}.`,
        ...(done.failed.length ? { variant: 'destructive' as const } : {}),
      });
      onDone(done);
    },
  });
  return (
    <ModalDialog open onOpenChange={(open) => !open && !update.isPending && onClose()} title="Update ads" className="adm-dialog adm-dialog--narrow" aria-describedby="adt-confirm-text">
      <div className="adm-dialog__body ads-confirm">
        <p id="adt-confirm-text" className="adm-dialog__text">
          This changes the texts of {ads === 1 ? '1 ad' : `${ads} ads`} in {campaigns.length === 1 ? '1 campaign' : `${campaigns.length} campaigns`} in Google Ads, one campaign after the other. Google reviews changed ads again before they show.
        </p>
        {warnings.length > 0 && (
          <div className="ads-confirm__again" role="alert">
            <p>
              <TriangleAlert size={16} aria-hidden /> Google shows these only to certified advertisers or restricts them in health ads:
            </p>
            <ul className="ads-confirm__warnings">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
            <label className="ads-check">
              <input type="checkbox" checked={accept} onChange={(e) => setAccept(e.target.checked)} disabled={update.isPending} />
              Update with these warnings (the Google Ads account holds the certification they need)
            </label>
          </div>
        )}
        <div className="adm-dialog__footer">
          <Dialog.Close asChild>
            <button type="button" className="adm-button adm-button--secondary" disabled={update.isPending}>
              Cancel
            </button>
          </Dialog.Close>
          <button type="button" className="adm-button adm-button--primary" disabled={update.isPending || (warnings.length > 0 && !accept)} onClick={() => update.mutate()}>
            {update.isPending && <LoaderCircle size={16} aria-hidden className="adm-spin" />}
            {update.isPending ? `Updating ${current} of ${campaigns.length}…` : 'Update ads'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
