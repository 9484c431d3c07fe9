import { TriangleAlert } from 'lucide-react';
import { ReloadButton, StatusCard } from '../components/StatusCard';
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
    <StatusCard role="alert" icon={TriangleAlert} title="Service Not Available" text={landingError || 'Failed to load service content'}>
      <ReloadButton label="Try Again" />
      <p className="status-card__text">
        <a href={clinicHref(state, '/')}>{client.name}</a>
        {client.phone ? (
          <>
            {' · '}
            <a href={`tel:${client.phone.replace(/[^\d+]/g, '')}`}>{client.phone}</a>
          </>
        ) : null}
      </p>
    </StatusCard>
  );
}
