import type { Identity } from '@hap/service-kit';
import { createClinicUser } from '@hap/test-kit/factories/tenant';
import type { TestLeads } from './app';

/** Tenant's users table, as a test writes rows there. */
export const tenantDbOf = (t: TestLeads) => t.templates!.tenant!.dataSource;

/** A clinic user in tenant's table and the identity the gateway would sign for them. */
export async function clinicUser(t: TestLeads, clientId: number, role: 'owner' | 'staff' = 'staff', status: 'active' | 'disabled' | 'invited' = 'active') {
  const user = await createClinicUser(tenantDbOf(t), clientId, { role, status });
  const identity: Identity = { kind: 'clinic', userId: user.id, email: user.email, name: `Clinic ${role}`, clientId, role };
  return { ...user, identity };
}

/**
 * A read-only user ('viewer', docs/portal.md#roles). Tenant's role check knows owner and staff until the roles
 * change lands; the test widens it (a superset: other suites' rows still pass) to write one.
 */
export async function viewerUser(t: TestLeads, clientId: number) {
  const db = tenantDbOf(t);
  const user = await createClinicUser(db, clientId, { role: 'staff' });
  const [check] = (await db.query(
    `SELECT pg_get_constraintdef(c.oid) AS "def" FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid JOIN pg_namespace n ON n.oid = r.relnamespace
      WHERE n.nspname = 'tenant' AND r.relname = 'users' AND c.conname = 'users_role_check'`,
  )) as Array<{ def: string }>;
  if (check && !check.def.includes('viewer')) {
    await db.query(`ALTER TABLE "tenant"."users" DROP CONSTRAINT "users_role_check",
      ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('owner', 'staff', 'front_desk', 'viewer'))`);
  }
  await db.query(`UPDATE "tenant"."users" SET "role" = 'viewer', "name" = 'Vera Viewer' WHERE "id" = $1`, [user.id]);
  return user;
}
