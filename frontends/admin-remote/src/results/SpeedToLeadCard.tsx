import { routes, SPEED_BAND_LABELS, type SpeedToLead } from '@hap/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { LoadFailed } from '../pages/LoadFailed';
import { formatCount, formatMinutes, formatShare, type DayRange } from './results-rules';

/** Speed to lead of one clinic (the agency's pick) or of the portal's own clinic. */
export function useSpeedToLead(range: DayRange, clientId: number | null | 'portal') {
  return useQuery({
    queryKey: ['speed-to-lead', clientId, range.from, range.to],
    enabled: clientId !== null,
    queryFn: ({ signal }): Promise<SpeedToLead> =>
      clientId === 'portal'
        ? api.call(routes.getPortalSpeedToLead, { query: { from: range.from, to: range.to } }, { signal })
        : api.call(routes.getSpeedToLead, { query: { clientId: String(clientId), from: range.from, to: range.to } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * How fast leads were first contacted (docs/speed-to-lead.md#speed-to-lead): median and 90th percentile, and
 * the booking rate of each time band beside it: the case for answering in minutes, in the clinic's own figures.
 */
export function SpeedToLeadCard({ range, clientId }: { range: DayRange; clientId: number | null | 'portal' }) {
  const speed = useSpeedToLead(range, clientId);
  return (
    <section className="adm-card res-card" aria-labelledby="res-speed-title">
      <div className="res-card__head">
        <h2 id="res-speed-title" className="res-card__title">
          Speed to lead
        </h2>
      </div>
      {clientId === null ? (
        <p className="adm-muted">Choose a clinic to see how fast its leads are answered.</p>
      ) : speed.isPending ? (
        <p className="adm-muted">Loading…</p>
      ) : speed.isError ? (
        <LoadFailed heading="h3" title="Failed to load speed to lead" message={speed.error.message} onRetry={() => void speed.refetch()} />
      ) : (
        <>
          <dl className="res-speed">
            <div>
              <dt>Median first contact</dt>
              <dd>{formatMinutes(speed.data.medianMinutes)}</dd>
            </div>
            <div>
              <dt>90% within</dt>
              <dd>{formatMinutes(speed.data.p90Minutes)}</dd>
            </div>
            <div>
              <dt>Contacted</dt>
              <dd>
                {formatCount(speed.data.contacted)} of {formatCount(speed.data.leads)}
              </dd>
            </div>
          </dl>
          <table className="adm-table res-table">
            <caption className="adm-sr-only">Booking rate by time to first contact</caption>
            <thead>
              <tr>
                <th scope="col">First contact</th>
                <th scope="col">Leads</th>
                <th scope="col">Booked</th>
                <th scope="col">Booking rate</th>
              </tr>
            </thead>
            <tbody>
              {speed.data.bands.map((band) => (
                <tr key={band.band}>
                  <th scope="row">{SPEED_BAND_LABELS[band.band]}</th>
                  <td>{formatCount(band.leads)}</td>
                  <td>{formatCount(band.booked)}</td>
                  <td>{band.leads ? formatShare(band.booked / band.leads) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {speed.data.weeks.length > 1 && (
            <table className="adm-table res-table">
              <caption className="adm-sr-only">First contact by week</caption>
              <thead>
                <tr>
                  <th scope="col">Week</th>
                  <th scope="col">Leads</th>
                  <th scope="col">Contacted</th>
                  <th scope="col">Median</th>
                  <th scope="col">90% within</th>
                </tr>
              </thead>
              <tbody>
                {speed.data.weeks.map((week) => (
                  <tr key={week.week}>
                    <th scope="row">{week.week}</th>
                    <td>{formatCount(week.leads)}</td>
                    <td>{formatCount(week.contacted)}</td>
                    <td>{formatMinutes(week.medianMinutes)}</td>
                    <td>{formatMinutes(week.p90Minutes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="adm-muted res-speed__note">
            First contact: the first text or e-mail a person sent, the first move from New by a person, or a booking, whichever came first.
          </p>
        </>
      )}
    </section>
  );
}
