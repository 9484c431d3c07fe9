import { useId, useRef, useState, type FormEvent } from 'react';
import type { PickerState } from '../state/page-state';
import { bookSlot, newBookingKey, rescheduleAppointment, type BookingOutcome, type ManagedChange } from './booking-api';
import { appointmentPath, BOOKING_FORM_PATH, BookingMessages } from '@hap/contracts';
import { bookingTokenFor } from './lead-booking-token';
import { pickerDays, zoneName, type PickerSlot } from './slot-days';
import './picker.css';

export interface SlotPickerProps {
  picker: PickerState;
  /** The thank-you page: the lead's receipt reference, under which this tab keeps the lead's booking token. */
  reference?: string | null;
  /** 'Change time' on the appointment page: the link's token; `onMoved` gets the moved appointment. */
  reschedule?: { token: string; onMoved(change: ManagedChange): void };
}

/** What the pressed time's button says while it books. */
const BOOKING_LABEL = 'Booking...';

/**
 * The booking picker (docs/booking.md#pages, #the-pickers-form): the next days
 * with free times as a choice of day, and each free time of the chosen day as a
 * button, in the clinic's wall-clock time. Its own chunk, loaded only by the
 * pages that show it.
 *
 * Without script it is a set of plain forms: each time is the submit button of a
 * form posting BOOKING_FORM_PATH, and the day choice is radio buttons shown by
 * CSS. With script a time books with POST /api/bookings (or moves the
 * appointment), and a time taken meanwhile says so and offers the next free
 * ones instead.
 */
export function SlotPicker({ picker, reference = null, reschedule }: SlotPickerProps) {
  const id = useId();
  const [slots, setSlots] = useState<PickerSlot[]>(picker.slots);
  // A new list (the next free times after a taken one) starts again at its first day.
  const [generation, setGeneration] = useState(0);
  const [pending, setPending] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // The key of the last booking sent and its time: the same time pressed again after a failure is the same booking.
  const attempt = useRef<{ start: string; key: string } | null>(null);
  const days = pickerDays(slots);

  function refused(outcome: Extract<BookingOutcome<unknown>, { ok: false }>) {
    setPending(null);
    if (outcome.nextSlots) {
      setMessage(outcome.nextSlots.length ? BookingMessages.slotTaken : `${BookingMessages.slotTaken}. No other time is free soon: please call the clinic.`);
      setSlots(outcome.nextSlots);
      setGeneration((n) => n + 1);
      return;
    }
    setMessage(outcome.message);
  }

  async function choose(start: string) {
    if (pending) return;
    setPending(start);
    setMessage(null);
    if (reschedule) {
      const outcome = await rescheduleAppointment(reschedule.token, start);
      if (!outcome.ok) return refused(outcome);
      setPending(null);
      reschedule.onMoved(outcome.data);
      return;
    }
    const leadToken = picker.leadToken ?? bookingTokenFor(reference);
    const body = { clientId: picker.clientId, serviceId: picker.serviceId, start, ...(leadToken && { leadToken }) };
    // The same time pressed again after a failure is the same booking (its key); another time is another.
    if (attempt.current?.start !== start) attempt.current = { start, key: newBookingKey() };
    const outcome = await bookSlot({ ...body, idempotencyKey: attempt.current.key });
    if (!outcome.ok) return refused(outcome);
    window.location.assign(appointmentPath(outcome.data.clientId, outcome.data.manageToken, true));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const start = new FormData(event.currentTarget).get('start');
    if (typeof start === 'string') void choose(start);
  }

  return (
    <div className="picker" key={generation}>
      {message && (
        <p className="picker__message" role="alert">
          {message}
        </p>
      )}
      {days.length > 0 && (
        <>
          <fieldset className="picker__days">
            <legend className="picker__legend">Choose a day</legend>
            <div className="picker__day-list">
              {days.map((day, index) => (
                <label key={day.date} className="picker__day">
                  <input type="radio" name={`${id}-day`} value={day.date} defaultChecked={index === 0} className="picker__day-input" />
                  <span className="picker__day-label">{day.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="picker__panels">
            {days.map((day) => (
              <div key={day.date} className="picker__panel" role="group" aria-label={`Free times on ${day.label}`}>
                {day.times.map((time) =>
                  reschedule ? (
                    <button
                      key={time.start}
                      type="button"
                      className="picker__time"
                      disabled={pending !== null}
                      aria-label={`${day.label} at ${time.label}`}
                      onClick={() => void choose(time.start)}
                    >
                      {pending === time.start ? BOOKING_LABEL : time.label}
                    </button>
                  ) : (
                    <form key={time.start} method="post" action={BOOKING_FORM_PATH} className="picker__form" onSubmit={onSubmit}>
                      <input type="hidden" name="clientId" value={picker.clientId} />
                      <input type="hidden" name="serviceId" value={picker.serviceId} />
                      <input type="hidden" name="start" value={time.start} />
                      <input type="hidden" name="idempotencyKey" value={picker.idempotencyKey} />
                      <input type="hidden" name="leadToken" value={picker.leadToken ?? ''} />
                      <button type="submit" className="picker__time" disabled={pending !== null} aria-label={`${day.label} at ${time.label}`}>
                        {pending === time.start ? BOOKING_LABEL : time.label}
                      </button>
                    </form>
                  ),
                )}
              </div>
            ))}
          </div>
          <p className="picker__zone">Times are in the clinic’s time zone ({zoneName(picker.timeZone)}).</p>
        </>
      )}
    </div>
  );
}
