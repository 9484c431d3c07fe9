import { z } from 'zod';
import { Messages } from './errors';

/**
 * What a clinic user may do in the portal (docs/portal.md#roles): the owner
 * everything; the front desk the day's work (leads, calendar, conversations,
 * tasks) but not the clinic's users, domains, profile or booking settings;
 * a viewer reads and changes nothing (their own alerts and sign-in aside).
 */
export const CLINIC_ROLES = ['owner', 'front_desk', 'viewer'] as const;
export type ClinicRole = (typeof CLINIC_ROLES)[number];

export const CLINIC_ROLE_LABELS: Readonly<Record<ClinicRole, string>> = { owner: 'Owner', front_desk: 'Front desk', viewer: 'Viewer' };

/** Who does the day's work: every write of a clinic row unless the row says otherwise. */
export const WORKING_ROLES: readonly ClinicRole[] = ['owner', 'front_desk'];
/** The clinic's own settings: users, domains, profile, team, booking hours. */
export const OWNER_ONLY: readonly ClinicRole[] = ['owner'];
/** A user's own things (their alerts, their devices): every role. */
export const EVERY_ROLE: readonly ClinicRole[] = CLINIC_ROLES;

/**
 * The roles a `clinic` row admits: its own `clinicRoles`, else every role for
 * a read (GET) and owner and front desk for anything else. The gateway refuses
 * the rest with 403 before the body is read, and the service checks again.
 */
export function clinicRolesOf(route: { method: string; clinicRoles?: readonly ClinicRole[] }): readonly ClinicRole[] {
  if (route.clinicRoles) return route.clinicRoles;
  return route.method === 'GET' || route.method === 'HEAD' ? EVERY_ROLE : WORKING_ROLES;
}

/**
 * A role as a session or signed identity carries it. Sessions signed before
 * front desk and viewer existed say `staff`, which became front desk (the
 * tenant migration AddFrontDeskAndViewerRoles did the same to the users).
 */
export const clinicRoleField = () => z.preprocess((v) => (v === 'staff' ? 'front_desk' : v), z.enum(CLINIC_ROLES));

/** A role in a sentence ('front desk'); a stored one from before roles were three ('staff') as it was. */
export const clinicRoleWords = (role: unknown): string =>
  (CLINIC_ROLES as readonly unknown[]).includes(role) ? CLINIC_ROLE_LABELS[role as ClinicRole].toLowerCase() : String(role);

/** Why a row refuses a role: the owner's own settings, or a viewer's write. */
export const clinicRoleRefusal = (roles: readonly ClinicRole[]): string => (roles.includes('front_desk') ? Messages.viewerReadOnly : Messages.notClinicOwner);
