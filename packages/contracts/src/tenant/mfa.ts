import { z } from 'zod';
import { timestamp } from '../fields';
import { MfaMethodSchema, PortalUserSchema, VerifiedUserSchema } from './clinic-user';
import { UserSchema } from './user';

/*
 * Two-factor sign-in: a TOTP authenticator app any user can
 * turn on, with ten single-use recovery codes. The gateway owns the public
 * rows (it knows the session); tenant keeps the secret (encrypted) and the
 * codes (hashed) behind internal rows.
 */

/** Digits of a TOTP code (RFC 6238 with SHA-1 and 30-second steps, what every authenticator app reads). */
export const TOTP_DIGITS = 6;
/** How many recovery codes are issued at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in challenge (password right, code still to come) lasts. */
export const MFA_CHALLENGE_MINUTES = 5;

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** A code from the authenticator app: six digits, spaces allowed ("123 456"). */
export const totpCode = () =>
  z
    .string({ error: 'Enter the 6-digit code from your authenticator app' })
    .max(20, 'Enter the 6-digit code from your authenticator app')
    .transform(digitsOnly)
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/**
 * A code at sign-in: six digits from the app, or one recovery code
 * (20 letters and digits, dashes and spaces ignored, any case).
 */
export const signInCode = () =>
  z
    .string({ error: 'Enter the code from your authenticator app or a recovery code' })
    .trim()
    .min(1, 'Enter the code from your authenticator app or a recovery code')
    .max(64, 'That code is too long')
    .transform((value) => digitsOnly(value).toLowerCase())
    .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{20})$/, 'Enter the 6-digit code from your authenticator app or a recovery code'));

/** `POST /api/auth/mfa/enable`: the first code from the app proves it is set up. */
export const MfaEnableSchema = z.object({ code: totpCode() });
export type MfaEnable = z.infer<typeof MfaEnableSchema>;

/** `POST /api/auth/mfa/disable`: a current code (or a recovery code), or the password. */
export const MfaDisableSchema = z
  .object({
    code: signInCode().optional(),
    password: z.string().max(1024, 'Password is too long').optional(),
  })
  .refine((v) => Boolean(v.code) || Boolean(v.password), { message: 'Enter a code from your authenticator app or your password', path: ['code'] });
export type MfaDisable = z.infer<typeof MfaDisableSchema>;

/** `POST /api/auth/mfa/verify`: the second step of a login. */
export const MfaVerifySchema = z.object({
  challenge: z.string({ error: 'This sign-in has no challenge. Please log in again.' }).trim().min(1, 'This sign-in has no challenge. Please log in again.').max(100),
  code: signInCode(),
});
export type MfaVerify = z.infer<typeof MfaVerifySchema>;

/** A login whose password checked out for a user with two-factor sign-in on: no session yet. */
export const MfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  /** Single use, for MFA_CHALLENGE_MINUTES, bound to this user. */
  challenge: z.string(),
  /** What the second step may be: a code from the app (or a recovery code), a passkey, or either. */
  methods: z.array(MfaMethodSchema),
});
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;

/**
 * `POST /api/admin/login`: the admin and their session, or a challenge for
 * their code. `mfaSetupRequired`: the session only opens the Security screen
 * until two-factor sign-in is on (admins in production).
 */
export const AdminLoginAnswerSchema = z.union([
  MfaChallengeSchema,
  z.object({ user: UserSchema, mfaSetupRequired: z.boolean().optional() }),
]);
export type AdminLoginAnswer = z.infer<typeof AdminLoginAnswerSchema>;

/** `POST /api/portal/login`: the clinic user and their session, or a challenge for their code. */
export const PortalLoginAnswerSchema = z.union([MfaChallengeSchema, z.object({ user: PortalUserSchema })]);
export type PortalLoginAnswer = z.infer<typeof PortalLoginAnswerSchema>;

/** `POST /api/auth/mfa/verify`: the session started; a clinic user with their clinic, or an admin. */
export const MfaVerifyResultSchema = z.object({ user: z.union([PortalUserSchema, UserSchema]) });
export type MfaVerifyResult = z.infer<typeof MfaVerifyResultSchema>;

/** `GET /api/auth/mfa`. */
export const MfaStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: timestamp().nullable(),
  /** Unused recovery codes left (0 when off). */
  recoveryCodesLeft: z.number().int(),
  /** This user may not do anything else until it is on (admins in production). */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/** `POST /api/auth/mfa/setup`: a new secret, pending until a code from it is confirmed. */
export const MfaSetupResultSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauthUri: z.string(),
});
export type MfaSetupResult = z.infer<typeof MfaSetupResultSchema>;

/** `POST /api/auth/mfa/enable`: the recovery codes, shown this once. */
export const MfaEnableResultSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaEnableResult = z.infer<typeof MfaEnableResultSchema>;

// tenant's internal rows, called by the gateway only (the user comes from its session or challenge).

const internalUserId = z.number().int().positive();

export const MfaUserSchema = z.object({ userId: internalUserId });
export const MfaInternalEnableSchema = z.object({ userId: internalUserId, code: totpCode() });
export const MfaInternalCheckSchema = z.object({ userId: internalUserId, code: signInCode() });
export const MfaInternalDisableSchema = z.object({ userId: internalUserId, code: signInCode().optional(), password: z.string().max(1024).optional() });

/** tenant's answer to a change of the second factor: the user again, with the sign-in version it bumped. */
export const MfaInternalEnableResultSchema = z.object({ recoveryCodes: z.array(z.string()), user: VerifiedUserSchema });
export const MfaInternalChangeResultSchema = z.object({ user: VerifiedUserSchema });

/** tenant's view of a user's second factor. */
export const MfaStateSchema = z.object({
  enabled: z.boolean(),
  enabledAt: timestamp().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type MfaState = z.infer<typeof MfaStateSchema>;
