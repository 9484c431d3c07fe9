import {
  AvailabilitySchema,
  DEFAULT_LENGTH_MINUTES,
  WEEKDAYS,
  type Availability,
  type AvailabilityInput,
  type BookableService,
  type OpeningRange,
  type Weekday,
} from '@hap/contracts';

/**
 * The availability form's state and its way to the API (docs/booking.md#screens): the stored rules
 * as a draft with one row per service of the clinic, and back as the body that AvailabilitySchema
 * (the API's own schema) checks, each message keyed by its field's path (`weekly.mon.0.end`).
 */

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** One of the clinic's services in the form: whether patients book it online, and how long it takes. */
export interface ServiceRow {
  serviceId: number;
  name: string;
  bookable: boolean;
  /** NaN while the box is empty. */
  lengthMinutes: number;
}

export interface AvailabilityDraft extends Omit<Availability, 'services'> {
  /** The clinic's services, in the order the form lists them. */
  services: ServiceRow[];
  /** Stored rows of services the form does not list (an inactive one): kept as they are. */
  otherServices: BookableService[];
}

/** A service the clinic has, by id and name. */
export interface ClinicService {
  id: number;
  name: string;
}

/** The draft of the stored rules: a service without a row of its own is bookable at the default length. */
export function draftOf(availability: Availability, clinicServices: readonly ClinicService[]): AvailabilityDraft {
  const stored = new Map(availability.services.map((s) => [s.serviceId, s]));
  const listed = new Set(clinicServices.map((s) => s.id));
  return {
    ...availability,
    weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, availability.weekly[day].map((r) => ({ ...r }))])) as Record<Weekday, OpeningRange[]>,
    closedDates: [...availability.closedDates].sort(),
    services: clinicServices.map((service) => ({
      serviceId: service.id,
      name: service.name,
      bookable: stored.get(service.id)?.bookable ?? true,
      lengthMinutes: stored.get(service.id)?.lengthMinutes ?? DEFAULT_LENGTH_MINUTES,
    })),
    otherServices: availability.services.filter((s) => !listed.has(s.serviceId)),
  };
}

/** The body of the PUT: the form's services first (their index is the row's), then the kept ones. */
export function bodyOf(draft: AvailabilityDraft): AvailabilityInput {
  const { services, otherServices, ...rules } = draft;
  return {
    ...rules,
    services: [...services.map(({ serviceId, bookable, lengthMinutes }) => ({ serviceId, bookable, lengthMinutes })), ...otherServices],
  };
}

export type FieldErrors = Record<string, string>;

/** A number box left empty: zod's own words name a type, the form's say what to do. */
const friendly = (message: string) => (/^Invalid input: expected number/.test(message) ? 'Enter a number' : message);

/** Each field's first message, by its path joined with dots (as the API's 400 names them). */
export function errorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> | string; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    errors[key] ??= friendly(issue.message);
  }
  return errors;
}

/** The draft checked by the API's schema: the body to send, or each message at its field. */
export function checkDraft(draft: AvailabilityDraft): { ok: true; body: AvailabilityInput } | { ok: false; errors: FieldErrors } {
  const body = bodyOf(draft);
  const parsed = AvailabilitySchema.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, errors: errorsOf(parsed.error.issues) };
}

/** The next opening range of a day: an hour after its last one ends (09:00–12:00 on a closed day), within the day. */
export function nextRange(ranges: readonly OpeningRange[]): OpeningRange {
  const last = [...ranges].sort((a, b) => a.end.localeCompare(b.end)).at(-1);
  if (!last) return { start: '09:00', end: '12:00' };
  const hour = Math.min(Number(last.end.slice(0, 2)) + 1, 22);
  const clock = (h: number) => `${String(h).padStart(2, '0')}:${last.end.slice(3, 5)}`;
  return { start: clock(hour), end: clock(Math.min(hour + 2, 23)) };
}

/** The IANA zones this browser knows, with the clinic's own (and UTC) always in the list. */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', current])].sort((a, b) => a.localeCompare(b));
}

/** Minimum notice choices (minutes), with the stored value when it is another. */
export function noticeOptions(current: number): Array<{ value: number; label: string }> {
  const choices = [0, 15, 30, 60, 120, 180, 240, 480, 720, 1440, 2880, 4320, 10080];
  const values = [...new Set([...choices, current])].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return values.map((value) => ({ value, label: durationLabel(value) }));
}

/** `None`, `45 minutes`, `2 hours`, `1 day`, `1 day 2 hours`. */
export function durationLabel(minutes: number): string {
  if (minutes === 0) return 'None';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const part = (n: number, word: string) => (n ? `${n} ${word}${n === 1 ? '' : 's'}` : '');
  return [part(days, 'day'), part(hours, 'hour'), part(rest, 'minute')].filter(Boolean).join(' ');
}

/** Consultation lengths offered as suggestions (any whole number from 5 to 480 is allowed). */
export const LENGTH_SUGGESTIONS = [15, 20, 30, 45, 60, 90, 120] as const;
