import type { ClinicRole } from '@hap/contracts';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { UserEntity } from './user.entity';

/** What a new account is made with: an admin, or a clinic user with their clinic and role. */
export type NewUser = Pick<UserEntity, 'email' | 'passwordHash' | 'name' | 'isAdmin'> & Partial<Pick<UserEntity, 'clientId' | 'role'>>;

/** Queries on tenant.users; e-mails compare case-insensitively. */
export class UserRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(UserEntity);
  }

  findByEmail(email: string, manager?: EntityManager): Promise<UserEntity | null> {
    return this.repo(manager)
      .createQueryBuilder('user')
      .where('lower(user.email) = lower(:email)', { email: email.trim() })
      .getOne();
  }

  async insert(values: NewUser, manager?: EntityManager): Promise<UserEntity> {
    const result = await this.repo(manager).insert({ ...values, email: values.email.trim().toLowerCase() });
    const id = (result.identifiers[0] as { id: number }).id;
    return this.repo(manager).findOneByOrFail({ id });
  }

  /** Inserts unless the e-mail is taken (by anyone, concurrently included); null when taken. */
  async insertIfMissing(values: NewUser, manager?: EntityManager): Promise<UserEntity | null> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .insert()
      .values({ ...values, email: values.email.trim().toLowerCase() })
      .orIgnore()
      .execute();
    const inserted = result.identifiers[0] as { id: number } | undefined;
    return inserted ? this.repo(manager).findOneByOrFail({ id: inserted.id }) : null;
  }

  findById(id: number, manager?: EntityManager, lock = false): Promise<UserEntity | null> {
    const query = this.repo(manager).createQueryBuilder('user').where('user.id = :id', { id });
    return (lock ? query.setLock('pessimistic_write') : query).getOne();
  }

  /** A clinic's users, owners first, then by e-mail. */
  listByClient(clientId: number, manager?: EntityManager): Promise<UserEntity[]> {
    return this.repo(manager)
      .createQueryBuilder('user')
      .where('user.client_id = :clientId', { clientId })
      .orderBy(`CASE WHEN user.role = 'owner' THEN 0 ELSE 1 END`, 'ASC')
      .addOrderBy('user.email', 'ASC')
      .getMany();
  }

  async delete(id: number, manager?: EntityManager): Promise<boolean> {
    const result = await this.repo(manager).delete({ id });
    return (result.affected ?? 0) > 0;
  }

  async update(
    id: number,
    values: Partial<
      Pick<
        UserEntity,
        'passwordHash' | 'isAdmin' | 'name' | 'clientId' | 'role' | 'disabledAt' | 'lastLoginAt' | 'mfaSecret' | 'mfaPendingSecret' | 'mfaEnabledAt' | 'mfaLastStep'
      >
    >,
    manager?: EntityManager,
  ) {
    await this.repo(manager).update({ id }, values);
    return this.repo(manager).findOneByOrFail({ id });
  }

  /**
   * The user's passkey handle: the one stored, else `handle` kept now. Set only while none is, in
   * one statement: two ceremonies begun at once end with the same handle, so neither passkey is orphaned.
   */
  async ensureWebauthnHandle(id: number, handle: string, manager?: EntityManager): Promise<UserEntity> {
    await this.repo(manager).createQueryBuilder().update().set({ webauthnHandle: () => 'COALESCE("webauthn_handle", :handle)' }).setParameter('handle', handle).where('id = :id', { id }).execute();
    return this.repo(manager).findOneByOrFail({ id });
  }

  /** Sets a clinic user's new-lead e-mail choice and bumps its version (older unsubscribe links stop working). */
  async setNewLeadEmail(id: number, value: 'each' | 'off', manager?: EntityManager): Promise<UserEntity> {
    await this.repo(manager)
      .createQueryBuilder()
      .update()
      .set({ newLeadEmail: value, notifyVersion: () => '"notify_version" + 1' })
      .where('id = :id', { id })
      .execute();
    return this.repo(manager).findOneByOrFail({ id });
  }

  /**
   * A clinic user's alert choices (any of them; absent ones stay) and a bump of
   * the version, so older unsubscribe links stop working.
   */
  async setAlertChoices(
    id: number,
    values: Partial<Pick<UserEntity, 'newLeadEmail' | 'newLeadPush' | 'newLeadSms' | 'smsNumber' | 'quietHoursStart' | 'quietHoursEnd'>>,
    manager?: EntityManager,
  ): Promise<UserEntity> {
    await this.repo(manager)
      .createQueryBuilder()
      .update()
      .set({ ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)), notifyVersion: () => '"notify_version" + 1' })
      .where('id = :id', { id })
      .execute();
    return this.repo(manager).findOneByOrFail({ id });
  }

  /** The clinic's users who can be alerted: active (a password set, not disabled), by id. Who chose what is the caller's to read. */
  activeClinicUsers(clientId: number, manager?: EntityManager): Promise<UserEntity[]> {
    return this.repo(manager)
      .createQueryBuilder('user')
      .where('user.client_id = :clientId', { clientId })
      .andWhere('user.disabled_at IS NULL')
      .andWhere('user.password_hash IS NOT NULL')
      .orderBy('user.id', 'ASC')
      .getMany();
  }

  /**
   * The clinic's active users by id, each with whether they may be given leads and tasks
   * (docs/leads.md#assignment): every role but the read-only 'viewer', decided here in SQL so the caller never
   * reads role names.
   */
  async activeClinicUsersForAssignment(clientId: number, manager?: EntityManager): Promise<Array<{ id: number; name: string | null; email: string; role: ClinicRole; assignable: boolean }>> {
    const rows = (await (manager ?? this.dataSource.manager).query(
      `SELECT "id", "name", "email", "role"::text AS "role", ("role"::text <> 'viewer') AS "assignable"
         FROM "tenant"."users"
        WHERE "client_id" = $1 AND "disabled_at" IS NULL AND "password_hash" IS NOT NULL
        ORDER BY "id"`,
      [clientId],
    )) as Array<{ id: number; name: string | null; email: string; role: ClinicRole; assignable: boolean }>;
    return rows;
  }

  /** The agency's enabled admins, by id: who is told of a lead of any clinic still waiting (docs/speed-to-lead.md#nudges). */
  agencyAdmins(manager?: EntityManager): Promise<UserEntity[]> {
    return this.repo(manager).find({ where: { isAdmin: true, disabledAt: IsNull() }, order: { id: 'ASC' } });
  }

  /** Who is told of a failing domain: the agency's admins and the clinic's owners, enabled accounts, by id. */
  domainAlertRecipients(clientId: number, manager?: EntityManager): Promise<UserEntity[]> {
    return this.repo(manager).find({ where: [{ isAdmin: true, disabledAt: IsNull() }, { clientId, role: 'owner', disabledAt: IsNull() }], order: { id: 'ASC' } });
  }

  /** Locks the user's row until the transaction ends (requests about one account take turns). */
  async lockRow(id: number, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT 1 FROM "tenant"."users" WHERE "id" = $1 FOR UPDATE`, [id]);
  }

  /** A clinic's users' ids, locked until the transaction ends. */
  async lockClinicUserIds(clientId: number, manager: EntityManager): Promise<number[]> {
    const users = (await manager.query(`SELECT "id" FROM "tenant"."users" WHERE "client_id" = $1 FOR UPDATE`, [clientId])) as Array<{ id: number }>;
    return users.map((user) => user.id);
  }

  /** The clinic's active owners who have signed in (have a password), locked until the transaction ends. */
  async lockActiveOwnerIds(clientId: number, manager: EntityManager): Promise<number[]> {
    const owners = (await manager.query(
      `SELECT "id" FROM "tenant"."users" WHERE "client_id" = $1 AND "role" = 'owner' AND "disabled_at" IS NULL AND "password_hash" IS NOT NULL FOR UPDATE`,
      [clientId],
    )) as Array<{ id: number | string }>;
    return owners.map((row) => Number(row.id));
  }

  /** Records a TOTP step as the user's last, only when it is later than the last (two requests with one code: one wins). */
  async recordMfaStep(userId: number, step: number, manager: EntityManager): Promise<boolean> {
    const result = (await manager.query(
      `UPDATE "tenant"."users" SET "mfa_last_step" = $2 WHERE "id" = $1 AND ("mfa_last_step" IS NULL OR "mfa_last_step" < $2) RETURNING "id"`,
      [userId, step],
    )) as unknown[];
    const rows = (Array.isArray(result[0]) ? result[0] : result) as unknown[];
    return rows.length > 0;
  }

  /** The name of the user's clinic; null when it has none. */
  async clinicNameOf(clientId: number, manager?: EntityManager): Promise<string | null> {
    const [client] = (await (manager ?? this.dataSource.manager).query(`SELECT "name" FROM "tenant"."clients" WHERE "id" = $1`, [clientId])) as Array<{ name: string }>;
    return client?.name ?? null;
  }

  async passkeyCountOf(userId: number, manager?: EntityManager): Promise<number> {
    const [{ passkeys }] = (await (manager ?? this.dataSource.manager).query(
      `SELECT count(*)::int AS "passkeys" FROM "tenant"."user_passkeys" WHERE "user_id" = $1`,
      [userId],
    )) as Array<{ passkeys: number }>;
    return passkeys;
  }
}

/** Bumps the user's sign-in version in `manager`'s transaction; undefined when the user is gone (clinic-user/auth-versions.ts publishes it). */
export async function bumpAuthVersion(manager: EntityManager, userId: number): Promise<number | undefined> {
  const result = (await manager.query(
    `UPDATE "tenant"."users" SET "auth_version" = "auth_version" + 1 WHERE "id" = $1 RETURNING "auth_version"`,
    [userId],
  )) as unknown[];
  // TypeORM answers an UPDATE … RETURNING as [rows, count].
  const rows = (Array.isArray(result[0]) ? result[0] : result) as Array<{ auth_version: number }>;
  return rows[0]?.auth_version;
}
