import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { Tabs, type TabItem } from '../pages/Tabs';
import { AvailabilityForm } from './AvailabilityForm';
import { CalendarPanel } from './CalendarPanel';
import { useAvailability, useClinicServices, type BookingScope } from './booking-query';
import './booking.css';

type BookingTab = 'calendar' | 'settings';
const TABS: ReadonlyArray<TabItem<BookingTab>> = [
  { id: 'calendar', label: 'Calendar' },
  { id: 'settings', label: 'Settings' },
];

/**
 * The booking screens of one clinic (docs/booking.md#screens), the portal's and the agency's alike:
 * the Calendar and the Settings tabs (the tab in the address, `?tab=`), with `feed` (the portal's
 * calendar feed card) under the calendar. `canEdit` opens the settings to change; `canAct` the
 * appointments' actions.
 */
export function BookingScreen({ scope, canEdit, canAct, readOnlyNote, feed }: { scope: BookingScope; canEdit: boolean; canAct: boolean; readOnlyNote: string; feed?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab: BookingTab = params.get('tab') === 'settings' ? 'settings' : 'calendar';
  const availability = useAvailability(scope);
  const services = useClinicServices(scope);
  const select = (next: BookingTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <>
      <Tabs tabs={TABS} selected={tab} onSelect={select} label="Booking" idPrefix="booking" />
      <div id={`booking-panel-${tab}`} role="tabpanel" aria-labelledby={`booking-tab-${tab}`} className="bkg-panel">
        {availability.isPending || (tab === 'settings' && services.isPending) ? (
          <LoadingPanel card label={tab === 'settings' ? 'Loading booking settings...' : 'Loading the calendar...'} />
        ) : availability.isError ? (
          <LoadFailed card title="Failed to load the booking settings" message={availability.error.message} onRetry={() => void availability.refetch()} />
        ) : tab === 'settings' ? (
          <AvailabilityForm
            key={availability.data.updatedAt ?? 'defaults'}
            scope={scope}
            stored={availability.data}
            services={services.data ?? []}
            servicesError={services.isError ? services.error.message : null}
            canEdit={canEdit}
            readOnlyNote={readOnlyNote}
          />
        ) : (
          <>
            <CalendarPanel scope={scope} zone={availability.data.availability.timeZone} canAct={canAct} />
            {feed}
          </>
        )}
      </div>
    </>
  );
}
