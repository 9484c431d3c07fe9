import { BUILT_IN_BRAND_COLOURS } from '@hap/contracts';
import { seed } from '../../src/db/seed';
import { SEED_CLIENTS, SEED_DOMAIN_MAPPINGS, SEED_STAFF } from '../../src/db/seed-data';
import { ADMIN, startTenant, type TestTenant } from '../helpers/app';
import { uniq } from '../helpers/factories';

describe('seed', () => {
  let t: TestTenant;

  beforeAll(async () => {
    t = await startTenant();
  });
  afterAll(() => t.close());

  /** Counts of the seeded rows only: other test files write to the same database. */
  async function seededCounts() {
    const count = async (sql: string, params: unknown[]) =>
      Number((await t.dataSource.query<Array<{ n: string }>>(sql, params))[0].n);
    return {
      clients: await count('SELECT count(*) AS n FROM "tenant"."clients" WHERE "id" BETWEEN 1 AND 11', []),
      mappings: await count('SELECT count(*) AS n FROM "tenant"."domain_mappings" WHERE "domain" = ANY($1)', [
        SEED_DOMAIN_MAPPINGS.map((m) => m.domain),
      ]),
      staff: await count('SELECT count(*) AS n FROM "tenant"."staff_members" WHERE "name" = ANY($1)', [
        SEED_STAFF.map((s) => s.name),
      ]),
    };
  }

  const verify = (email: string, password: string) =>
    t.api.post('/internal/auth/verify', { kind: 'service', service: 'gateway' }).send({ email, password });

  it('is idempotent and creates the admin with a generated password once', async () => {
    const adminEmail = `Owner-${uniq()}@Example.com`;

    const first = await seed(t.dataSource, { adminEmail });
    const countsAfterFirst = await seededCounts();
    const second = await seed(t.dataSource, { adminEmail });

    expect(first).toEqual({ adminEmail: adminEmail.toLowerCase(), generatedPassword: expect.any(String), adminCreated: true });
    expect(first.generatedPassword!.length).toBeGreaterThanOrEqual(20);
    expect(second).toEqual({ adminEmail: adminEmail.toLowerCase(), generatedPassword: null, adminCreated: false });
    expect(countsAfterFirst).toEqual({ clients: 11, mappings: SEED_DOMAIN_MAPPINGS.length, staff: SEED_STAFF.length });
    expect(await seededCounts()).toEqual(countsAfterFirst);

    const login = await verify(adminEmail, first.generatedPassword!);
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ email: adminEmail.toLowerCase(), isAdmin: true });
  });

  it('resets the admin password when one is given', async () => {
    const adminEmail = `reset-${uniq()}@example.com`;
    const created = await seed(t.dataSource, { adminEmail, adminPassword: 'first-password-1' });
    const reset = await seed(t.dataSource, { adminEmail, adminPassword: 'second-password-2' });

    expect(created).toEqual({ adminEmail, generatedPassword: null, adminCreated: true });
    expect(reset).toEqual({ adminEmail, generatedPassword: null, adminCreated: false });
    expect((await verify(adminEmail, 'first-password-1')).status).toBe(401);
    expect((await verify(adminEmail, 'second-password-2')).status).toBe(200);
  });

  it('refuses an admin e-mail that could never log in', async () => {
    await expect(seed(t.dataSource, { adminEmail: 'admin' })).rejects.toThrow('ADMIN_EMAIL must be a valid e-mail address');
  });

  it('seeds the clinics, with the built-in colours for clients 1–5', async () => {
    await seed(t.dataSource, { adminEmail: `c-${uniq()}@example.com`, adminPassword: 'x-password' });
    const res = await t.api.get('/api/clients', ADMIN);
    const byId = new Map<number, { name: string; brandColor: string; brandBgColor: string }>(
      res.body.data.map((c: { id: number }) => [c.id, c]),
    );
    for (const seeded of SEED_CLIENTS) {
      expect(byId.get(seeded.id)).toMatchObject({ name: seeded.name, phone: seeded.phone });
    }
    for (const id of [1, 2, 3, 4, 5]) {
      expect(byId.get(id)).toMatchObject(BUILT_IN_BRAND_COLOURS[id]);
    }
    const staff = await t.api.get('/api/staff-members/client/3');
    expect(staff.body.data.map((s: { displayOrder: number }) => s.displayOrder)).toEqual([0, 1, 2, 3]);
  });

  it("maps the spec's production hosts, bare and www", async () => {
    await seed(t.dataSource, { adminEmail: `h-${uniq()}@example.com`, adminPassword: 'x-password' });
    const resolve = async (host: string) =>
      (await t.api.get(`/api/resolve-client?host=${encodeURIComponent(host)}&client=1`)).body.data;
    expect(await resolve('www.apexmenshealth.com')).toEqual({ clientId: 2, source: 'host' });
    expect(await resolve('balanceweightwellness.com')).toEqual({ clientId: 6, source: 'host' });
    expect(await resolve('test.horizonclinicgroup.com')).toEqual({ clientId: 4, source: 'host' });
    expect(await resolve('tempe.vitalitylifestylemed.com')).toEqual({ clientId: 9, source: 'host' });
    expect(await resolve('www.getrevivehealth.com')).toEqual({ clientId: 11, source: 'host' });
  });

  it('leaves the id sequence past the fixed ids', async () => {
    await seed(t.dataSource, { adminEmail: `s-${uniq()}@example.com`, adminPassword: 'x-password' });
    const res = await t.api
      .post('/api/clients', ADMIN)
      .send({ name: `After Seed Clinic ${uniq()}`, address: '1 Seed Street', phone: '5550001111' });
    expect(res.status).toBe(201);
    expect(res.body.data.id).toBeGreaterThan(11);
  });
});
