import type { TeamMember } from '../state/page-state';

/**
 * The number the team cards' 'Call' link dials when the clinic has none
 * (public spec §2: "a fixed placeholder number when none exists"). It is from
 * the 555-0100…0199 range reserved for fiction, so it can never ring a
 * stranger's phone.
 */
export const TEAM_PLACEHOLDER_PHONE = '(555) 555-0100';

/** public spec §2 team section: one member is 'the' professional, more are a team, none hides the section. */
export function teamHeading(memberCount: number): string | null {
  if (memberCount <= 0) return null;
  return memberCount === 1 ? 'Meet Our Wellness Professional' : 'Meet Our Team';
}

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

/** The members shown, in display order (the page context already sorts them; ties keep their order). */
export const orderedTeam = (staff: readonly TeamMember[]): TeamMember[] =>
  [...staff].sort((a, b) => a.displayOrder - b.displayOrder);

/** The phone the team cards call: the clinic's, else the placeholder. */
export const teamPhone = (clinicPhone: string | null | undefined): string => clinicPhone?.trim() || TEAM_PLACEHOLDER_PHONE;
