import { ApiError, routes, type AdTextsApplyResult, type AdTextsReview } from '@hap/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { api } from '../../lib/api';
import { ModalDialog } from '../../pages/ModalDialog';
import { useToast } from '../../toast/toaster';
import { rolloutKey } from './rollout-query';
import { adChangeLines, campaignStatusWord, reviewSummary, updatable, updateLabel } from './ad-text-words';
import '../../google-ads/launch-confirm.css';

/**
 * After a push, the pushed clinics' campaigns launched from this template
 * (docs/campaigns.md#ad-texts-follow-the-template): checked on request (Google
 * is asked, nothing changes), each ad's changes in words, then updated with the
 * launch's confirmation (its policy warnings need a yes).
 */
export function PushAds({ pushId, templateId, clientIds, clinicName }: { pushId: number; templateId: number; clientIds: readonly number[]; clinicName: (clientId: number) => string }) {
  const [asked, setAsked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<AdTextsApplyResult | null>(null);
  const titleId = useId();
  const scope = { templateId, clientIds: [...clientIds] };
  const check = useQuery({
    queryKey: [...rolloutKey(templateId), 'ad-texts', pushId],
    enabled: asked,
    retry: false,
    staleTime: 0,
    queryFn: ({ signal }): Promise<AdTextsReview> => api.call(routes.checkAdTexts, { body: scope }, { signal }),
  });
  const review = check.data;
  const ready = review ? updatable(review) : [];
  const warnings = ready.flatMap((c) => c.warnings.map((w) => `${c.campaignName}: ${w}`));

  return (
    <section className="tro-ads" aria-labelledby={titleId}>
      <h3 id={titleId} className="tro-ads__title">
        Ads of these clinics' campaigns
      </h3>
      {!asked ? (
        <>
          <p className="adm-muted">The template's Google Ads headlines and descriptions reach campaigns already launched only when you update them here.</p>
          <button type="button" className="adm-button adm-button--secondary" onClick={() => setAsked(true)}>
            Check their ads
          </button>
        </>
      ) : check.isPending ? (
        <p className="adm-muted" role="status">
          <LoaderCircle size={16} aria-hidden className="adm-spin" /> Checking the campaigns' ads with Google Ads…
        </p>
      ) : check.isError ? (
        <p role="alert">{check.error.message}</p>
      ) : review ? (
        <>
          <p role="status">{reviewSummary(review)}</p>
          <ul className="tro-ads__campaigns">
            {review.campaigns.map((c) => (
              <li key={c.launchId} className="tro-ads__campaign">
                <div className="tro-results__row">
                  <span className="adm-client__name">{c.campaignName}</span>
                  <span className={`adm-badge adm-badge--${c.status === 'ENABLED' ? 'success' : 'neutral'}`}>{campaignStatusWord(c.status)}</span>
                  <span className="adm-muted">{clinicName(c.clientId)}</span>
                </div>
                {c.changes.map((change) => (
                  <div key={change.adId} className="tro-ads__change">
                    <p className="tro-ads__group">{change.adGroup}</p>
                    <ul>
                      {adChangeLines(change.before, change.after).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </div>
                ))}
                {c.changes.length === 0 && c.problem === null && <p className="adm-muted">Its ads already have the template's texts.</p>}
                {c.notFromTemplate.length > 0 && <p className="adm-muted">Left as they are (not from the template): {c.notFromTemplate.join(', ')}</p>}
                {c.warnings.map((w) => (
                  <p key={w} className="tro-ads__warning">
                    <TriangleAlert size={14} aria-hidden /> {w}
                  </p>
                ))}
                {c.problem && <p className="tro-ads__problem">{c.problem}</p>}
              </li>
            ))}
          </ul>
          {result && <ApplyOutcome result={result} />}
          {ready.length > 0 && (
            <button type="button" className="adm-button adm-button--primary" onClick={() => setConfirming(true)}>
              {updateLabel(ready.length)}
            </button>
          )}
          {confirming && (
            <ConfirmUpdate
              scope={scope}
              campaigns={ready.length}
              ads={ready.reduce((n, c) => n + c.changes.length, 0)}
              warnings={warnings}
              onClose={() => setConfirming(false)}
              onDone={(done) => {
                setConfirming(false);
                setResult(done);
                void check.refetch();
              }}
            />
          )}
        </>
      ) : null}
    </section>
  );
}

function ApplyOutcome({ result }: { result: AdTextsApplyResult }) {
  return (
    <div className="tro-ads__outcome">
      {result.updated.length > 0 && (
        <p role="status">
          Updated: {result.updated.map((u) => `${u.campaignName} (${u.ads === 1 ? '1 ad' : `${u.ads} ads`})`).join(', ')}. Google reviews the changed ads before they show.
        </p>
      )}
      {result.failed.map((f) => (
        <p key={f.launchId} role="alert" className="tro-ads__problem">
          {f.campaignName}: {f.reason}
        </p>
      ))}
    </div>
  );
}

/** The update's confirmation: what changes in Google Ads, and the warnings' yes, as a launch asks it. */
function ConfirmUpdate({
  scope,
  campaigns,
  ads,
  warnings,
  onClose,
  onDone,
}: {
  scope: { templateId: number; clientIds: number[] };
  campaigns: number;
  ads: number;
  warnings: readonly string[];
  onClose: () => void;
  onDone: (result: AdTextsApplyResult) => void;
}) {
  const toast = useToast();
  const [accept, setAccept] = useState(false);
  const update = useMutation({
    mutationFn: () => api.call(routes.applyAdTexts, { body: { ...scope, acceptPolicyWarnings: warnings.length > 0 && accept } }),
    onSuccess: (done) => {
      toast({
        title: 'Ads updated',
        description: `${done.updated.length} of ${campaigns} campaign${campaigns === 1 ? '' : 's'} updated${done.failed.length ? `, ${done.failed.length} could not be` : ''}.`,
        ...(done.failed.length ? { variant: 'destructive' as const } : {}),
      });
      onDone(done);
    },
  });
  const refusal = update.error instanceof ApiError ? update.error : null;
  return (
    <ModalDialog open onOpenChange={(open) => !open && !update.isPending && onClose()} title="Update ads" className="adm-dialog adm-dialog--narrow" aria-describedby="tro-ads-confirm-text">
      <div className="adm-dialog__body ads-confirm">
        <p id="tro-ads-confirm-text" className="adm-dialog__text">
          This changes the texts of {ads === 1 ? '1 ad' : `${ads} ads`} in {campaigns === 1 ? '1 campaign' : `${campaigns} campaigns`} in Google Ads. Google reviews changed ads again before they show.
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
        {update.isError && (
          <div className="frm-summary" role="alert">
            <p>{update.error.message}</p>
            {refusal?.issues?.length ? (
              <ul>
                {refusal.issues.map((i) => (
                  <li key={i.message}>{i.message}</li>
                ))}
              </ul>
            ) : null}
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
            {update.isPending ? 'Updating…' : 'Update ads'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
