import { costPer, keywordShown, routes, shareOf, type AdsRecommendation, type KeywordFigures, type RecommendationAction, type RecommendationChangeResult, type Recommendations } from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, LoaderCircle, Pause, Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatCustomerId } from '../google-ads/LaunchConfirmDialog';
import { api } from '../lib/api';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { ModalDialog } from '../pages/ModalDialog';
import { TableHead } from '../pages/TableHead';
import { useToast } from '../toast/toaster';
import { formatCount, formatImpressionShare, formatMoney, formatShare } from './results-rules';

const recommendationsKey = (clientId: number) => ['admin', 'google-ads', 'recommendations', clientId] as const;

/** What is confirmed: a recommendation to apply, or an applied change to undo. */
type Pending = { kind: 'apply'; recommendation: AdsRecommendation } | { kind: 'undo'; action: RecommendationAction };

/** The words of each kind: its button, its confirmation's title and button, its toasts. */
const WORDS = {
  negative_keyword: { button: 'Exclude…', applyTitle: 'Add a negative keyword?', apply: 'Add negative keyword', undoTitle: 'Remove the negative keyword?', undo: 'Remove negative keyword', applied: 'Negative keyword added', undone: 'Negative keyword removed' },
  pause_keyword: { button: 'Pause…', applyTitle: 'Pause the keyword?', apply: 'Pause keyword', undoTitle: 'Run the keyword again?', undo: 'Run keyword again', applied: 'Keyword paused', undone: 'Keyword running again' },
} as const;

/** What applying a recommendation sends: the term to exclude, or the keyword (its ad group and criterion) to pause. */
const applyBody = (clientId: number, r: AdsRecommendation) =>
  r.kind === 'pause_keyword' && r.keyword
    ? { clientId, kind: r.kind, campaignId: r.campaignId, adGroupId: r.keyword.adGroupId, criterionId: r.keyword.criterionId }
    : { clientId, kind: 'negative_keyword' as const, campaignId: r.campaignId, searchTerm: r.searchTerm };

