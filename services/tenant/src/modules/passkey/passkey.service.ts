import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ErrorCode,
  MAX_PASSKEYS,
  Messages,
  PASSKEY_CEREMONY_MINUTES,
  type AuthenticationCredential,
  type Passkey,
  type PasskeyCheckResult,
  type PasskeyList,
  type PasskeyOptions,
  type RegistrationCredential,
  type VerifiedUser,
} from '@hap/contracts';
import { AppError, assertAdmin, auditedTransaction, isUniqueViolation, notFound, type Actor } from '@hap/service-kit';
import type { AuthVersions } from '../clinic-user/auth-versions';
import type { RecoveryCodes } from '../mfa/recovery-code.repository';
import type { UserEntity } from '../user/user.entity';
import type { UserRepository } from '../user/user.repository';
import type { UserService } from '../user/user.service';
import { toPasskeyDto, type PasskeyRepository } from './passkey.repository';
import type { RelyingParty } from './relying-party';

/** @simplewebauthn/server is loaded at the first passkey ceremony, not when tenant starts (ARCHITECTURE.md#processes). */
const webauthn = () => import('@simplewebauthn/server');

export interface PasskeyDeps {
  dataSource: DataSource;
  users: UserRepository;
  passkeys: PasskeyRepository;
  accounts: UserService;
  versions: AuthVersions;
  recoveryCodes: RecoveryCodes;
  relyingParty: RelyingParty;
}

/** A passkey ceremony's own timeout in the browser; the gateway's challenge lasts as long. */
const CEREMONY_TIMEOUT_MS = PASSKEY_CEREMONY_MINUTES * 60_000;

const refused = (message: string) => new AppError(401, ErrorCode.INVALID_CODE, message);
const userNotFound = (id: number) => new AppError(404, ErrorCode.NOT_FOUND, Messages.clinicUserNotFound(id));

/**
 * Passkeys (WebAuthn, @simplewebauthn/server) for admins and
 * clinic users: registration (discoverable, user verification preferred),
 * the login's second factor, and a sign-in with the passkey alone (the
 * passkey names its user by the handle stored here). Only the gateway calls
 * these (internal rows): it holds each ceremony's challenge and passes it
 * back to be checked. Adding or removing one bumps the user's sign-in
 * version, so their other sessions end, as a TOTP change does.
 */
export class PasskeyService {
  constructor(private readonly deps: PasskeyDeps) {}

  private async user(userId: number, manager?: EntityManager, lock = false): Promise<UserEntity> {
    const user = await this.deps.users.findById(userId, manager, lock);
    if (!user) throw userNotFound(userId);
    return user;
  }

  async list(actor: Actor, userId: number): Promise<PasskeyList> {
    this.deps.accounts.assertGateway(actor);
    await this.user(userId);
    return { passkeys: (await this.deps.passkeys.listOf(userId)).map(toPasskeyDto) };
  }

