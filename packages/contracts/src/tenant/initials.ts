/*
 * A staff member's initials, where there is no photo: the public team section
 * and the admin's Team Members list show the same letters. No schema here, so
 * a public page that imports it carries no zod.
 */

/** Honorifics that are not part of the initials ("Dr. Elena Marquez" → "EM"). */
const HONORIFICS = new Set(['dr', 'dr.', 'mr', 'mr.', 'mrs', 'mrs.', 'ms', 'ms.', 'prof', 'prof.']);

/**
 * The initials of a photo placeholder: first and last word of the name,
 * without an honorific or the credentials after a comma ("Jordan Blake, PA-C" → "JB").
 */
export function initialsOf(name: string): string {
  const words = (name.split(',')[0] ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => w && !HONORIFICS.has(w.toLowerCase()));
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  const initials = letters.map((w) => Array.from(w)[0] ?? '').join('').toUpperCase();
  return initials || '?';
}
