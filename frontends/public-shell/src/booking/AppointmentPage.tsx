import type { ManagedAppointment } from '@hap/contracts';
import { CalendarCheck, CalendarClock, CalendarX, House, Phone } from 'lucide-react';
import { useState } from 'react';
import { StatusCard } from '../components/StatusCard';
import { ClinicHomeLink } from '../home/ClinicBrand';
import { telHref } from '../home/contact-links';
import { usePageState } from '../state/page-context';
import { clinicHref, type PickerState } from '../state/page-state';
import { cancelAppointment, loadSlots, type ManagedChange } from './booking-api';
import { appointmentTitle, appointmentWhen } from './appointment-words';
import { appointmentPath } from '@hap/contracts';
import { loadPicker, PickerSlot } from './picker-slot';
import { pickerWindow, shownSlots, zoneName } from './slot-days';
import './booking-pages.css';

type Mode = { kind: 'view' } | { kind: 'loading' } | { kind: 'change'; picker: PickerState } | { kind: 'confirm-cancel' } | { kind: 'cancelling' };

/** What the page says after a change, and when free times cannot be read. */
export const APPOINTMENT_NOTICES = {
  moved: 'Your appointment was moved. We have e-mailed you a new link.',
  cancelled: 'Your appointment is cancelled.',
  noTimes: 'No other time is free for booking online soon. Please call the clinic.',
  confirmCancel: 'Cancel this appointment?',
} as const;

/**
 * /appointment?client=&token=[&booked=1] (docs/booking.md#pages): the
 * appointment a patient's signed link names, its time in the clinic's zone, the
 * clinic, and while it may still change, 'Change time' (the picker in
 * reschedule mode; the answer's new link replaces the address) and 'Cancel
 * appointment' (after a confirmation). A used, expired or invalid link says so
 * with the clinic's phone. Noindex, never stored, never tracked.
 */
export function AppointmentPage() {
  const state = usePageState();
  const { client, route, booking } = state;
  const [managed, setManaged] = useState<ManagedAppointment | null>(booking?.appointment ?? null);
  const [token, setToken] = useState<string | null>(route.token ?? null);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const phone = managed?.clinicPhone ?? client.phone;
  const problem = managed ? null : (booking?.problem ?? null);

  async function startChange() {
    if (!managed || !token) return;
    setMode({ kind: 'loading' });
    setNotice(null);
    setError(null);
    const { appointment } = managed;
    const [list] = await Promise.all([loadSlots({ clientId: appointment.clientId, serviceId: appointment.serviceId, ...pickerWindow(new Date()) }), loadPicker()]);
    const slots = list ? shownSlots(list.slots.filter((slot) => slot.start !== appointment.start)) : [];
    if (!list || !slots.length) {
      setMode({ kind: 'view' });
      setError(APPOINTMENT_NOTICES.noTimes);
      return;
    }
    setMode({
      kind: 'change',
      picker: { clientId: appointment.clientId, serviceId: appointment.serviceId, timeZone: list.timeZone, slots, idempotencyKey: '', leadToken: null },
    });
  }

  function changed(change: ManagedChange, words: string) {
    const { token: next, ...now } = change;
    setManaged(now);
    setMode({ kind: 'view' });
    setNotice(words);
    if (next) {
      setToken(next);
      // The old link stopped working: the address (a bookmark, a reload) is the new one.
      window.history.replaceState(window.history.state, '', appointmentPath(now.appointment.clientId, next));
    }
  }

  async function cancel() {
    if (!token) return;
    setMode({ kind: 'cancelling' });
    const outcome = await cancelAppointment(token);
    if (!outcome.ok) {
      setMode({ kind: 'view' });
      setError(outcome.message);
      return;
    }
    changed(outcome.data, APPOINTMENT_NOTICES.cancelled);
  }

  const brand = <ClinicHomeLink className="status-card__brand" />;
  const callLink = phone ? (
    <a href={telHref(phone)} className="btn btn--outline-brand">
      <Phone size={18} aria-hidden />
      Call {phone}
    </a>
  ) : null;
  const home = (
    <a href={clinicHref(state, '/')} className="btn btn--outline-brand">
      <House size={18} aria-hidden />
      Back to home
    </a>
  );

  if (!managed) {
    return (
      <StatusCard pageClass="booking-page" cardClass="status-card--wide booking-page__card" brand={brand} icon={CalendarX} title="This link does not work" text={problem ?? ''}>
        <div className="status-card__actions booking-page__more">
          {callLink}
          {home}
        </div>
      </StatusCard>
    );
  }

  const { appointment, clinicName, timeZone } = managed;
  const cancelled = appointment.status === 'cancelled';
  const changeable = managed.changeable && !cancelled && token !== null;
  return (
    <StatusCard
      pageClass="booking-page"
      cardClass="status-card--wide booking-page__card"
      brand={brand}
      icon={cancelled ? CalendarX : appointment.status === 'pending' ? CalendarClock : CalendarCheck}
      iconClass="booking-page__icon"
      iconSize={44}
      title={appointmentTitle(appointment.status)}
      text={`${appointmentWhen(appointment.start, timeZone)} with ${clinicName}.`}
    >
      {notice && (
        <p className="appointment__notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="appointment__error" role="alert">
          {error}
        </p>
      )}
      <dl className="appointment__facts">
        <dt>When</dt>
        <dd>
          {appointmentWhen(appointment.start, timeZone)}
          <span className="appointment__zone">{zoneName(timeZone)} time</span>
        </dd>
        <dt>Clinic</dt>
        <dd>{clinicName}</dd>
        {phone && (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(phone)}>{phone}</a>
            </dd>
          </>
        )}
      </dl>

      {mode.kind === 'change' && token && (
        <section className="appointment__change" aria-labelledby="appointment-change">
          <h2 id="appointment-change" className="status-card__subtitle">
            Choose a new time
          </h2>
          <PickerSlot picker={mode.picker} reschedule={{ token, onMoved: (change) => changed(change, APPOINTMENT_NOTICES.moved) }} />
        </section>
      )}

      {(mode.kind === 'confirm-cancel' || mode.kind === 'cancelling') && (
        <section className="appointment__confirm" aria-label="Cancel appointment">
          <p>{APPOINTMENT_NOTICES.confirmCancel}</p>
          <div className="status-card__actions">
            <button type="button" className="btn btn--danger" disabled={mode.kind === 'cancelling'} onClick={() => void cancel()}>
              {mode.kind === 'cancelling' ? 'Cancelling...' : 'Yes, cancel it'}
            </button>
            <button type="button" className="btn btn--outline-brand" disabled={mode.kind === 'cancelling'} onClick={() => setMode({ kind: 'view' })}>
              Keep it
            </button>
          </div>
        </section>
      )}

      {changeable && mode.kind !== 'confirm-cancel' && mode.kind !== 'cancelling' && (
        <div className="status-card__actions appointment__actions">
          {mode.kind === 'change' ? (
            <button type="button" className="btn btn--outline-brand" onClick={() => setMode({ kind: 'view' })}>
              Keep this time
            </button>
          ) : (
            <button type="button" className="btn btn--brand" disabled={mode.kind === 'loading'} onClick={() => void startChange()}>
              <CalendarClock size={18} aria-hidden />
              {mode.kind === 'loading' ? 'Loading free times...' : 'Change time'}
            </button>
          )}
          <button type="button" className="btn btn--outline-brand" onClick={() => setMode({ kind: 'confirm-cancel' })}>
            Cancel appointment
          </button>
        </div>
      )}
      <div className="status-card__actions booking-page__more">
        {callLink}
        {home}
      </div>
    </StatusCard>
  );
}
