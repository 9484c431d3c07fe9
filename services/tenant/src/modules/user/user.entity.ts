import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ClinicRole } from '@hap/contracts';
import { CreatedAtColumn } from '@hap/service-kit';

/** An account that can log in (docs/admin.md#records users): an admin, or a clinic's owner, front desk or viewer. */
@Entity({ name: 'users' })
export class UserEntity extends CreatedAtColumn {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** Stored lower-cased; unique on lower(email) (see the migration). */
  @Column({ name: 'email', type: 'text' })
  email: string;

  /** argon2id PHC string; never leaves this service. Null for a clinic user until they accept their invitation. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  @Column({ name: 'name', type: 'text', nullable: true })
  name: string | null;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin: boolean;

  /** A clinic user's one clinic; null for admins. */
  @Column({ name: 'client_id', type: 'integer', nullable: true })
  clientId: number | null;

  @Column({ name: 'role', type: 'text', nullable: true })
  role: ClinicRole | null;

  /** Set while the user may not sign in. */
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  /** Bumped when the user's sessions must end (disable, password change, role change); sessions record it. */
  @Column({ name: 'auth_version', type: 'integer', default: 1 })
  authVersion: number;

  /** Two-factor sign-in's TOTP secret, encrypted (mfa/secret-cipher.ts); set while it is on. */
  @Column({ name: 'mfa_secret', type: 'text', nullable: true })
  mfaSecret: string | null;

  /** A secret being set up, encrypted, until a code from it is confirmed. */
  @Column({ name: 'mfa_pending_secret', type: 'text', nullable: true })
  mfaPendingSecret: string | null;

  @Column({ name: 'mfa_enabled_at', type: 'timestamptz', nullable: true })
  mfaEnabledAt: Date | null;

  /** The TOTP time step of the last accepted code: a code of that step or an earlier one is refused (replay). */
  @Column({ name: 'mfa_last_step', type: 'bigint', nullable: true })
  mfaLastStep: string | null;

  /** The random WebAuthn user handle (base64url) a passkey hands back at sign-in; set at the first passkey. */
  @Column({ name: 'webauthn_handle', type: 'text', nullable: true })
  webauthnHandle: string | null;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  /** A clinic user's choice of new-lead e-mails; null: their role's default (contracts `defaultNewLeadEmail`). */
  @Column({ name: 'new_lead_email', type: 'text', nullable: true })
  newLeadEmail: 'each' | 'off' | null;

  /** Pushes of new leads to the user's devices; null: their role's default (contracts `defaultNewLeadPush`). */
  @Column({ name: 'new_lead_push', type: 'text', nullable: true })
  newLeadPush: 'each' | 'off' | null;

  /** Texts of new leads; null: off. */
  @Column({ name: 'new_lead_sms', type: 'text', nullable: true })
  newLeadSms: 'each' | 'off' | null;

  /** Where texts go, E.164. */
  @Column({ name: 'sms_number', type: 'text', nullable: true })
  smsNumber: string | null;

  /** Quiet hours, 'HH:MM' in the clinic's time zone, both or neither. */
  @Column({ name: 'quiet_hours_start', type: 'text', nullable: true })
  quietHoursStart: string | null;

  @Column({ name: 'quiet_hours_end', type: 'text', nullable: true })
  quietHoursEnd: string | null;

  /** Bumped at every change of the preference: an unsubscribe link signs it, so it works once. */
  @Column({ name: 'notify_version', type: 'integer', default: 1 })
  notifyVersion: number;
}
