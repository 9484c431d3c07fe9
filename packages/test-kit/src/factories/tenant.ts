import { hash } from '@node-rs/argon2';
import { ADMIN } from '@hap/service-kit/testing';
import type { ServiceProcess } from '../service-process';
import { insertRow, uniq, type Queryable } from './rows';

/**
 * The tenant service's rows, written in SQL on the run's database (schema "tenant") for tests of other
 * services; tenant's own tests keep services/tenant/test/helpers/factories.
 */

/** A clinic as written (camelCase columns). */
export interface ClientRow {
  id: number;
  name: string;
  address: string;
  phone: string;
  email: string | null;
  googleAdsAccountId: string | null;
  ghlSubaccountId: string | null;
  [column: string]: unknown;
}

/** A clinic written straight to tenant's table (no onboarding, no audit). */
export function createClient(db: Queryable, overrides: Record<string, unknown> = {}): Promise<ClientRow> {
  const token = uniq();
  return insertRow<ClientRow>(db, 'tenant', 'clients', {
    name: `Test Clinic ${token}`,
    address: '100 Main Street, Springfield',
    phone: '(555) 010-2000',
    email: `clinic-${token}@example.com`,
    googleAdsAccountId: '1234567890',
    ghlSubaccountId: `ghl-${token}`,
    ...overrides,
  });
}

/**
 * A clinic user written straight to tenant's table: `active` (a password set, the default), `invited` (none
 * yet) or `disabled`. The hash is no real password: these users are for rows that never sign in.
 */
export async function createClinicUser(
  db: Queryable,
  clientId: number,
  {
    role = 'owner',
    status = 'active',
    newLeadEmail = null,
    newLeadPush = null,
    smsNumber = null,
    quietHours = null,
  }: {
    role?: 'owner' | 'front_desk' | 'viewer';
    status?: 'active' | 'invited' | 'disabled';
    newLeadEmail?: 'each' | 'off' | null;
    newLeadPush?: 'each' | 'off' | null;
    /** E.164: the user takes a text of each new lead there. */
    smsNumber?: string | null;
    quietHours?: { start: string; end: string } | null;
  } = {},
): Promise<{ id: number; email: string; clientId: number; role: 'owner' | 'front_desk' | 'viewer' }> {
  const user = await insertRow<{ id: number; email: string }>(db, 'tenant', 'users', {
    email: `user-${uniq()}@clinic.test`,
    passwordHash: status === 'invited' ? null : '$argon2id$not-a-real-hash',
    name: `Clinic ${role.replace("_", " ")}`,
    isAdmin: false,
    clientId,
    role,
    disabledAt: status === 'disabled' ? new Date() : null,
    newLeadEmail,
    newLeadPush,
    ...(smsNumber && { newLeadSms: 'each', smsNumber }),
    quietHoursStart: quietHours?.start ?? null,
    quietHoursEnd: quietHours?.end ?? null,
  });
  return { id: user.id, email: user.email, clientId, role };
}

/**
 * An account that signs in with `password`: an admin (the default) or, with `isAdmin: false`, a user who is
 * neither an admin nor a clinic's (tenant has no API that creates either). The hash is argon2id with the
 * library's defaults, as tenant hashes passwords (services/tenant/README.md), so a tenant process verifies it.
 */
export async function createAdmin(
  db: Queryable,
  account: { email: string; password: string; name?: string },
  { isAdmin = true }: { isAdmin?: boolean } = {},
): Promise<{ id: number; email: string; name: string; isAdmin: boolean }> {
  // The library's default algorithm is argon2id (its `Algorithm` is a const enum, which isolated modules cannot read).
  const passwordHash = await hash(account.password);
  const user = await insertRow<{ id: number; email: string; name: string }>(db, 'tenant', 'users', {
    email: account.email,
    passwordHash,
    name: account.name ?? 'Admin',
    isAdmin,
  });
  return { id: user.id, email: user.email, name: user.name, isAdmin };
}

/** A clinic in a running tenant (POST /api/clients as an admin): its id. */
export async function createClinic(tenant: Pick<ServiceProcess, 'api'>, name = `Test Clinic ${uniq()}`): Promise<number> {
  const res = await tenant.api.post('/api/clients', ADMIN).send({ name, address: '1 Test Street, Springfield', phone: '(555) 010-0100' });
  if (res.status !== 201) throw new Error(`tenant refused the clinic: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: { id: number } }).data.id;
}

/**
 * A browser's push subscription of a clinic user, written as tenant stores it: tests subscribe a loopback
 * fake's endpoint (http), which tenant's API takes only with PUSH_ALLOW_LOOPBACK (docs/leads.md#delivery).
 */
export async function createPushSubscription(db: Queryable, userId: number, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<void> {
  await insertRow(db, 'tenant', 'push_subscriptions', { userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
}
