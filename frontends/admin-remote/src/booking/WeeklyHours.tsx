import { WEEKDAYS, type OpeningRange, type Weekday } from '@hap/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { errorAria } from '../auth/FormField';
import { nextRange, WEEKDAY_NAMES, type FieldErrors } from './availability-form';

/**
 * The weekly opening hours of the settings form: each weekday with its ranges (from, until, Remove),
 * each range's message under it, and Add hours; a day without ranges is Closed. `field` makes an
 * element id of a path (`weekly.mon.0`).
 */
export function WeeklyHours({
  weekly,
  errors,
  canEdit,
  field,
  setDay,
}: {
  weekly: Record<Weekday, OpeningRange[]>;
  errors: FieldErrors;
  canEdit: boolean;
  field: (path: string) => string;
  setDay: (day: Weekday, ranges: OpeningRange[]) => void;
}) {
  return (
    <ul className="bkg-week">
      {WEEKDAYS.map((day) => (
        <li key={day} className="bkg-day">
          <span className="bkg-day__name" id={field(`day-${day}`)}>
            {WEEKDAY_NAMES[day]}
          </span>
          <div className="bkg-day__ranges" role="group" aria-labelledby={field(`day-${day}`)}>
            {weekly[day].length === 0 && <span className="adm-muted bkg-day__closed">Closed</span>}
            {weekly[day].map((range, index) => {
              const at = `weekly.${day}.${index}`;
              const message = errors[`${at}.start`] ?? errors[`${at}.end`];
              const name = `${WEEKDAY_NAMES[day]}, hours ${index + 1}`;
              return (
                <div key={index} className="bkg-range">
                  <div className="bkg-range__inputs">
                    <input
                      type="time"
                      step={300}
                      className="adm-input bkg-time"
                      aria-label={`${name}, from`}
                      value={range.start}
                      {...errorAria(field(at), errors[`${at}.start`])}
                      onChange={(e) => setDay(day, weekly[day].map((r, i) => (i === index ? { ...r, start: e.target.value } : r)))}
                    />
                    <span aria-hidden>–</span>
                    <input
                      type="time"
                      step={300}
                      className="adm-input bkg-time"
                      aria-label={`${name}, until`}
                      value={range.end}
                      {...errorAria(field(at), errors[`${at}.end`])}
                      onChange={(e) => setDay(day, weekly[day].map((r, i) => (i === index ? { ...r, end: e.target.value } : r)))}
                    />
                    {canEdit && (
                      <button type="button" className="adm-icon-button" aria-label={`Remove ${name}`} onClick={() => setDay(day, weekly[day].filter((_, i) => i !== index))}>
                        <Trash2 size={16} aria-hidden />
                      </button>
                    )}
                  </div>
                  {message && (
                    <p id={`${field(at)}-error`} className="adm-field__error" role="alert">
                      {message}
                    </p>
                  )}
                </div>
              );
            })}
            {errors[`weekly.${day}`] && (
              <p className="adm-field__error" role="alert">
                {errors[`weekly.${day}`]}
              </p>
            )}
            {canEdit && weekly[day].length < 6 && (
              <div className="bkg-day__addrow">
                <button type="button" className="adm-button adm-button--ghost bkg-day__add" onClick={() => setDay(day, [...weekly[day], nextRange(weekly[day])])}>
                  <Plus size={16} aria-hidden />
                  Add hours<span className="adm-sr-only"> on {WEEKDAY_NAMES[day]}</span>
                </button>
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
