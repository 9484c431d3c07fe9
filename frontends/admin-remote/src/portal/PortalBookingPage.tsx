import { routes } from '@hap/contracts';
import { BookingScreen } from '../booking/BookingScreen';
import { CalendarFeedCard } from '../booking/CalendarFeedCard';
import { useDocumentTitle } from '../lib/use-document-title';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { canUse, portalTitle, usePortalUser } from './portal-auth';

/**
 * Booking: the clinic's appointments (every user acts on them) and its booking settings (owners
 * change them; the front desk, viewers and the agency's read-only view see them; viewers act on nothing), with the calendar feed.
 */
export function PortalBookingPage() {
  useDocumentTitle(portalTitle('Booking'));
  const me = usePortalUser().data;
  if (!me) return <LoadingPanel label="Loading booking..." />;
  const owner = canUse(me, routes.updatePortalAvailability);
  return (
    <>
      <PageHeader title="Booking" description={`${me.clientName}’s appointments booked online, and the hours and rules patients book by.`} />
      <BookingScreen
        scope={{ kind: 'portal' }}
        canEdit={owner}
        canAct={canUse(me, routes.updatePortalAppointment)}
        readOnlyNote={
          me.viewAs
            ? 'This is a read-only view. The clinic’s owners change these settings here, and the agency on the clinic’s Booking screen.'
            : 'Only the clinic’s owners can change the booking settings. Ask an owner to change the hours or rules.'
        }
        feed={me.viewAs ? undefined : <CalendarFeedCard canRenew={owner} />}
      />
    </>
  );
}
