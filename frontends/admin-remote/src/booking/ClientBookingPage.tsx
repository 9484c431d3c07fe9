import { backToClients, ClientScreen } from '../clients/ClientScreen';
import { PageHeader } from '../pages/PageHeader';
import { BookingScreen } from './BookingScreen';

/** A clinic's booking, from the client's Actions menu: its calendar and its settings, as its owner sees them (the feed is the clinic's own). */
export function ClientBookingPage() {
  return (
    <ClientScreen section="Booking" notFoundTitle="Booking">
      {(client) => (
        <>
          <PageHeader
            title={`Booking of ${client.name}`}
            description="The clinic’s appointments and the hours and rules patients book by. Changes are made for the clinic and audited as yours."
            actions={backToClients}
          />
          <BookingScreen scope={{ kind: 'admin', clientId: client.id }} canEdit canAct readOnlyNote="" />
        </>
      )}
    </ClientScreen>
  );
}
