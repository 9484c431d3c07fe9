import { z } from 'zod';
import { idField, optionalText, requiredEmail, timestamp } from '../fields';
import { CLINIC_ROLES } from '../clinic-roles';
import { AdminLoginSchema, UserSchema } from './user';

/** The second factors a user can have: an authenticator app's codes, passkeys. */
export const MfaMethodSchema = z.enum(['totp', 'passkey']);

/*
 * Clinic users: people of one clinic who sign in to the portal, as its
 * owner, front desk or viewer (../clinic-roles.ts). Admins and owners invite
 * them by e-mail. Invitation and reset links carry a one-time token whose
 * hash alone is stored.
 */

export const ClinicRoleSchema = z.enum(CLINIC_ROLES, { error: 'Role must be owner, front_desk or viewer' });

/** A password someone chooses (accepting an invitation, a reset): long rather than clever (NIST SP 800-63B). */
export const PASSWORD_MIN_LENGTH = 12;
export const newPassword = () =>
  z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(1024, 'Password is too long');

/** How long an invitation or reset link works. */
export const LINK_LIFETIME_HOURS = 72;

/** A link's token: 32 random bytes, base64url. Anything else is not one of ours. */
export const linkToken = () =>
  z
    .string({ error: 'The link is missing its token' })
    .trim()
    .min(1, 'The link is missing its token')
    .max(200, 'This link is not valid');

const inviteEmail = () => requiredEmail('Please enter a valid email address');

/**
 * `POST /api/clients/:id/users` (admin) and `POST /api/portal/users` (owner):
 * who to invite, as what; owner when the role is left out, as before roles
 * were three (docs/portal.md#roles).
 */
export const ClinicUserInviteSchema = z.object({ email: inviteEmail(), role: ClinicRoleSchema.default('owner') });
export type ClinicUserInvite = z.output<typeof ClinicUserInviteSchema>;

/** `PATCH /api/clients/:id/users/:userId` (admin). */
export const ClinicUserUpdateSchema = z
  .object({
    role: ClinicRoleSchema.optional(),
    disabled: z.boolean({ error: 'Disabled must be true or false' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, 'Send a role or disabled to change');
export type ClinicUserUpdate = z.infer<typeof ClinicUserUpdateSchema>;

export const ClinicUserStatusSchema = z.enum(['invited', 'active', 'disabled']);
export type ClinicUserStatus = z.infer<typeof ClinicUserStatusSchema>;

/** A clinic's user as admins and owners see them (never a hash, never a token). */
export const ClinicUserSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: ClinicRoleSchema,
  /** invited: has not set a password yet; disabled: cannot sign in. */
  status: ClinicUserStatusSchema,
  lastLoginAt: timestamp().nullable(),
  createdAt: timestamp(),
});
export type ClinicUser = z.infer<typeof ClinicUserSchema>;

/** Whether the link went out by e-mail, or e-mail is off and the link is in the answer to hand over. */
export const MailStateSchema = z.enum(['sent', 'off']);
export type MailState = z.infer<typeof MailStateSchema>;

/** An invitation made or re-issued. `inviteUrl` only when mail is off: a mailed link is never shown. */
export const InvitationResultSchema = z.object({
  userId: z.number().int(),
  mail: MailStateSchema,
  inviteUrl: z.string().optional(),
  /** What to tell the person who invited, in words. */
  message: z.string(),
});
export type InvitationResult = z.infer<typeof InvitationResultSchema>;

export const ClientUserParamsSchema = z.object({
  id: idField('Client id', { fromText: true }),
  userId: idField('User id', { fromText: true }),
});
export const PortalUserParamsSchema = z.object({ userId: idField('User id', { fromText: true }) });

/** `POST /api/portal/accept-invite`. */
export const AcceptInviteSchema = z.object({
  token: linkToken(),
  password: newPassword(),
  name: optionalText(200),
});
export type AcceptInvite = z.infer<typeof AcceptInviteSchema>;

/** `POST /api/portal/password-reset-request`. */
export const PasswordResetRequestSchema = z.object({ email: inviteEmail() });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** `POST /api/portal/password-reset`. */
export const PasswordResetSchema = z.object({ token: linkToken(), password: newPassword() });
export type PasswordReset = z.infer<typeof PasswordResetSchema>;

export const MessageResultSchema = z.object({ message: z.string() });

/** `POST /api/portal/login`: the admin login's form and rules. */
export const PortalLoginSchema = AdminLoginSchema;
export type PortalLogin = z.infer<typeof PortalLoginSchema>;

/** The signed-in clinic user as the portal sees them. */
export const PortalUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  clientId: z.number().int(),
  clientName: z.string(),
  role: ClinicRoleSchema,
});
export type PortalUser = z.infer<typeof PortalUserSchema>;

export const PortalLoginResultSchema = z.object({ user: PortalUserSchema });
export type PortalLoginResult = z.infer<typeof PortalLoginResultSchema>;

/** `GET /api/portal/auth-status`. */
export const PortalAuthStatusSchema = z.object({ success: z.literal(true), user: PortalUserSchema });
export type PortalAuthStatus = z.infer<typeof PortalAuthStatusSchema>;

/**
 * tenant's internal answer to the gateway about a user whose password (or
 * link) checked out: who, which clinic and role (null for admins), and the
 * version of their sign-in a session records (sessions of an older version end).
 */
export const VerifiedUserSchema = UserSchema.extend({
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  role: ClinicRoleSchema.nullable(),
  authVersion: z.number().int(),
  /** Two-factor sign-in is on (an authenticator app, or a passkey): a password alone starts no session. */
  mfaEnabled: z.boolean(),
  /** The second factors the user has: what the login's second step offers. */
  mfaMethods: z.array(MfaMethodSchema),
});
export type VerifiedUser = z.infer<typeof VerifiedUserSchema>;

/** The Redis key holding a user's current sign-in version (tenant writes it, the gateway reads it with the session). */
export const authVersionKey = (redisPrefix: string, userId: number) => `${redisPrefix}:authv:${userId}`;
