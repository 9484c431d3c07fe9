import { z } from 'zod';
import { idField, timestamp } from '../fields';
import { PortalUserSchema, VerifiedUserSchema } from './clinic-user';
import { UserSchema } from './user';

/*
 * Passkeys (WebAuthn) for admins and clinic users alike: a
 * second factor beside the TOTP app, or a sign-in on their own (a passkey
 * that verified its user counts as both factors). The gateway owns the
 * public rows and the ceremonies' challenges (Redis, single use); tenant
 * keeps the credentials and checks the authenticator's answers
 * (@simplewebauthn/server) behind internal rows.
 */

/** How long a passkey ceremony (its challenge) lasts, like a login's two-factor challenge. */
export const PASSKEY_CEREMONY_MINUTES = 5;
/**
 * Adding a passkey or an authenticator app needs a sign-in this recent: a
 * stolen or forgotten session cannot give itself a lasting way back in.
 */
export const RECENT_SIGN_IN_MINUTES = 15;

/** A passkey's answer is a few KB (attestation 'none'); more is refused at the gateway with 413. */
export const PASSKEY_BODY_LIMIT = 64 * 1024;
/** Passkeys one user may keep. */
export const MAX_PASSKEYS = 10;

const b64url = (max: number) => z.string().max(max, 'That passkey answer is too long').regex(/^[A-Za-z0-9_-]*={0,2}$/, 'That is not a passkey answer');

/**
 * What the browser's `navigator.credentials.create()` answers, as JSON
 * (base64url fields; @simplewebauthn/browser `startRegistration`). Loose:
 * the library reads it, unknown fields are its to ignore.
 */
export const RegistrationCredentialSchema = z.looseObject({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key', { error: 'That is not a passkey answer' }),
  response: z.looseObject({
    clientDataJSON: b64url(8000),
    attestationObject: b64url(64_000),
    transports: z.array(z.string().max(30)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.string().max(30).optional(),
});
export type RegistrationCredential = z.infer<typeof RegistrationCredentialSchema>;

/** What `navigator.credentials.get()` answers, as JSON (@simplewebauthn/browser `startAuthentication`). */
export const AuthenticationCredentialSchema = z.looseObject({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key', { error: 'That is not a passkey answer' }),
  response: z.looseObject({
    clientDataJSON: b64url(8000),
    authenticatorData: b64url(8000),
    signature: b64url(2000),
    userHandle: b64url(200).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.string().max(30).optional(),
});
export type AuthenticationCredential = z.infer<typeof AuthenticationCredentialSchema>;

/** Options for the browser's WebAuthn call, passed to it as they are (a challenge and more). */
export const PasskeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

export const passkeyName = () =>
  z
    .string({ error: 'Give this passkey a name, such as the device it is on' })
    .trim()
    .min(1, 'Give this passkey a name, such as the device it is on')
    .max(60, 'Keep the name under 60 characters');

/** One of a user's passkeys as their Security screen lists it. */
export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: timestamp(),
  lastUsedAt: timestamp().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyIdParamSchema = z.object({ id: idField('Passkey id', { fromText: true }) });

/** `GET /api/auth/passkeys`. */
export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/** `POST /api/auth/passkeys`: the authenticator's answer to the options just fetched, and a name. */
export const PasskeyAddSchema = z.object({ name: passkeyName(), credential: RegistrationCredentialSchema });
export type PasskeyAdd = z.infer<typeof PasskeyAddSchema>;

/** `POST /api/auth/mfa/passkey/options`: the pending login's challenge. */
export const MfaPasskeyOptionsSchema = z.object({
  challenge: z.string({ error: 'This sign-in has no challenge. Please log in again.' }).trim().min(1, 'This sign-in has no challenge. Please log in again.').max(100),
});

/** `POST /api/auth/mfa/passkey/verify`: the second step of a login with a passkey. */
export const MfaPasskeyVerifySchema = MfaPasskeyOptionsSchema.extend({ credential: AuthenticationCredentialSchema });
export type MfaPasskeyVerify = z.infer<typeof MfaPasskeyVerifySchema>;

/** `POST /api/{admin,portal}/login/passkey/options`: options with no credentials listed (the passkey says whose it is), and the ceremony to answer. */
export const PasskeyLoginOptionsSchema = z.object({
  /**
   * Single use, for PASSKEY_CEREMONY_MINUTES: the challenge signed by the gateway
   * with the login it is for and when it ends (nothing is stored when it is given).
   */
  ceremony: z.string(),
  options: PasskeyOptionsSchema,
});
export type PasskeyLoginOptions = z.infer<typeof PasskeyLoginOptionsSchema>;

/** `POST /api/{admin,portal}/login/passkey`. */
export const PasskeyLoginSchema = z.object({
  ceremony: z.string({ error: 'This passkey sign-in has ended. Please try again.' }).trim().min(1, 'This passkey sign-in has ended. Please try again.').max(200),
  credential: AuthenticationCredentialSchema,
});
export type PasskeyLogin = z.infer<typeof PasskeyLoginSchema>;

export const AdminPasskeyLoginResultSchema = z.object({ user: UserSchema });
export const PortalPasskeyLoginResultSchema = z.object({ user: PortalUserSchema });

// tenant's internal rows, called by the gateway only (it holds the ceremonies' challenges).

const internalUserId = z.number().int().positive();
/** The challenge the gateway issued for this ceremony, which the authenticator must have signed. */
const expectedChallenge = z.string().min(16).max(200);
/**
 * The browser origin of the ceremony (its Origin header); used only when no
 * WEBAUTHN_ORIGIN or PUBLIC_BASE_URL is configured (development).
 */
const requestOrigin = z.string().max(300).optional();

export const PasskeyUserSchema = z.object({ userId: internalUserId, origin: requestOrigin });
export const PasskeyInternalRegisterSchema = z.object({
  userId: internalUserId,
  challenge: expectedChallenge,
  origin: requestOrigin,
  name: passkeyName(),
  credential: RegistrationCredentialSchema,
});
export const PasskeyInternalRemoveSchema = z.object({
  userId: internalUserId,
  passkeyId: z.number().int().positive(),
  /** Refuse to remove the user's last second factor (an admin in production). */
  keepOneFactor: z.boolean(),
});
export const PasskeyInternalAuthOptionsSchema = z.object({ userId: internalUserId.optional(), origin: requestOrigin });
export const PasskeyInternalCheckSchema = z.object({
  /** The login's user (second factor); unset for a sign-in with the passkey alone. */
  userId: internalUserId.optional(),
  challenge: expectedChallenge,
  origin: requestOrigin,
  credential: AuthenticationCredentialSchema,
});
export const PasskeyInternalAddedSchema = z.object({ passkey: PasskeySchema, user: VerifiedUserSchema });
export const PasskeyInternalCheckResultSchema = z.object({
  user: VerifiedUserSchema,
  /** The authenticator verified its user (PIN, biometrics): with the passkey, two factors. */
  userVerified: z.boolean(),
});
export type PasskeyCheckResult = z.infer<typeof PasskeyInternalCheckResultSchema>;
export const PasskeyInternalChangeResultSchema = z.object({ user: VerifiedUserSchema });

/** `POST /api/clients/:id/users/:userId/reset-two-factor`: TOTP and passkeys removed. */
export const TwoFactorResetResultSchema = z.object({ reset: z.literal(true) });
