import { CalendarCheck, CalendarX, House } from 'lucide-react';
import { StatusCard } from '../components/StatusCard';
import { ClinicHomeLink } from '../home/ClinicBrand';
import { CallLink } from '../home/CallAction';
import { usePageState } from '../state/page-context';
import { clinicHref } from '../state/page-state';
import { PickerSlot } from './picker-slot';
import './booking-pages.css';

/**
 * /book?client=&service=&token= (docs/booking.md#pages): the clinic's page with
 * the picker of one service, where the patient's e-mail link and a refused
 * booking's 'Choose another time' lead. A service nobody can book online now
 * says so with the clinic's phone. Noindex, never stored, never tracked.
 */
export function BookPage() {
  const state = usePageState();
  const { client, booking } = state;
  const picker = booking?.picker ?? null;
  const reason = picker ? null : (booking?.closed ?? booking?.problem ?? 'No time is free for booking online soon. Please call the clinic.');
  return (
    <StatusCard
      pageClass="booking-page"
      cardClass="status-card--wide booking-page__card"
      brand={<ClinicHomeLink className="status-card__brand" />}
      icon={picker ? CalendarCheck : CalendarX}
      iconClass="booking-page__icon"
      iconSize={44}
      title="Book Your Appointment"
      text={picker ? `Choose a time that suits you with ${client.name}.` : reason!}
    >
      {picker && (
        <section className="booking-page__picker" aria-label="Free times">
          <PickerSlot picker={picker} />
        </section>
      )}
      <div className="status-card__actions booking-page__more">
        <CallLink />
        <a href={clinicHref(state, '/')} className="btn btn--outline-brand">
          <House size={18} aria-hidden />
          Back to home
        </a>
      </div>
    </StatusCard>
  );
}
