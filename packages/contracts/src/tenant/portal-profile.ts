import { z } from 'zod';
import { NOTHING_TO_CHANGE } from '../fields';
import { ClientFieldsSchema, ClientSchema } from './client';
import { StaffMemberCreateSchema } from './staff';

/**
 * The clinic portal's Profile, team and pages. Every row is
 * access 'clinic': the clinic is the signed identity's, never a parameter.
 * A clinic edits its contact details and branding "within limits the agency
 * sets": the fields below, and only while the agency leaves the clinic's
 * `portalProfileEditable` on; never its domain, tracking ids, ad accounts or
 * CRM and webhook settings (docs/portal.md#clinic-portal-the-clinics-profile-team-and-uploads).
 */

/** What a clinic's owner may change on its own profile; every other client field stays the agency's. */
export const PORTAL_PROFILE_FIELDS = ['name', 'phone', 'email', 'address', 'logoPath', 'officeImagePath'] as const;
export type PortalProfileField = (typeof PORTAL_PROFILE_FIELDS)[number];

/** Where images uploaded through this platform are served from; the only images a clinic may put on its pages. */
export const UPLOADED_IMAGE_PREFIX = '/uploads/';

export const PortalMessages = {
  /** PATCH /api/portal/profile (and the team's writes) while the agency keeps the profile. */
  profileLocked: 'Your agency manages this profile; ask them for changes.',
  /** Fields of the body a clinic may not change: named, so the screen (and a script's author) knows which. */
  notEditable: (fields: readonly string[]) =>
    `${fields.join(', ')} ${fields.length === 1 ? 'is' : 'are'} managed by your agency and cannot be changed from the clinic portal.`,
  /** An image path that is not one of this platform's uploads (a third-party host would see every visitor of the clinic's pages). */
  uploadedImageOnly: 'Upload the image here first: only images uploaded to this platform can be used.',
} as const;

/** PATCH's rule for unknown keys: refused by name (never silently dropped), with the fields' own rules beside. */
const refuseOthers = (iss: { code?: string; keys?: readonly string[] }) =>
  iss.code === 'unrecognized_keys' && iss.keys ? PortalMessages.notEditable(iss.keys) : undefined;

/**
 * `PATCH /api/portal/profile`: any of PORTAL_PROFILE_FIELDS, each by the
 * admin's own rule for it (picked from the client's fields). Any other key
 * (domain, tracking ids, googleAdsAccountId, webhook or CRM settings…) is a
 * 400 naming it.
 */
export const PortalProfileUpdateSchema = z
  .strictObject(
    ClientFieldsSchema.pick({ name: true, phone: true, email: true, address: true, logoPath: true, officeImagePath: true }).partial().shape,
    { error: refuseOthers },
  )
  .refine((v) => Object.keys(v).length > 0, NOTHING_TO_CHANGE);
export type PortalProfileUpdate = z.output<typeof PortalProfileUpdateSchema>;
export type PortalProfileUpdateInput = z.input<typeof PortalProfileUpdateSchema>;

/** The clinic's own domain, read-only in the portal: shown as a link. */
export const PortalDomainSchema = z.object({
  host: z.string(),
  /** `https://{host}/`. */
  url: z.string(),
});
export type PortalDomain = z.infer<typeof PortalDomainSchema>;

/**
 * The clinic's domain field as a link: `www.Clinic.com`, `https://clinic.com/`
 * → `{ host: 'www.clinic.com', url: 'https://www.clinic.com/' }`; null when
 * the field holds nothing usable.
 */
export function clinicDomainOf(domain: string | null | undefined): PortalDomain | null {
  const host = domain
    ?.trim()
    .replace(/^https?:\/\//i, '')
    .split(/[/?#]/, 1)[0]
    ?.toLowerCase();
  return host ? { host, url: `https://${host}/` } : null;
}

/** `GET /api/portal/profile`: what the clinic may change, and the facts it may see but not change. */
export const PortalProfileSchema = ClientSchema.pick({
  id: true,
  name: true,
  phone: true,
  email: true,
  address: true,
  logoPath: true,
  officeImagePath: true,
  brandColor: true,
  brandBgColor: true,
  updatedAt: true,
}).extend({
  /** The logo as the admin's screens put it in `<img src>` (contracts assetUrl); null when none. */
  logoUrl: z.string().nullable(),
  officeImageUrl: z.string().nullable(),
  /** The clinic's domain as a link, or null; not editable here. */
  domain: PortalDomainSchema.nullable(),
  /** False when the agency manages the profile: PATCH then answers 403 (PortalMessages.profileLocked). */
  editable: z.boolean(),
  /** Which fields PATCH takes (PORTAL_PROFILE_FIELDS). */
  editableFields: z.array(z.enum(PORTAL_PROFILE_FIELDS)),
});
export type PortalProfile = z.infer<typeof PortalProfileSchema>;

/** `POST /api/portal/team`: the admin's staff member fields; the clinic is the identity's. */
export const PortalTeamMemberCreateSchema = StaffMemberCreateSchema.omit({ clientId: true });
export type PortalTeamMemberCreate = z.output<typeof PortalTeamMemberCreateSchema>;
export type PortalTeamMemberCreateInput = z.input<typeof PortalTeamMemberCreateSchema>;