const when = (iso: string) => new Date(iso).toLocaleString([], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * Recommendations you confirm (docs/campaigns.md#recommendations), on one clinic's
 * Results: each with its evidence and the exact change, applied only after the admin
 * confirms, and undone from the same place; the search terms they stand on under them.
 */
export function RecommendationsCard({ clientId }: { clientId: number }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [pending, setPending] = useState<Pending | null>(null);
  const data = useQuery({
    queryKey: recommendationsKey(clientId),
    queryFn: ({ signal }): Promise<Recommendations> => api.call(routes.listGoogleAdsRecommendations, { query: { clientId: String(clientId) } }, { signal }),
  });
  const done = (result: RecommendationChangeResult) => {
    void queryClient.invalidateQueries({ queryKey: recommendationsKey(clientId) });
    const words = WORDS[result.action.kind];
    toast({ title: result.applied ? (result.action.status === 'applied' ? words.applied : words.undone) : 'Nothing to change', description: result.message });
  };
  const failed = (error: Error) => toast({ title: 'Google Ads did not make the change', description: error.message, variant: 'destructive' });
  const apply = useMutation({
    mutationFn: (r: AdsRecommendation) => api.call(routes.applyGoogleAdsRecommendation, { body: applyBody(clientId, r) }),
    onSuccess: done,
    onError: failed,
    onSettled: () => setPending(null),
  });
  const undo = useMutation({
    mutationFn: (a: RecommendationAction) => api.call(routes.undoGoogleAdsRecommendation, { params: { actionId: a.id } }),
    onSuccess: done,
    onError: failed,
    onSettled: () => setPending(null),
  });
  const busy = apply.isPending || undo.isPending;

  return (
    <section className="adm-card res-card res-recs" aria-labelledby="res-recs-title">
      <h2 id="res-recs-title" className="res-card__title">
        Recommendations
      </h2>
      {data.isPending ? (
        <LoadingPanel label="Loading the recommendations..." />
      ) : data.isError ? (
        <LoadFailed heading="h3" title="Failed to load the recommendations" message={data.error.message} onRetry={() => void data.refetch()} />
      ) : (
        <>
          <p className="adm-muted">
            From the clinic’s search terms and keywords of {data.data.from} to {data.data.to}, as Google Ads reports them: a search term that cost {formatMoney(data.data.minSpend)} or
            more without a conversion (a lead or a booking) is worth excluding, a keyword that cost {formatMoney(data.data.pauseMinSpend)} or more without one is worth pausing.
            Nothing changes until you confirm.
          </p>
          {data.data.note && <p className="res-recs__note">{data.data.note}</p>}
          {data.data.recommendations.length > 0 ? (
            <ul className="res-recs__list" aria-label="Recommended changes">
              {data.data.recommendations.map((r) => (
                <li key={r.id} className="res-recs__item">
                  <p className="res-recs__why">{r.why}</p>
                  <p className="res-recs__change">{r.change}</p>
                  <button
                    type="button"
                    className="adm-button adm-button--secondary"
                    onClick={() => setPending({ kind: 'apply', recommendation: r })}
                    disabled={busy}
                    aria-label={r.kind === 'pause_keyword' ? `Pause the keyword ${r.searchTerm} in ${r.campaignName}` : `Exclude ${r.searchTerm} from ${r.campaignName}`}
                  >
                    {r.kind === 'pause_keyword' ? <Pause size={16} aria-hidden /> : <Ban size={16} aria-hidden />} {WORDS[r.kind].button}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            !data.data.note && (
              <p className="res-recs__note">
                Nothing to recommend now: no search term that spent {formatMoney(data.data.minSpend)} or more, and no keyword that spent {formatMoney(data.data.pauseMinSpend)} or more, without a
                conversion is left.
              </p>
            )
          )}
          {data.data.actions.length > 0 && (
            <>
              <h3 className="res-recs__heading">Applied changes</h3>
              <ul className="res-recs__list" aria-label="Applied changes">
                {data.data.actions.map((a) => (
                  <li key={a.id} className="res-recs__item">
                    <p className="res-recs__change">{a.change}</p>
                    <p className="adm-muted">
                      {a.status === 'applied' ? `Applied ${when(a.appliedAt)}` : `Undone ${when(a.undoneAt ?? a.appliedAt)}`}
                      {a.appliedBy ? ` · by ${a.appliedBy}` : ''}
                    </p>
                    {a.status === 'applied' && (
                      <button type="button" className="adm-button adm-button--secondary" onClick={() => setPending({ kind: 'undo', action: a })} disabled={busy} aria-label={`Undo: ${a.change}`}>
                        <Undo2 size={16} aria-hidden /> Undo…
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          {data.data.searchTerms.length > 0 && <SearchTerms data={data.data} />}
          {data.data.adGroups.length > 0 && <AdGroups data={data.data} />}
          {data.data.keywords.length > 0 && <Keywords data={data.data} />}
        </>
      )}
      <ModalDialog
        open={pending !== null}
        onOpenChange={(open) => !open && !busy && setPending(null)}
        className="adm-dialog adm-dialog--narrow"
        aria-describedby="res-recs-confirm"
        title={pending ? (pending.kind === 'undo' ? WORDS[pending.action.kind].undoTitle : WORDS[pending.recommendation.kind].applyTitle) : ''}
      >
        {pending && (
          <div className="adm-dialog__body">
            <p id="res-recs-confirm" className="adm-dialog__text">
              {confirmText(pending, data.data?.customerId ?? '')}
            </p>
            {pending.kind === 'apply' && <p className="adm-muted">{pending.recommendation.why}</p>}
            <div className="adm-dialog__footer">
              <button type="button" className="adm-button adm-button--secondary" onClick={() => setPending(null)} disabled={busy}>
                Cancel
              </button>
              <button
                type="button"
                className="adm-button adm-button--primary"
                disabled={busy}
                onClick={() => (pending.kind === 'apply' ? apply.mutate(pending.recommendation) : undo.mutate(pending.action))}
              >
                {busy && <LoaderCircle size={16} aria-hidden className="adm-spin" />}
                {pending.kind === 'apply' ? WORDS[pending.recommendation.kind].apply : WORDS[pending.action.kind].undo}
              </button>
            </div>
          </div>
        )}
      </ModalDialog>
    </section>
  );
}

/** What the confirmation says is about to happen in Google Ads. */
function confirmText(pending: Pending, customerId: string): string {
  if (pending.kind === 'apply') {
    const r = pending.recommendation;
    const effect = r.kind === 'pause_keyword' ? 'it stops spending; the ad group’s other keywords keep running.' : 'searches for it stop showing the campaign’s ads.';
    return `${r.change} Google Ads account ${formatCustomerId(customerId)}: ${effect}`;
  }
  const a = pending.action;
  return a.kind === 'pause_keyword'
    ? `The keyword ${a.searchTerm} runs again in ‘${a.campaignName}’ in Google Ads account ${formatCustomerId(a.customerId)}: it can spend again.`
    : `[${a.searchTerm}] is removed from the negative keywords of ‘${a.campaignName}’ in Google Ads account ${formatCustomerId(a.customerId)}: searches for it can show the ads, and spend, again.`;
}

/** What a keyword or an ad group cost and brought over the range: '—' where there is nothing to divide. */
const FIGURE_COLUMNS = ['Impressions', 'Clicks', 'CTR', 'Search impr. share', 'Avg. CPC', 'Cost', 'Conversions', 'Cost per conversion'];
function FigureCells({ f }: { f: Pick<KeywordFigures, 'impressions' | 'clicks' | 'cost' | 'conversions' | 'searchImpressionShare'> }) {
  return (
    <>
      <td data-label="Impressions">{formatCount(f.impressions)}</td>
      <td data-label="Clicks">{formatCount(f.clicks)}</td>
      <td data-label="CTR">{formatShare(shareOf(f.clicks, f.impressions))}</td>
      <td data-label="Search impr. share">{formatImpressionShare(f.searchImpressionShare)}</td>
      <td data-label="Avg. CPC">{formatMoney(costPer(f.cost, f.clicks))}</td>
      <td data-label="Cost">{formatMoney(f.cost)}</td>
      <td data-label="Conversions">{f.conversions.toLocaleString('en-US', { maximumFractionDigits: 2 })}</td>
      <td data-label="Cost per conversion">{formatMoney(costPer(f.cost, f.conversions))}</td>
    </>
  );
}

/** A folded table of the recommendations card: its title with the count, sideways scrolling on phones. */
function FoldedTable({ title, count, caption, children }: { title: string; count: number; caption: string; children: ReactNode }) {
  return (
    <details className="res-recs__terms">
      <summary>
        {title} ({count})
      </summary>
      <div className="adm-table-scroll" tabIndex={0} role="region" aria-label={`${title} (scrolls sideways)`}>
        <table className="adm-table res-table">
          <caption className="adm-sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </details>
  );
}

/** The clinic's ad groups, the costliest first: their keywords' figures added up (adGroupFigures, in the ads service). */
function AdGroups({ data }: { data: Recommendations }) {
  const groups = data.adGroups;
  return (
    <FoldedTable title="Ad groups" count={groups.length} caption={`Ad groups, ${data.from} to ${data.to}`}>
      <TableHead columns={['Ad group', 'Campaign', 'Keywords', ...FIGURE_COLUMNS]} />
      <tbody>
        {groups.map((g) => (
          <tr key={`${g.campaignId}:${g.adGroupId}`}>
            <th scope="row">{g.adGroupName}</th>
            <td data-label="Campaign">{g.campaignName}</td>
            <td data-label="Keywords">{formatCount(g.keywords)}</td>
            <FigureCells f={g} />
          </tr>
        ))}
      </tbody>
    </FoldedTable>
  );
}

/** The clinic's keywords by ad group, the costliest first: what each cost and brought, '—' where nothing was converted. */
function Keywords({ data }: { data: Recommendations }) {
  return (
    <FoldedTable title="Keywords" count={data.keywords.length} caption={`Keywords, ${data.from} to ${data.to}`}>
      <TableHead columns={['Keyword', 'Ad group', 'Campaign', ...FIGURE_COLUMNS]} />
      <tbody>
        {data.keywords.map((k) => (
          <tr key={`${k.campaignId}:${k.adGroupId}:${k.criterionId}`}>
            <th scope="row">{keywordShown(k.keyword, k.matchType)}</th>
            <td data-label="Ad group">{k.adGroupName}</td>
            <td data-label="Campaign">{k.campaignName}</td>
            <FigureCells f={k} />
          </tr>
        ))}
      </tbody>
    </FoldedTable>
  );
}

/** The search terms the recommendations stand on, the costliest first. */
function SearchTerms({ data }: { data: Recommendations }) {
  return (
    <FoldedTable title="Search terms" count={data.searchTerms.length} caption={`Search terms, ${data.from} to ${data.to}`}>
      <TableHead columns={['Search term', 'Campaign', 'Clicks', 'Cost', 'Conversions']} />
      <tbody>
        {data.searchTerms.map((s) => (
          <tr key={`${s.campaignId}:${s.adGroupId}:${s.searchTerm}`}>
            <th scope="row">{s.searchTerm}</th>
            <td data-label="Campaign">{s.campaignName}</td>
            <td data-label="Clicks">{formatCount(s.clicks)}</td>
            <td data-label="Cost">{formatMoney(s.cost)}</td>
            <td data-label="Conversions">{s.conversions.toLocaleString('en-US', { maximumFractionDigits: 2 })}</td>
          </tr>
        ))}
      </tbody>
    </FoldedTable>
  );
}
