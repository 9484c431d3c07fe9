import { TriangleAlert } from 'lucide-react';
import { usePageState } from '../state/page-context';
import { clinicHref } from '../state/page-state';

/**
 * docs/public-site.md#pages-and-routes service landing page, failure state: 'Service Not Available',
 * the message (or 'Failed to load service content') and 'Try Again', which
 * reloads. The clinic's phone and home stay one tap away: an ad click never dead-ends.
 */
export function ServiceUnavailable() {
  const state = usePageState();
  const { client, landingError } = state;
  return (
    <main className="status-page">
      <div className="status-card" role="alert">
        <TriangleAlert className="status-card__icon status-card__icon--danger" size={40} aria-hidden />
        <h1 className="status-card__title">Service Not Available</h1>
        <p className="status-card__text">{landingError || 'Failed to load service content'}</p>
        <button type="button" className="btn btn--brand" onClick={() => window.location.reload()}>
          Try Again
        </button>
        <p className="status-card__text">
          <a href={clinicHref(state, '/')}>{client.name}</a>
          {client.phone ? (
            <>
              {' · '}
              <a href={`tel:${client.phone.replace(/[^\d+]/g, '')}`}>{client.phone}</a>
            </>
          ) : null}
        </p>
      </div>
    </main>
  );
}
