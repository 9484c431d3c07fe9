import { CalendarCheck, CircleCheck, House } from 'lucide-react';
import { StatusCard } from '../components/StatusCard';
import { ClinicHomeLink } from '../home/ClinicBrand';
import { CallLink } from '../home/CallAction';
import { usePageState } from '../state/page-context';
import { clinicHref } from '../state/page-state';
import { PickerSlot } from '../booking/picker-slot';
import { PICKER_ANCHOR, thanksContentOf } from './thanks-content';
import './thanks.css';

/**
 * /thanks (docs/public-site.md#pages-and-routes 'Thank-you page'): where a sent lead lands. Server
 * rendered with the clinic's branding (page context: ?client=, the cookie or
 * the host), noindex, never cached. With the clinic's booking link the visitor
 * can book at once; with the clinic's own online booking, the picker of the
 * lead's service (its own chunk, docs/booking.md#pages); else what happens next; with no clinic, a generic
 * thank-you. The clinic's phone and the way home are always there.
 */
export function ThanksPage() {
  const state = usePageState();
  const { route } = state;
  const content = thanksContentOf(state);
  return (
    <StatusCard
      pageClass="thanks"
      cardClass="status-card--wide thanks__card"
      brand={<ClinicHomeLink className="status-card__brand" />}
      icon={CircleCheck}
      iconClass="thanks__icon"
      iconSize={44}
      title={content.title}
      text={content.text}
    >
      {content.kind === 'booking' && (
        <div className="status-card__actions">
          <a href={content.bookingLink} target="_blank" rel="noopener noreferrer" className="btn btn--brand btn--lg">
            <CalendarCheck size={20} aria-hidden />
            {content.action}
          </a>
        </div>
      )}

      {content.kind === 'picker' && state.booking?.picker && (
        <>
          <div className="status-card__actions">
            <a href={`#${PICKER_ANCHOR}`} className="btn btn--brand btn--lg">
              <CalendarCheck size={20} aria-hidden />
              {content.action}
            </a>
          </div>
          <section id={PICKER_ANCHOR} className="thanks__picker" aria-labelledby="thanks-picker">
            <h2 id="thanks-picker" className="status-card__subtitle">
              {content.pickerTitle}
            </h2>
            <PickerSlot picker={state.booking.picker} reference={route.reference ?? null} />
          </section>
        </>
      )}

      {content.kind === 'next-steps' && (
        <section className="thanks__next" aria-labelledby="thanks-next">
          <h2 id="thanks-next" className="status-card__subtitle">
            {content.stepsTitle}
          </h2>
          <ol className="thanks__steps">
            {content.steps.map((step, index) => (
              <li key={step.title} className="thanks__step">
                <span className="thanks__step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <span>
                  <strong className="thanks__step-title">{step.title}</strong>
                  <span className="thanks__step-text">{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}

      <div className="status-card__actions thanks__more">
        <CallLink />
        <a href={clinicHref(state, '/')} className="btn btn--outline-brand">
          <House size={18} aria-hidden />
          Back to home
        </a>
      </div>
      {route.reference && (
        <p className="thanks__reference">
          Your request reference: <span className="thanks__reference-code">{route.reference}</span>
        </p>
      )}
    </StatusCard>
  );
}
