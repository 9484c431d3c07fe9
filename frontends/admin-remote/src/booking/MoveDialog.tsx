import type { CalendarAppointment } from '@hap/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { CalendarClock, ChevronLeft, ChevronRight, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadingPanel } from '../pages/LoadingPanel';
import { ModalDialog } from '../pages/ModalDialog';
import { dateOfInstant, dayLabel, shiftDate, timeIn, todayIn, windowOf } from './calendar-rules';
import { useSlots } from './booking-query';
import { patientOf, serviceOf } from './AppointmentCard';

/**
 * Move an appointment to another free time: a day (in the clinic's zone) and its free times for the
 * same service, as patients are offered them (GET /api/booking/slots); Move sends the chosen one.
 */
export function MoveDialog({
  appointment: a,
  zone,
  clientId,
  pending,
  onClose,
  onMove,
}: {
  appointment: CalendarAppointment;
  zone: string;
  clientId: number;
  pending: boolean;
  onClose: () => void;
  onMove: (start: string) => void;
}) {
  const id = useId();
  const today = todayIn(zone);
  const ownDay = dateOfInstant(a.start, zone);
  const [date, setDate] = useState(ownDay < today ? today : ownDay);
  const [chosen, setChosen] = useState<string | null>(null);
  const window = windowOf('day', date, zone);
  const slots = useSlots(clientId, a.serviceId, { from: window.from, to: window.to });
  const pick = (next: string) => {
    setDate(next);
    setChosen(null);
  };
  const free = slots.data?.slots.filter((s) => s.start !== new Date(a.start).toISOString()) ?? [];

  return (
    <ModalDialog open onOpenChange={(open) => !open && onClose()} title="Move the appointment" className="adm-dialog adm-dialog--narrow" aria-describedby={`${id}-now`}>
      <div className="adm-dialog__body">
        <p id={`${id}-now`} className="adm-dialog__text">
          {patientOf(a)}, {serviceOf(a)}: now {dayLabel(ownDay, zone, true)} at {timeIn(a.start, zone)}. Choose a free time; the patient is e-mailed the new one.
        </p>
        <div className="bkg-move__day">
          <button type="button" className="adm-icon-button" aria-label="Previous day" disabled={date <= today} onClick={() => pick(shiftDate('day', date, zone, -1))}>
            <ChevronLeft size={18} aria-hidden />
          </button>
          <label className="adm-sr-only" htmlFor={`${id}-date`}>
            Day
          </label>
          <input id={`${id}-date`} type="date" className="adm-input" min={today} value={date} onChange={(e) => e.target.value && pick(e.target.value)} />
          <button type="button" className="adm-icon-button" aria-label="Next day" onClick={() => pick(shiftDate('day', date, zone, 1))}>
            <ChevronRight size={18} aria-hidden />
          </button>
        </div>
        {slots.isPending ? (
          <LoadingPanel label="Loading free times..." />
        ) : slots.isError ? (
          <p className="adm-field__error" role="alert">
            {slots.error.message}
          </p>
        ) : !slots.data.open ? (
          <p className="adm-muted" role="status">
            Online booking is off for this service, so no free times are offered. Turn it on in Settings to move appointments here.
          </p>
        ) : free.length === 0 ? (
          <p className="adm-muted" role="status">
            No free times on {dayLabel(date, zone, true)}. Try another day.
          </p>
        ) : (
          <div className="bkg-slots" role="radiogroup" aria-label={`Free times on ${dayLabel(date, zone, true)}`}>
            {free.map((slot) => (
              <button key={slot.start} type="button" role="radio" aria-checked={chosen === slot.start} className="bkg-slot" onClick={() => setChosen(slot.start)}>
                {timeIn(slot.start, zone)}
              </button>
            ))}
          </div>
        )}
        <div className="adm-dialog__footer">
          <Dialog.Close asChild>
            <button type="button" className="adm-button adm-button--secondary">
              Keep the time
            </button>
          </Dialog.Close>
          <button type="button" className="adm-button adm-button--primary" disabled={!chosen || pending} onClick={() => chosen && onMove(chosen)}>
            {pending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <CalendarClock size={16} aria-hidden />}
            {chosen ? `Move to ${timeIn(chosen, zone)}` : 'Move'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
