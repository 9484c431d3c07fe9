import { generateSecret, generateURI, verifySync } from 'otplib';
import type { DataSource, EntityManager } from 'typeorm';
import { ErrorCode, Messages, type MfaSetupResult, type MfaState, type VerifiedUser } from '@hap/contracts';
import { AppError, auditedTransaction, type Actor } from '@hap/service-kit';
import type { AuthVersions } from '../clinic-user/auth-versions';
import { verifyPassword } from '../user/password';
import type { UserEntity } from '../user/user.entity';
import type { UserRepository } from '../user/user.repository';
import type { UserService } from '../user/user.service';
import type { RecoveryCodes } from './recovery-code.repository';
import type { SecretCipher } from './secret-cipher';

export interface MfaDeps {
  dataSource: DataSource;
  users: UserRepository;
  accounts: UserService;
  versions: AuthVersions;
  cipher: SecretCipher;
  recoveryCodes: RecoveryCodes;
  /** The name authenticator apps show (MFA_ISSUER). */
  issuer: string;
}

/** One 30-second step either side of now: a phone's clock a little off still works (RFC 6238 §5.2). */
const TOLERANCE_SECONDS = 30;

/** At login (no session yet) a wrong code is 401; for a signed-in user changing their settings it is 400, not "signed out". */
const invalidCode = (message: string = Messages.mfaInvalidCode, status: 400 | 401 = 401) => new AppError(status, ErrorCode.INVALID_CODE, message);
const userNotFound = (id: number) => new AppError(404, ErrorCode.NOT_FOUND, Messages.clinicUserNotFound(id));
const conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message);

/**
 * Two-factor sign-in: TOTP (otplib, ±1 step) with ten
 * single-use recovery codes. Only the gateway calls these (internal rows); it
 * knows the user from its session or its login challenge. Turning it on or off
 * bumps the user's sign-in version, so their other sessions end.
 */
export class MfaService {
  constructor(private readonly deps: MfaDeps) {}

  private async user(userId: number, manager?: EntityManager, lock = false): Promise<UserEntity> {
    const user = await this.deps.users.findById(userId, manager, lock);
    if (!user) throw userNotFound(userId);
    return user;
  }

