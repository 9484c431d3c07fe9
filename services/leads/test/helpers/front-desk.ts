import { clinicRoleWords, type ClinicRole } from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { createClinicUser } from '@hap/test-kit/factories/tenant';
import type { TestLeads } from './app';

/** Tenant's users table, as a test writes rows there. */
export const tenantDbOf = (t: TestLeads) => t.templates!.tenant!.dataSource;

/** A clinic user in tenant's table and the identity the gateway would sign for them. */
export async function clinicUser(t: TestLeads, clientId: number, role: ClinicRole = 'front_desk', status: 'active' | 'disabled' | 'invited' = 'active') {
  const user = await createClinicUser(tenantDbOf(t), clientId, { role, status });
  const identity: Identity = { kind: 'clinic', userId: user.id, email: user.email, name: `Clinic ${clinicRoleWords(role)}`, clientId, role };
  return { ...user, identity };
}

/** A read-only user ('viewer', docs/portal.md#roles). */
export async function viewerUser(t: TestLeads, clientId: number) {
  const user = await createClinicUser(tenantDbOf(t), clientId, { role: 'viewer' });
  await tenantDbOf(t).query(`UPDATE "tenant"."users" SET "name" = 'Vera Viewer' WHERE "id" = $1`, [user.id]);
  return user;
}
