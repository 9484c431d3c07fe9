import { ApiError, type OpeningRange, type StoredAvailability, type Weekday } from '@hap/contracts';
import { CalendarX, Info, LoaderCircle, Plus, Save, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorAria, FormField } from '../auth/FormField';
import { useToast } from '../toast/toaster';
import {
  checkDraft,
  draftOf,
  durationLabel,
  errorsOf,
  LENGTH_SUGGESTIONS,
  noticeOptions,
  timeZoneOptions,
  type AvailabilityDraft,
  type ClinicService,
  type FieldErrors,
} from './availability-form';
import { dayLabel } from './calendar-rules';
import { useSaveAvailability, type BookingScope } from './booking-query';
import { WeeklyHours } from './WeeklyHours';

/**
 * The clinic's booking settings (docs/booking.md#screens): online booking, the zone, the weekly
 * hours, closed dates, the bookable services and their lengths, and the rules that fill the time.
 * Checked by the API's own schema before it is sent, each message at its field; the API's 400
 * lands at the same fields. `canEdit` false shows the same, every control disabled, under `readOnlyNote`.
 */
export function AvailabilityForm({
  scope,
  stored,
  services,
  servicesError,
  canEdit,
  readOnlyNote,
}: {
  scope: BookingScope;
  stored: StoredAvailability;
  services: readonly ClinicService[];
  /** Why the services could not be listed (their stored rows are then kept as they are). */
  servicesError: string | null;
  canEdit: boolean;
  readOnlyNote: string;
}) {
  const id = useId();
  const toast = useToast();
  const save = useSaveAvailability(scope);
  const [draft, setDraft] = useState<AvailabilityDraft>(() => draftOf(stored.availability, services));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);
  const [closedDay, setClosedDay] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const focusFirst = useRef(false);

  useEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const change = (next: AvailabilityDraft) => {
    setDraft(next);
    // After a refused save the messages follow the fixes.
    if (tried) {
      const checked = checkDraft(next);
      setErrors(checked.ok ? {} : checked.errors);
    }
  };
  const set = <K extends keyof AvailabilityDraft>(key: K, value: AvailabilityDraft[K]) => change({ ...draft, [key]: value });
  const setDay = (day: Weekday, ranges: OpeningRange[]) => set('weekly', { ...draft.weekly, [day]: ranges });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const checked = checkDraft(draft);
    if (!checked.ok) {
      focusFirst.current = true;
      setErrors(checked.errors);
      toast({ title: 'Check the highlighted fields', description: Object.values(checked.errors)[0], variant: 'destructive' });
      return;
    }
    setErrors({});
    save.mutate(checked.body, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved.availability, services));
        setTried(false);
        toast({ title: 'Booking settings saved', description: saved.availability.onlineBooking ? 'Patients are offered times by these rules from now on.' : 'Online booking is off: patients are asked to call.' });
      },
      onError: (failure) => {
        const atFields = failure instanceof ApiError && failure.issues?.length ? errorsOf(failure.issues) : null;
        if (atFields) {
          focusFirst.current = true;
          setErrors(atFields);
        }
        toast({ title: 'Could not save the booking settings', description: failure.message, variant: 'destructive' });
      },
    });
  };

  const addClosed = () => {
    if (!closedDay || draft.closedDates.includes(closedDay)) return setClosedDay('');
    set('closedDates', [...draft.closedDates, closedDay].sort());
    setClosedDay('');
  };
  const field = (name: string) => `${id}-${name.replace(/\./g, '-')}`;

  return (
    <form ref={form} className="bkg-settings" noValidate onSubmit={submit} aria-label="Booking settings">
      {stored.updatedAt === null && (
        <p className="adm-card bkg-note" role="note">
          <Info size={18} aria-hidden className="bkg-note__icon" />
          <span>These are the default hours and rules; {canEdit ? 'save to make them yours.' : 'the clinic has not changed them yet.'}</span>
        </p>
      )}
      {!canEdit && (
        <p className="adm-card bkg-note" role="note">
          <Info size={18} aria-hidden className="bkg-note__icon" />
          <span>{readOnlyNote}</span>
        </p>
      )}
      <fieldset className="bkg-fieldset" disabled={!canEdit || save.isPending}>
        <Section title="Online booking" text="Whether patients pick a time on the thank-you page and from their e-mail, and in which time zone the hours below are.">
          <label className="bkg-switch">
            <input type="checkbox" checked={draft.onlineBooking} onChange={(e) => set('onlineBooking', e.target.checked)} />
            <span>
              <strong>Patients can book online</strong>
              <span className="adm-muted bkg-switch__hint">{draft.onlineBooking ? 'Free times are offered to patients.' : 'Off: patients are asked to call the clinic.'}</span>
            </span>
          </label>
          <div className="bkg-grid">
            <FormField id={field('timeZone')} label="Time zone" error={errors.timeZone}>
              <select id={field('timeZone')} className="adm-input" value={draft.timeZone} {...errorAria(field('timeZone'), errors.timeZone)} onChange={(e) => set('timeZone', e.target.value)}>
                {timeZoneOptions(draft.timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            </FormField>
            <fieldset className="bkg-choice">
              <legend className="adm-label">Confirmation</legend>
              <label className="bkg-radio">
                <input type="radio" name={`${id}-confirmation`} checked={draft.confirmation === 'instant'} onChange={() => set('confirmation', 'instant')} />
                Booked at once
              </label>
              <label className="bkg-radio">
                <input type="radio" name={`${id}-confirmation`} checked={draft.confirmation === 'clinic'} onChange={() => set('confirmation', 'clinic')} />
                The clinic confirms each booking
              </label>
            </fieldset>
          </div>
        </Section>

        <Section title="Opening hours" text={`Each day's hours when patients can be seen, in ${draft.timeZone.replace(/_/g, ' ')} time. A day without hours is closed.`}>
          <WeeklyHours weekly={draft.weekly} errors={errors} canEdit={canEdit} field={field} setDay={setDay} />
        </Section>

        <Section title="Services" text="Which services patients can book online, and how long each consultation takes.">
          {servicesError && (
            <p className="adm-field__error" role="alert">
              Could not list the clinic’s services: {servicesError}. Their settings are kept as they are.
            </p>
          )}
          {!servicesError && draft.services.length === 0 && <p className="adm-muted">The clinic has no live service yet. Each one added is bookable, at {durationLabel(30)}, until set here.</p>}
          {draft.services.length > 0 && (
            <ul className="bkg-services">
              {draft.services.map((service, index) => {
                const at = `services.${index}.lengthMinutes`;
                const update = (patch: Partial<typeof service>) => set('services', draft.services.map((s, i) => (i === index ? { ...s, ...patch } : s)));
                return (
                  <li key={service.serviceId} className="bkg-service">
                    <label className="bkg-service__name">
                      <input type="checkbox" checked={service.bookable} onChange={(e) => update({ bookable: e.target.checked })} />
                      <span>{service.name}</span>
                    </label>
                    <FormField id={field(at)} label="Length (minutes)" error={errors[at]}>
                      <input
                        id={field(at)}
                        type="number"
                        inputMode="numeric"
                        min={5}
                        max={480}
                        step={5}
                        list={`${id}-lengths`}
                        className="adm-input bkg-number"
                        aria-label={`Length of ${service.name} (minutes)`}
                        value={Number.isNaN(service.lengthMinutes) ? '' : service.lengthMinutes}
                        {...errorAria(field(at), errors[at])}
                        onChange={(e) => update({ lengthMinutes: e.target.valueAsNumber })}
                      />
                    </FormField>
                  </li>
                );
              })}
            </ul>
          )}
          <datalist id={`${id}-lengths`}>
            {LENGTH_SUGGESTIONS.map((minutes) => (
              <option key={minutes} value={minutes} />
            ))}
          </datalist>
          {errors.services && (
            <p className="adm-field__error" role="alert">
              {errors.services}
            </p>
          )}
        </Section>

        <Section title="Booking rules" text="How consultations fill the opening hours.">
          <div className="bkg-grid bkg-grid--rules">
            <NumberField id={field('bufferMinutes')} label="Buffer between appointments (minutes)" value={draft.bufferMinutes} error={errors.bufferMinutes} min={0} max={240} step={5} onChange={(v) => set('bufferMinutes', v)} />
            <FormField id={field('minNoticeMinutes')} label="Minimum notice" error={errors.minNoticeMinutes}>
              <select
                id={field('minNoticeMinutes')}
                className="adm-input"
                value={draft.minNoticeMinutes}
                {...errorAria(field('minNoticeMinutes'), errors.minNoticeMinutes)}
                onChange={(e) => set('minNoticeMinutes', Number(e.target.value))}
              >
                {noticeOptions(draft.minNoticeMinutes).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </FormField>
            <NumberField id={field('horizonDays')} label="How far ahead (days)" value={draft.horizonDays} error={errors.horizonDays} min={1} max={365} onChange={(v) => set('horizonDays', v)} />
            <NumberField id={field('capacity')} label="How many at the same time" value={draft.capacity} error={errors.capacity} min={1} max={50} onChange={(v) => set('capacity', v)} />
          </div>
        </Section>

        <Section title="Closed dates" text="Holidays and other days without appointments, whatever the weekly hours say.">
          {canEdit && (
            <div className="bkg-closed__add">
              <FormField id={field('closedDay')} label="Date">
                <input id={field('closedDay')} type="date" className="adm-input" value={closedDay} onChange={(e) => setClosedDay(e.target.value)} />
              </FormField>
              <button type="button" className="adm-button adm-button--secondary" disabled={!closedDay} onClick={addClosed}>
                <Plus size={16} aria-hidden />
                Add closed date
              </button>
            </div>
          )}
          {draft.closedDates.length === 0 ? (
            <p className="adm-muted bkg-closed__none">
              <CalendarX size={16} aria-hidden /> No closed dates.
            </p>
          ) : (
            <ul className="bkg-closed" aria-label="Closed dates">
              {draft.closedDates.map((date, index) => (
                <li key={date} className="bkg-closed__item" aria-invalid={errors[`closedDates.${index}`] ? true : undefined}>
                  <span>{dayLabel(date, draft.timeZone, true)}</span>
                  {errors[`closedDates.${index}`] && <span className="adm-field__error">{errors[`closedDates.${index}`]}</span>}
                  {canEdit && (
                    <button type="button" className="adm-icon-button" aria-label={`Remove closed date ${date}`} onClick={() => set('closedDates', draft.closedDates.filter((d) => d !== date))}>
                      <Trash2 size={16} aria-hidden />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </fieldset>
      {canEdit && (
        <div className="bkg-savebar">
          {stored.updatedAt && <span className="adm-muted">Last saved {new Date(stored.updatedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</span>}
          <button type="submit" className="adm-button adm-button--primary" disabled={save.isPending}>
            {save.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Save size={16} aria-hidden />}
            Save settings
          </button>
        </div>
      )}
    </form>
  );
}

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="adm-card bkg-section" aria-labelledby={id}>
      <header className="bkg-section__head">
        <h2 id={id} className="bkg-section__title">
          {title}
        </h2>
        <p className="adm-muted bkg-section__text">{text}</p>
      </header>
      {children}
    </section>
  );
}

function NumberField({ id, label, value, error, min, max, step = 1, onChange }: { id: string; label: string; value: number; error?: string; min: number; max: number; step?: number; onChange: (value: number) => void }) {
  return (
    <FormField id={id} label={label} error={error}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        className="adm-input bkg-number"
        value={Number.isNaN(value) ? '' : value}
        {...errorAria(id, error)}
        onChange={(e) => onChange(e.target.valueAsNumber)}
      />
    </FormField>
  );
}