  /**
   * The time step `code` belongs to when it is a current code of `sealed`
   * and newer than `lastStep`; null otherwise.
   */
  private totpStep(sealed: string, code: string, lastStep: string | null): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    let secret: string;
    try {
      secret = this.deps.cipher.open(sealed);
    } catch {
      // Sealed under another MFA_SECRET_KEY: no app code can match; recovery codes still work.
      return null;
    }
    const result = verifySync({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(lastStep !== null && { afterTimeStep: Number(lastStep) }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /**
   * Takes a TOTP code (recorded as the last step, atomically: two requests with
   * one code, one wins) or a recovery code (used up). False when neither.
   */
  private async acceptCode(manager: EntityManager, user: UserEntity, code: string): Promise<boolean> {
    if (!user.mfaSecret) return false;
    const step = this.totpStep(user.mfaSecret, code, user.mfaLastStep);
    if (step !== null) {
      return this.deps.users.recordMfaStep(user.id, step, manager);
    }
    return /^[a-z0-9]{20}$/.test(code) && this.deps.recoveryCodes.use(manager, user.id, code);
  }

  async state(actor: Actor, userId: number): Promise<MfaState> {
    this.deps.accounts.assertGateway(actor);
    const user = await this.user(userId);
    return {
      enabled: user.mfaEnabledAt !== null,
      enabledAt: user.mfaEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: user.mfaEnabledAt ? await this.deps.recoveryCodes.unused(this.deps.dataSource.manager, user.id) : 0,
    };
  }

  /** A new secret, pending until `confirm`; a second set-up replaces the first. */
  async createSecret(actor: Actor, userId: number): Promise<MfaSetupResult> {
    this.deps.accounts.assertGateway(actor);
    const user = await this.user(userId);
    if (user.mfaEnabledAt) throw conflict(Messages.mfaAlreadyOn);
    const secret = generateSecret();
    await this.deps.users.update(user.id, { mfaPendingSecret: this.deps.cipher.seal(secret) });
    return { secret, otpauthUri: generateURI({ issuer: this.deps.issuer, label: user.email, secret }) };
  }

  /** The first code from the app turns it on: recovery codes issued, other sessions ended. */
  async confirm(actor: Actor, userId: number, code: string): Promise<{ recoveryCodes: string[]; user: VerifiedUser }> {
    this.deps.accounts.assertGateway(actor);
    return this.deps.versions.guard((bump) =>
      auditedTransaction(this.deps.dataSource, actor, async (manager) => {
        const user = await this.user(userId, manager, true);
        if (user.mfaEnabledAt) throw conflict(Messages.mfaAlreadyOn);
        if (!user.mfaPendingSecret) throw conflict(Messages.mfaNotPending);
        const step = this.totpStep(user.mfaPendingSecret, code, null);
        if (step === null) throw invalidCode(Messages.mfaInvalidCode, 400);
        await this.deps.users.update(
          user.id,
          { mfaSecret: user.mfaPendingSecret, mfaPendingSecret: null, mfaEnabledAt: new Date(), mfaLastStep: String(step) },
          manager,
        );
        const recoveryCodes = await this.deps.recoveryCodes.issue(manager, user.id);
        await bump(manager, user.id);
        const verified = await this.deps.accounts.verified(await this.user(user.id, manager), manager);
        return { result: { recoveryCodes, user: verified }, audit: this.audit(user, verified, 'on') };
      }),
    );
  }

  /** Off with a current code (or a recovery code) or the password: secret and codes deleted, other sessions ended. */
  async remove(actor: Actor, input: { userId: number; code?: string; password?: string }): Promise<{ user: VerifiedUser }> {
    this.deps.accounts.assertGateway(actor);
    return this.deps.versions.guard((bump) =>
      auditedTransaction(this.deps.dataSource, actor, async (manager) => {
        const user = await this.user(input.userId, manager, true);
        if (!user.mfaEnabledAt) throw conflict(Messages.mfaNotOn);
        if (input.code) {
          if (!(await this.acceptCode(manager, user, input.code))) throw invalidCode(Messages.mfaInvalidCode, 400);
        } else if (!user.passwordHash || !input.password || !(await verifyPassword(user.passwordHash, input.password))) {
          throw new AppError(400, ErrorCode.INVALID_CREDENTIALS, Messages.mfaWrongPassword);
        }
        await this.deps.users.update(user.id, { mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null }, manager);
        await this.deps.recoveryCodes.removeAll(manager, user.id);
        await bump(manager, user.id);
        const verified = await this.deps.accounts.verified(await this.user(user.id, manager), manager);
        return { result: { user: verified }, audit: this.audit(user, verified, 'off') };
      }),
    );
  }

  /**
   * A login's second step: the user whose password already checked out (the
   * gateway's challenge says who) with a code. Disabled meanwhile, or two-factor
   * off meanwhile: refused like a wrong code.
   */
  async check(actor: Actor, userId: number, code: string): Promise<VerifiedUser> {
    this.deps.accounts.assertGateway(actor);
    return this.deps.dataSource.transaction(async (manager) => {
      const user = await this.deps.users.findById(userId, manager);
      const usable = user && !user.disabledAt && user.mfaEnabledAt ? user : null;
      if (!usable || !(await this.acceptCode(manager, usable, code))) {
        throw invalidCode(/^\d{6}$/.test(code) ? Messages.mfaInvalidCode : Messages.mfaInvalidRecoveryCode);
      }
      return this.deps.accounts.verified(usable, manager);
    });
  }

  private audit(user: UserEntity, verified: VerifiedUser, state: 'on' | 'off') {
    return {
      action: 'update' as const,
      entity: user.clientId === null ? 'user' : 'clinic_user',
      entityId: user.id,
      changes: { after: { email: user.email, twoFactor: state } },
      names: { ...(verified.clientName && { client: verified.clientName }) },
    };
  }
}
