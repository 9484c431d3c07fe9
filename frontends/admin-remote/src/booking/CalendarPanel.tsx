import type { CalendarAppointment } from '@hap/contracts';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../pages/EmptyState';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { ModalDialog } from '../pages/ModalDialog';
import { AppointmentCard, patientOf, serviceOf, StatusBadge } from './AppointmentCard';
import { dayLabel, placeByDay, shiftDate, timeIn, todayIn, viewTitle, windowOf, zoneLabel, type CalendarView } from './calendar-rules';
import { useCalendar, type BookingScope } from './booking-query';

/**
 * The clinic's calendar (docs/booking.md#screens): a day or a Monday-to-Sunday week in the clinic's
 * zone, with Previous, Today and Next. The view and its date are in the address (`?view=&date=`),
 * so a day can be linked and survives a reload. The week lists each day's appointments; one opens
 * in full with its actions. `zone` is the clinic's, from its settings, until the calendar's answer
 * names it.
 */
export function CalendarPanel({ scope, zone: settingsZone, canAct }: { scope: BookingScope; zone: string; canAct: boolean }) {
  const [params, setParams] = useSearchParams();
  const view: CalendarView = params.get('view') === 'day' ? 'day' : 'week';
  const zone = settingsZone;
  const today = todayIn(zone);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : today;
  const window = windowOf(view, date, zone);
  const calendar = useCalendar(scope, { from: window.from, to: window.to });
  const [openId, setOpenId] = useState<number | null>(null);

  const go = (next: { view?: CalendarView; date?: string }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('view', next.view ?? view);
        updated.set('date', next.date ?? date);
        return updated;
      },
      { replace: true },
    );

  const shownZone = calendar.data?.timeZone ?? zone;
  const placed = calendar.data ? placeByDay(calendar.data.appointments, window.days, shownZone) : null;
  const opened = calendar.data?.appointments.find((a) => a.id === openId) ?? null;
  const total = calendar.data?.appointments.length ?? 0;

  return (
    <div className="bkg-calendar">
      <div className="adm-card bkg-toolbar">
        <div className="bkg-toolbar__nav">
          <button type="button" className="adm-icon-button" aria-label={view === 'week' ? 'Previous week' : 'Previous day'} onClick={() => go({ date: shiftDate(view, date, zone, -1) })}>
            <ChevronLeft size={18} aria-hidden />
          </button>
          <button type="button" className="adm-button adm-button--secondary" disabled={window.days.some((d) => d.date === today)} onClick={() => go({ date: today })}>
            Today
          </button>
          <button type="button" className="adm-icon-button" aria-label={view === 'week' ? 'Next week' : 'Next day'} onClick={() => go({ date: shiftDate(view, date, zone, 1) })}>
            <ChevronRight size={18} aria-hidden />
          </button>
        </div>
        <div className="bkg-toolbar__title">
          <h2 className="bkg-toolbar__heading" aria-live="polite">
            {viewTitle(view, window.days)}
          </h2>
          <span className="adm-muted">Times in {zoneLabel(shownZone)}</span>
        </div>
        <div className="bkg-segmented" role="group" aria-label="Calendar view">
          {(['day', 'week'] as const).map((v) => (
            <button key={v} type="button" className="bkg-segmented__item" aria-pressed={view === v} onClick={() => go({ view: v })}>
              {v === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </div>
      </div>

      {calendar.isPending ? (
        <LoadingPanel card label="Loading appointments..." />
      ) : calendar.isError ? (
        <LoadFailed card title="Failed to load the calendar" message={calendar.error.message} onRetry={() => void calendar.refetch()} />
      ) : view === 'day' ? (
        <section className="bkg-dayview" aria-label={`Appointments on ${dayLabel(date, shownZone, true)}`} aria-busy={calendar.isFetching}>
          {(placed?.get(window.days[0]!.date) ?? []).length === 0 ? (
            <EmptyState card frame="div" icon={<CalendarDays size={28} aria-hidden className="adm-empty__icon" />} heading="h3" title="No appointments" text={`Nothing is booked on ${dayLabel(date, shownZone, true)}.`} />
          ) : (
            <ul className="bkg-dayview__list">
              {placed!.get(window.days[0]!.date)!.map((a) => (
                <li key={a.id}>
                  <AppointmentCard appointment={a} zone={shownZone} scope={scope} clientId={calendar.data.clientId} canAct={canAct} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <section className="bkg-week-grid" aria-label={`Appointments ${viewTitle(view, window.days)}`} aria-busy={calendar.isFetching}>
          {total === 0 && <p className="adm-muted bkg-week-grid__empty">No appointments this week.</p>}
          {window.days.map((day) => {
            const list = placed!.get(day.date) ?? [];
            return (
              <div key={day.date} className={`adm-card bkg-weekday${day.date === today ? ' bkg-weekday--today' : ''}${list.length === 0 ? ' bkg-weekday--empty' : ''}`}>
                <h3 className="bkg-weekday__head">
                  <button type="button" className="bkg-weekday__link" onClick={() => go({ view: 'day', date: day.date })} aria-label={`${dayLabel(day.date, shownZone, true)}, ${list.length} appointment${list.length === 1 ? '' : 's'}: open the day`}>
                    {dayLabel(day.date, shownZone)}
                    {day.date === today && <span className="adm-badge">Today</span>}
                  </button>
                </h3>
                {list.length === 0 ? (
                  <p className="adm-muted bkg-weekday__none">No appointments</p>
                ) : (
                  <ul className="bkg-weekday__list">
                    {list.map((a) => (
                      <li key={a.id}>
                        <WeekChip appointment={a} zone={shownZone} onOpen={() => setOpenId(a.id)} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </section>
      )}
      {calendar.data && (
        <ModalDialog open={opened !== null} onOpenChange={(open) => !open && setOpenId(null)} title="Appointment" className="adm-dialog adm-dialog--narrow" aria-describedby={undefined}>
          <div className="adm-dialog__body">{opened && <AppointmentCard appointment={opened} zone={shownZone} scope={scope} clientId={calendar.data.clientId} canAct={canAct} headingLevel="h2" />}</div>
        </ModalDialog>
      )}
    </div>
  );
}

/** An appointment in the week: its time, patient, service and status; it opens in full. */
function WeekChip({ appointment: a, zone, onOpen }: { appointment: CalendarAppointment; zone: string; onOpen: () => void }) {
  return (
    <button type="button" className={`bkg-chip bkg-chip--${a.status}`} onClick={onOpen} aria-haspopup="dialog">
      <span className="bkg-chip__time">{timeIn(a.start, zone)}</span>
      <span className="bkg-chip__patient">{patientOf(a)}</span>
      <span className="bkg-chip__service">{serviceOf(a)}</span>
      <StatusBadge appointment={a} />
    </button>
  );
}