  async registrationOptions(actor: Actor, userId: number, requestOrigin?: string): Promise<PasskeyOptions> {
    this.deps.accounts.assertGateway(actor);
    const { rpID } = this.deps.relyingParty.resolve(requestOrigin);
    let user = await this.user(userId);
    const existing = await this.deps.passkeys.listOf(userId);
    if (existing.length >= MAX_PASSKEYS) throw new AppError(409, ErrorCode.CONFLICT, Messages.passkeyLimit(MAX_PASSKEYS));
    if (!user.webauthnHandle) {
      // Random, never the database id or the e-mail: the authenticator keeps it and hands it back at sign-in.
      user = await this.deps.users.ensureWebauthnHandle(user.id, randomBytes(32).toString('base64url'));
    }
    const options = await (await webauthn()).generateRegistrationOptions({
      rpName: this.deps.relyingParty.name,
      rpID,
      userName: user.email,
      userDisplayName: user.name ?? user.email,
      userID: Buffer.from(user.webauthnHandle!, 'base64url'),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    return { ...options };
  }

  /** Checks the authenticator's answer to `challenge` and keeps the credential; other sessions end. */
  async register(
    actor: Actor,
    input: { userId: number; challenge: string; origin?: string; name: string; credential: RegistrationCredential },
  ): Promise<{ passkey: Passkey; user: VerifiedUser }> {
    this.deps.accounts.assertGateway(actor);
    const { rpID, origins } = this.deps.relyingParty.resolve(input.origin);
    let info;
    try {
      const result = await (await webauthn()).verifyRegistrationResponse({
        response: input.credential as unknown as RegistrationResponseJSON,
        expectedChallenge: input.challenge,
        expectedOrigin: origins,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
      info = result.verified ? result.registrationInfo : null;
    } catch {
      info = null;
    }
    if (!info) throw new AppError(400, ErrorCode.INVALID_CODE, Messages.passkeyNotVerified);
    const registration = info;
    return this.deps.versions.guard((bump) =>
      auditedTransaction(this.deps.dataSource, actor, async (manager) => {
        const user = await this.user(input.userId, manager, true);
        if ((await this.deps.passkeys.listOf(user.id, manager)).length >= MAX_PASSKEYS) {
          throw new AppError(409, ErrorCode.CONFLICT, Messages.passkeyLimit(MAX_PASSKEYS));
        }
        let row;
        try {
          row = await this.deps.passkeys.insert(manager, {
              userId: user.id,
              credentialId: registration.credential.id,
              publicKey: Buffer.from(registration.credential.publicKey),
              counter: registration.credential.counter,
              transports: registration.credential.transports ?? input.credential.response.transports ?? [],
              name: input.name,
              deviceType: registration.credentialDeviceType,
            backedUp: registration.credentialBackedUp,
          });
        } catch (err) {
          // Another account's (or this one's) already: the transaction ends here, nothing written.
          if (isUniqueViolation(err)) throw new AppError(409, ErrorCode.CONFLICT, Messages.passkeyAlreadyAdded);
          throw err;
        }
        await bump(manager, user.id);
        const verified = await this.deps.accounts.verified(await this.user(user.id, manager), manager);
        return { result: { passkey: toPasskeyDto(row), user: verified }, audit: this.audit(user, verified, { passkey: 'added', name: row.name }) };
      }),
    );
  }

  /** Removes one passkey; `keepOneFactor`: not the last second factor (an admin who must keep one). Other sessions end. */
  async remove(actor: Actor, input: { userId: number; passkeyId: number; keepOneFactor: boolean }): Promise<{ user: VerifiedUser }> {
    this.deps.accounts.assertGateway(actor);
    return this.deps.versions.guard((bump) =>
      auditedTransaction(this.deps.dataSource, actor, async (manager) => {
        const user = await this.user(input.userId, manager, true);
        const mine = await this.deps.passkeys.listOf(user.id, manager);
        const passkey = mine.find((p) => p.id === input.passkeyId);
        if (!passkey) throw notFound(Messages.passkeyNotFound(input.passkeyId));
        if (input.keepOneFactor && !user.mfaEnabledAt && mine.length === 1) {
          throw new AppError(403, ErrorCode.FORBIDDEN, Messages.passkeyLastFactor);
        }
        await this.deps.passkeys.remove(manager, user.id, passkey.id);
        await bump(manager, user.id);
        const verified = await this.deps.accounts.verified(await this.user(user.id, manager), manager);
        return { result: { user: verified }, audit: this.audit(user, verified, { passkey: 'removed', name: passkey.name }) };
      }),
    );
  }

  /** Options for a sign-in: the user's passkeys listed (second factor), or none (the passkey says whose it is; it must verify its user). */
  async authenticationOptions(actor: Actor, input: { userId?: number; origin?: string }): Promise<PasskeyOptions> {
    this.deps.accounts.assertGateway(actor);
    const { rpID } = this.deps.relyingParty.resolve(input.origin);
    const allowCredentials =
      input.userId === undefined ? [] : (await this.deps.passkeys.listOf(input.userId)).map((p) => ({ id: p.credentialId, transports: p.transports }));
    const options = await (await webauthn()).generateAuthenticationOptions({
      rpID,
      allowCredentials,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: input.userId === undefined ? 'required' : 'preferred',
    });
    return { ...options };
  }

  /**
   * A passkey's answer at sign-in, checked against `challenge`, the RP ID and
   * origin, its public key, and its signature counter (which must go
   * forward: a counter that went back is a cloned authenticator, or a
   * replayed answer). With `userId` (second factor) it must be that user's;
   * without, its user handle must name its user, who must have been
   * verified by the authenticator.
   */
  async check(actor: Actor, input: { userId?: number; challenge: string; origin?: string; credential: AuthenticationCredential }): Promise<PasskeyCheckResult> {
    this.deps.accounts.assertGateway(actor);
    const { rpID, origins } = this.deps.relyingParty.resolve(input.origin);
    const passwordless = input.userId === undefined;
    return this.deps.dataSource.transaction(async (manager) => {
      const passkey = await this.deps.passkeys.findByCredentialId(input.credential.id, manager, true);
      if (!passkey || (!passwordless && passkey.userId !== input.userId)) throw refused(Messages.passkeyUnknown);
      const user = await this.user(passkey.userId, manager);
      if (passwordless && (!input.credential.response.userHandle || input.credential.response.userHandle !== user.webauthnHandle)) {
        throw refused(Messages.passkeyUnknown);
      }
      let result;
      try {
        result = await (await webauthn()).verifyAuthenticationResponse({
          response: input.credential as unknown as AuthenticationResponseJSON,
          expectedChallenge: input.challenge,
          expectedOrigin: origins,
          expectedRPID: rpID,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports as AuthenticatorTransport[],
          },
          requireUserVerification: passwordless,
        });
      } catch (err) {
        const message = err instanceof Error ? err.message : '';
        if (/counter/i.test(message)) throw refused(Messages.passkeyCloned);
        if (/user could not be verified/i.test(message)) throw refused(Messages.passkeyUserNotVerified);
        throw refused(Messages.passkeyNotVerified);
      }
      if (!result.verified) throw refused(Messages.passkeyNotVerified);
      // Said only to whoever holds the passkey: a credential id alone does not tell that its user is disabled.
      if (user.disabledAt || !user.passwordHash) throw new AppError(403, ErrorCode.FORBIDDEN, Messages.passkeyAccountDisabled);
      const { newCounter, userVerified } = result.authenticationInfo;
      if (!(await this.deps.passkeys.recordUse(manager, passkey.id, newCounter))) throw refused(Messages.passkeyCloned);
      await this.deps.users.update(user.id, { lastLoginAt: new Date() }, manager);
      return { user: await this.deps.accounts.verified(user, manager), userVerified };
    });
  }

  /**
   * An admin turns a clinic user's two-factor sign-in off (they lost their
   * device): the app's secret, recovery codes and passkeys go; audited; the
   * user's sessions end.
   */
  async resetClinicUser(actor: Actor, clientId: number, userId: number): Promise<{ reset: true }> {
    assertAdmin(actor);
    return this.deps.versions.guard((bump) =>
      auditedTransaction(this.deps.dataSource, actor, async (manager) => {
        const user = await this.deps.users.findById(userId, manager, true);
        if (!user || user.clientId !== clientId) throw notFound(Messages.clinicUserNotFound(userId));
        await this.deps.users.update(user.id, { mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null }, manager);
        await this.deps.recoveryCodes.removeAll(manager, user.id);
        const passkeys = await this.deps.passkeys.removeAll(manager, user.id);
        await bump(manager, user.id);
        const verified = await this.deps.accounts.verified(await this.user(user.id, manager), manager);
        return { result: { reset: true as const }, audit: this.audit(user, verified, { twoFactor: 'reset', passkeysRemoved: passkeys }) };
      }),
    );
  }

  private audit(user: UserEntity, verified: VerifiedUser, change: Record<string, string | number>) {
    return {
      action: 'update' as const,
      entity: user.clientId === null ? 'user' : 'clinic_user',
      entityId: user.id,
      changes: { after: { email: user.email, ...change } },
      names: { ...(verified.clientName && { client: verified.clientName }) },
    };
  }
}
