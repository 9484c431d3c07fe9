import type { DataSource, EntityManager } from 'typeorm';
import { ErrorCode, Messages, type AdminLogin, type User, type VerifiedUser } from '@hap/contracts';
import { AppError, forbidden, isService, isUniqueViolation, type Actor } from '@hap/service-kit';
import { dummyHash, hashPassword, verifyPassword } from './password';
import type { UserEntity } from './user.entity';
import type { UserRepository } from './user.repository';

export const toUserDto = (row: UserEntity): User => ({
  id: row.id,
  email: row.email,
  name: row.name,
  isAdmin: row.isAdmin,
});

export interface AdminAccount {
  email: string;
  password: string;
  name?: string;
}

/** Accounts and credentials. Sessions are the gateway's; this only says who matches. */
export class UserService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserRepository,
  ) {}

  /**
   * The gateway's login check. Same work for unknown e-mails as for known ones; a disabled
   * user, or one who has not accepted their invitation, is refused like a wrong password.
   */
  async verifyCredentials(actor: Actor, credentials: AdminLogin): Promise<VerifiedUser> {
    this.assertGateway(actor);
    const user = await this.users.findByEmail(credentials.email);
    const usable = user?.passwordHash && !user.disabledAt ? user : null;
    const matches = await verifyPassword(usable?.passwordHash ?? (await dummyHash()), credentials.password);
    if (!usable || !matches) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, Messages.invalidCredentials);
    await this.users.update(usable.id, { lastLoginAt: new Date() });
    return this.verified(usable);
  }

  /** The gateway's view of a user it is about to start a session for. */
  async verified(row: UserEntity, manager?: EntityManager): Promise<VerifiedUser> {
    const clientName = row.clientId !== null ? await this.users.clinicNameOf(row.clientId, manager) : null;
    const passkeys = await this.users.passkeyCountOf(row.id, manager);
    const mfaMethods = [...(row.mfaEnabledAt !== null ? (['totp'] as const) : []), ...(passkeys > 0 ? (['passkey'] as const) : [])];
    return { ...toUserDto(row), clientId: row.clientId, clientName, role: row.role, authVersion: row.authVersion, mfaEnabled: mfaMethods.length > 0, mfaMethods };
  }

  /** Only a sibling service (the gateway) may check passwords. */
  assertGateway(actor: Actor): void {
    if (!isService(actor.identity, 'gateway')) throw forbidden('Only the gateway may verify credentials.');
  }

  /** Creates the admin, or makes an existing account an admin with this password. */
  async upsertAdmin(account: AdminAccount, attempt = 0): Promise<{ user: User; created: boolean }> {
    const passwordHash = await hashPassword(account.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const existing = await this.users.findByEmail(account.email, manager);
        if (existing) {
          // An admin belongs to no clinic.
          const changes = { passwordHash, isAdmin: true, clientId: null, role: null, ...(account.name !== undefined && { name: account.name }) };
          return { user: toUserDto(await this.users.update(existing.id, changes, manager)), created: false };
        }
        const user = await this.users.insert({ email: account.email, passwordHash, name: account.name ?? 'Admin', isAdmin: true }, manager);
        return { user: toUserDto(user), created: true };
      });
    } catch (err) {
      // Created concurrently by another process: update that one instead.
      if (isUniqueViolation(err) && attempt === 0) return this.upsertAdmin(account, 1);
      throw err;
    }
  }

  /** Creates an admin only when the e-mail is free; null when an account already has it. */
  async createAdminIfMissing(account: AdminAccount): Promise<User | null> {
    const passwordHash = await hashPassword(account.password);
    const row = await this.users.insertIfMissing({ email: account.email, passwordHash, name: account.name ?? 'Admin', isAdmin: true });
    return row ? toUserDto(row) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = await this.users.findByEmail(email);
    return row ? toUserDto(row) : null;
  }
}
