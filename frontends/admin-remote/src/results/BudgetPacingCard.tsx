import type { BudgetPacing, ClinicPacing } from '@hap/contracts';
import { Link } from 'react-router';
import { useLaunchLog } from '../google-ads/ads-query';
import { LaunchedCampaignControls } from '../google-ads/LaunchedCampaignControls';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { TableHead } from '../pages/TableHead';
import { formatCount, formatMoney, formatShare } from './results-rules';
import { useBudgetPacing } from './results-query';

const when = (iso: string) => new Date(iso).toLocaleString([], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The month as people say it: 'December 2026, day 4 of 31'. */
function monthWords(pacing: BudgetPacing): string {
  const name = new Date(`${pacing.month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `${name}, day ${pacing.daysElapsed} of ${pacing.daysInMonth}`;
}

/** Where a clinic stands: its badge's words and colour. */
function standing(clinic: ClinicPacing): { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' } {
  if (clinic.spend === null) return { label: 'No figures yet', tone: 'neutral' };
  if (clinic.reached === 'over') return { label: 'Budget spent', tone: 'danger' };
  if (clinic.reached === 'near') return { label: 'Over 80 % spent', tone: 'warning' };
  if ((clinic.projectedShare ?? 0) > 1) return { label: 'Pacing over budget', tone: 'warning' };
  return { label: 'On track', tone: 'success' };
}

/**
 * Budget pacing on Results (docs/campaigns.md#budget-pacing): one clinic's month
 * against its monthly Google Ads budget, with the campaigns Google limits by
 * budget (and, where one books below the target, its Budget control), or every
 * budgeted clinic in a table when Results shows all clinics.
 */
export function BudgetPacingCard({ clientId, clinicName }: { clientId: number | null; clinicName: string | null }) {
  const pacing = useBudgetPacing(clientId);
  return (
    <section className="adm-card res-card res-pacing" aria-labelledby="res-pacing-title">
      <h2 id="res-pacing-title" className="res-card__title">
        Budget pacing
      </h2>
      {pacing.isPending ? (
        <LoadingPanel label="Loading the budget pacing..." />
      ) : pacing.isError ? (
        <LoadFailed heading="h3" title="Failed to load the budget pacing" message={pacing.error.message} onRetry={() => void pacing.refetch()} />
      ) : clientId === null ? (
        <AgencyPacing pacing={pacing.data} />
      ) : pacing.data.clinics[0] ? (
        <ClinicPacingView pacing={pacing.data} clinic={pacing.data.clinics[0]} />
      ) : (
        <p className="adm-muted res-pacing__empty">
          No monthly Google Ads budget is set for {clinicName ?? 'this clinic'}. Set one in the clinic’s Tracking settings (Clients) to see its month’s spend against it and to alert
          the agency at 80 % and 100 %.
        </p>
      )}
    </section>
  );
}

function Meter({ clinic }: { clinic: ClinicPacing }) {
  const share = clinic.share ?? 0;
  const tone = standing(clinic).tone;
  return (
    <div
      className={`res-pacing__meter res-pacing__meter--${tone}`}
      role="meter"
      aria-label={`${clinic.clientName}: share of the monthly budget spent`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(Math.min(share, 1) * 100)}
      aria-valuetext={formatShare(clinic.share)}
    >
      <span style={{ width: `${Math.min(share, 1) * 100}%` }} />
    </div>
  );
}

function ClinicPacingView({ pacing, clinic }: { pacing: BudgetPacing; clinic: ClinicPacing }) {
  const launches = useLaunchLog(clinic.clientId, clinic.limited.length > 0);
  const badge = standing(clinic);
  return (
    <>
      <p className="res-pacing__lead">
        <span className={`adm-badge adm-badge--${badge.tone}`}>{badge.label}</span> {monthWords(pacing)}
      </p>
      {clinic.note && <p className="adm-muted">{clinic.note}</p>}
      <Meter clinic={clinic} />
      <dl className="res-speed res-pacing__figures">
        <div>
          <dt>Spent this month</dt>
          <dd>
            {formatMoney(clinic.spend)} <small className="adm-muted">of {formatMoney(clinic.monthlyBudget)}</small>
          </dd>
        </div>
        <div>
          <dt>Of the budget</dt>
          <dd>{formatShare(clinic.share)}</dd>
        </div>
        <div>
          <dt>At this pace by month end</dt>
          <dd>
            {formatMoney(clinic.projectedSpend)} <small className="adm-muted">({formatShare(clinic.projectedShare)})</small>
          </dd>
        </div>
        <div>
          <dt>Cost per booking (paid)</dt>
          <dd>
            {formatMoney(clinic.costPerPaidBooking)}{' '}
            <small className="adm-muted">{clinic.targetCostPerBooking === null ? 'no target set' : `target ${formatMoney(clinic.targetCostPerBooking)}`}</small>
          </dd>
        </div>
      </dl>
      {clinic.limited.length > 0 && (
        <>
          <h3 className="res-recs__heading">Limited by budget</h3>
          <ul className="res-recs__list">
            {clinic.limited.map((campaign) => {
              const launch = launches.data?.find((l) => l.googleAdsCampaignId === campaign.campaignId && l.status === 'launched');
              return (
                <li key={campaign.campaignId} className="res-recs__item">
                  <p className="res-recs__change">
                    {campaign.campaignName}: Google limits it by its {formatMoney(campaign.dailyBudget)} daily budget.
                  </p>
                  <p>
                    {formatMoney(campaign.spend)} this month, {formatCount(campaign.paidBooked)} Google Ads booking{campaign.paidBooked === 1 ? '' : 's'}, {formatMoney(campaign.costPerPaidBooking)} a booking.
                  </p>
                  <p className={campaign.beatsTarget ? 'res-pacing__good' : 'adm-muted'}>
                    {campaign.beatsTarget
                      ? `It books below the ${formatMoney(clinic.targetCostPerBooking)} target: more budget is likely to buy more bookings.${
                          campaign.suggestedDailyBudget !== null ? ` Recommended: raise its daily budget from ${formatMoney(campaign.dailyBudget)} to ${formatMoney(campaign.suggestedDailyBudget)}.` : ''
                        }`
                      : clinic.targetCostPerBooking === null
                        ? 'Set a target cost per booking to know whether more budget is worth it.'
                        : `Not below the ${formatMoney(clinic.targetCostPerBooking)} target: more budget is not recommended yet.`}
                  </p>
                  {launch && <LaunchedCampaignControls launch={launch} suggestedBudget={campaign.suggestedDailyBudget} />}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <h3 className="res-recs__heading">Alerts this month</h3>
      {clinic.alerts.length === 0 ? (
        <p className="adm-muted">None yet. The agency’s admins are e-mailed at 80 % and 100 % of the budget, and when a campaign limited by budget books below the target.</p>
      ) : (
        <ul className="res-pacing__alerts">
          {clinic.alerts.map((alert) => (
            <li key={`${alert.kind}-${alert.campaignId}`}>
              <time dateTime={alert.sentAt}>{when(alert.sentAt)}</time> {alert.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function AgencyPacing({ pacing }: { pacing: BudgetPacing }) {
  if (!pacing.clinics.length) {
    return <p className="adm-muted res-pacing__empty">No clinic has a monthly Google Ads budget yet. Set one in a clinic’s Tracking settings (Clients) to pace its spend here.</p>;
  }
  return (
    <>
      <p className="res-pacing__lead adm-muted">{monthWords(pacing)}: the clinics furthest through their budget first.</p>
      <div className="adm-table-scroll" tabIndex={0} role="region" aria-label="Budget pacing by clinic (scrolls sideways)">
        <table className="adm-table res-table">
          <caption className="adm-sr-only">Budget pacing by clinic, {monthWords(pacing)}</caption>
          <TableHead columns={['Clinic', 'Budget', 'Spent', 'Of budget', 'By month end', 'Limited by budget', 'Standing']} />
          <tbody>
            {pacing.clinics.map((clinic) => {
              const badge = standing(clinic);
              return (
                <tr key={clinic.clientId}>
                  <th scope="row">
                    <Link to={`?client=${clinic.clientId}`}>{clinic.clientName}</Link>
                  </th>
                  <td data-label="Budget">{formatMoney(clinic.monthlyBudget)}</td>
                  <td data-label="Spent">{formatMoney(clinic.spend)}</td>
                  <td data-label="Of budget">
                    <Meter clinic={clinic} />
                    {formatShare(clinic.share)}
                  </td>
                  <td data-label="By month end">{formatMoney(clinic.projectedSpend)}</td>
                  <td data-label="Limited by budget">{formatCount(clinic.limited.length)}</td>
                  <td data-label="Standing">
                    <span className={`adm-badge adm-badge--${badge.tone}`}>{badge.label}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
