import type { TeamMember } from '../state/page-state';

/**
 * The number the team cards' 'Call' link dials when the clinic has none
 * (docs/public-site.md#pages-and-routes: "a fixed placeholder number when none exists"). It is from
 * the 555-0100…0199 range reserved for fiction, so it can never ring a
 * stranger's phone.
 */
export const TEAM_PLACEHOLDER_PHONE = '(555) 555-0100';

/** docs/public-site.md#pages-and-routes team section: one member is 'the' professional, more are a team, none hides the section. */
export function teamHeading(memberCount: number): string | null {
  if (memberCount <= 0) return null;
  return memberCount === 1 ? 'Meet Our Wellness Professional' : 'Meet Our Team';
}

/** The initials of a photo placeholder (contracts: the admin's team list shows the same). */
export { initialsOf } from '@hap/contracts';

/** The members shown, in display order (the page context already sorts them; ties keep their order). */
export const orderedTeam = (staff: readonly TeamMember[]): TeamMember[] =>
  [...staff].sort((a, b) => a.displayOrder - b.displayOrder);

/** The phone the team cards call: the clinic's, else the placeholder. */
export const teamPhone = (clinicPhone: string | null | undefined): string => clinicPhone?.trim() || TEAM_PLACEHOLDER_PHONE;
