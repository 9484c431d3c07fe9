import { z } from 'zod';
import { isHttpUrl } from './web-address';

/** Field builders shared by the entity schemas, so each message is written once. */

const isEmail = (v: string) => z.email().safeParse(v).success;

/** PostgreSQL text cannot hold NUL; such input is refused rather than failing in the database. */
export const noNul = (v: string) => !v.includes('\u0000');
/** The text without NUL characters. */
export const stripNul = (v: string) => v.replaceAll('\u0000', '');
export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * A positive database id. In a path or query (`coerce`), only plain digits
 * count: `0x2`, `1e0` or ` 2` are not ids.
 */
export function idField(label: string, { fromText = false } = {}) {
  const number = z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(MAX_ID, `${label} is too large`);
  if (!fromText) return number;
  return z
    .string({ error: `${label} must be a number` })
    .regex(/^\d+$/, `${label} must be a number`)
    .transform(Number)
    .pipe(number);
}

/** Optional text: '' and null become null, whitespace is trimmed. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(noNul, NUL_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional e-mail: valid when present (docs/admin.md#validation 'Must be a valid email'). */
export const optionalEmail = () =>
  z
    .string()
    .trim()
    .max(254, 'Must be at most 254 characters')
    .refine((v) => v === '' || isEmail(v), 'Must be a valid email')
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional http(s) URL: valid when present ('Must be a valid URL'). */
export const optionalUrl = () =>
  z
    .string()
    .trim()
    .max(2048, 'Must be at most 2048 characters')
    .refine((v) => v === '' || isHttpUrl(v), 'Must be a valid URL')
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Optional dollars: a number from the API, or the text of a form ('$3,000',
 * '49.50'); '' and null become null. To the cent, more than 0, at most `max`.
 */
export const optionalDollars = (label: string, max: number) =>
  z
    .union([z.number(), z.string()], { error: `${label} must be an amount in dollars` })
    .nullish()
    .transform((v, ctx) => {
      const text = typeof v === 'string' ? v.trim().replace(/^\$/, '').replaceAll(',', '') : v;
      if (text === '' || text === null || text === undefined) return null;
      const amount = typeof text === 'number' ? text : /^\d+(?:\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isFinite(amount) || amount <= 0) {
        ctx.addIssue({ code: 'custom', message: `${label} must be an amount in dollars, more than 0` });
        return z.NEVER;
      }
      if (amount > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most $${max.toLocaleString('en-US')}` });
        return z.NEVER;
      }
      return Math.round(amount * 100) / 100;
    });

/** A brand colour as #rgb or #rrggbb. */
export const optionalHexColour = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(v), 'Must be a colour like #37a2d4')
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * An asset path: used as-is when it starts with http or /, otherwise prefixed
 * with / (docs/public-site.md#validation).
 */
export function assetUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (path.startsWith('http') || path.startsWith('/')) return path;
  return `/${path}`;
}

/** Counts the digits of a phone number, ignoring spaces, dashes and brackets. */
export const phoneDigits = (v: string) => v.replace(/\D/g, '').length;

/**
 * A `tel:` link for a number as a patient typed it: in E.164 where it is plainly a US number (ten
 * digits, or eleven after a 1), so it dials from a phone in any country; as typed (digits, a leading
 * +) otherwise. The platform's clinics are in the US (docs/leads.md#the-front-desk).
 */
export function telHref(phone: string): string {
  const dialled = phone.replace(/[^\d+]/g, '');
  const digits = dialled.replace(/\D/g, '');
  if (dialled.startsWith('+')) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/** Required text between `min` and `max` characters, with `message` when too short. */
export const requiredText = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, `Must be at most ${max} characters`)
    .refine(noNul, NUL_MESSAGE);

/** An optional tracking id that must look like one (it ends up in script URLs). */
export const optionalTrackingId = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || pattern.test(v), message)
    .nullish()
    .transform((v) => (v ? v : null));

const LOCAL_HOSTS = new Set(['localhost', '::1']);

/**
 * Local machines and preview deployments (docs/public-site.md#choosing-the-clinic step 3, docs/public-site.md#pages-and-routes variant A):
 * there `/trt` and `/ed` show client 1 and service links carry `?client=`.
 * A label names them (dev.clinic.com, pr-12-preview.example.net, app.replit.app);
 * a clinic whose name merely contains the letters (devonclinic.com) is production.
 */
export function isDevelopmentHost(host: string): boolean {
  let h = host.trim().toLowerCase().replace(/\.$/, '');
  if (h.startsWith('[')) h = h.slice(1, h.indexOf(']'));
  else if (h.split(':').length === 2) h = h.replace(/:\d*$/, '');
  if (LOCAL_HOSTS.has(h) || /^127(?:\.\d{1,3}){3}$/.test(h)) return true;
  if (h.endsWith('.localhost') || h.endsWith('.local')) return true;
  const labels = h.split('.');
  return labels.some((label, i) => {
    if (i === labels.length - 1 && labels.length > 1) return false; // the TLD (.dev is a real TLD)
    return /(^|-)(dev|development|preview|staging)(-|$)/.test(label) || label.startsWith('replit');
  });
}

/** A required e-mail with the given message. */
export const requiredEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, 'Must be at most 254 characters')
    .refine(isEmail, message);

/**
 * An ISO-8601 timestamp in responses. Plain string (no transform): response
 * schemas are encoded by the serializer, which refuses one-way transforms.
 */
export const timestamp = () => z.string();

/** What a PATCH that names no field is answered. */
export const NOTHING_TO_CHANGE = 'Send at least one field to change';

/** A PATCH body: any subset of `fields`, each by its own rule, and at least one of them. */
export const patchOf = <S extends z.ZodRawShape>(fields: S) =>
  z
    .object(fields)
    .partial()
    .refine((v) => Object.keys(v).length > 0, NOTHING_TO_CHANGE);
