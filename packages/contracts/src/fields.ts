import { z } from 'zod';

/** Field builders shared by the entity schemas, so each message is written once. */

const isEmail = (v: string) => z.email().safeParse(v).success;
const isHttpUrl = (v: string) => {
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Optional text: '' and null become null, whitespace is trimmed. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional e-mail: valid when present (admin spec §5 'Must be a valid email'). */
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
 * with / (public spec §5).
 */
export function assetUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (path.startsWith('http') || path.startsWith('/')) return path;
  return `/${path}`;
}

/** Counts the digits of a phone number, ignoring spaces, dashes and brackets. */
export const phoneDigits = (v: string) => v.replace(/\D/g, '').length;

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
