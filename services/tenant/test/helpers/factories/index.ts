import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ClientEntity } from '../../../src/modules/client/client.entity';
import { DomainMappingEntity } from '../../../src/modules/domain-mapping/domain-mapping.entity';
import { StaffMemberEntity } from '../../../src/modules/staff-member/staff-member.entity';
import { UserEntity } from '../../../src/modules/user/user.entity';

/** A short hex token that keeps each test's rows apart in the shared database (hex: never spells "dev"). */
export const uniq = () => `${Date.now().toString(16)}${randomBytes(3).toString('hex')}`;

/** A host name nobody else in the run uses. */
export const uniqueHost = (label = 'clinic') => `${label}-${uniq()}.example.com`;

export async function createClient(dataSource: DataSource, overrides: Partial<ClientEntity> = {}): Promise<ClientEntity> {
  const repo = dataSource.getRepository(ClientEntity);
  const token = uniq();
  return repo.save(
    repo.create({
      name: `Test Clinic ${token}`,
      address: '100 Main Street, Springfield',
      phone: '(555) 010-2000',
      email: `clinic-${token}@example.com`,
      googleAdsAccountId: '1234567890',
      ghlSubaccountId: `ghl-${token}`,
      ...overrides,
    }),
  );
}

export async function createStaffMember(
  dataSource: DataSource,
  clientId: number,
  overrides: Partial<StaffMemberEntity> = {},
): Promise<StaffMemberEntity> {
  const repo = dataSource.getRepository(StaffMemberEntity);
  return repo.save(repo.create({ clientId, name: `Dr. Test ${uniq()}`, title: 'Physician', displayOrder: 0, ...overrides }));
}

export async function createDomainMapping(
  dataSource: DataSource,
  clientId: number,
  overrides: Partial<DomainMappingEntity> = {},
): Promise<DomainMappingEntity> {
  const repo = dataSource.getRepository(DomainMappingEntity);
  return repo.save(repo.create({ domain: uniqueHost(), path: '/', clientId, priority: 100, isActive: true, ...overrides }));
}

/** The audit rows written for one entity row, oldest first. */
export async function auditRows(dataSource: DataSource, entity: string, entityId: number) {
  return dataSource.query<Array<{ action: string; actor_user_id: number | null; request_id: string | null; changes: unknown }>>(
    `SELECT "action", "actor_user_id", "request_id", "changes" FROM "tenant"."audit_log"
     WHERE "entity" = $1 AND "entity_id" = $2 ORDER BY "id"`,
    [entity, String(entityId)],
  );
}

/**
 * A clinic user written straight to the table: `active` (a password set,
 * the default), `invited` (none yet) or `disabled`. The hash is no real
 * password: these users are for rows that never sign in.
 */
export async function createClinicUser(
  dataSource: DataSource,
  clientId: number,
  { role = 'owner', status = 'active', newLeadEmail = null }: { role?: 'owner' | 'front_desk' | 'viewer'; status?: 'active' | 'invited' | 'disabled'; newLeadEmail?: 'each' | 'off' | null } = {},
): Promise<{ id: number; email: string; clientId: number; role: 'owner' | 'front_desk' | 'viewer' }> {
  const repo = dataSource.getRepository(UserEntity);
  const user = await repo.save(
    repo.create({
      email: `user-${uniq()}@clinic.test`,
      passwordHash: status === 'invited' ? null : '$argon2id$not-a-real-hash',
      name: `Clinic ${role}`,
      isAdmin: false,
      clientId,
      role,
      disabledAt: status === 'disabled' ? new Date() : null,
      newLeadEmail,
    }),
  );
  return { id: user.id, email: user.email, clientId, role };
}
