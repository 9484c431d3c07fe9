import type { DataSource } from 'typeorm';
import { BUILT_IN_BRAND_COLOURS } from '@hap/contracts';
import { CreateTenantTables1763900000000 } from '../../src/db/migrations/1763900000000-CreateTenantTables';
import { DEMO_CLINICS_SEED, seed } from '../../src/db/seed';
import { SEED_CLIENTS, SEED_DOMAIN_MAPPINGS, SEED_STAFF } from '../../src/db/seed-data';
import { ADMIN, GATEWAY, startTenant, type TestTenant } from '../helpers/app';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/database';
import { uniq } from '../helpers/factories';

/** Every row of the tables the seed writes: the database is this file's own. */
async function counts(dataSource: DataSource) {
  const count = async (table: string) =>
    Number((await dataSource.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM "tenant"."${table}"`))[0].n);
  return { clients: await count('clients'), mappings: await count('domain_mappings'), staff: await count('staff_members') };
}

const FRESH = { clients: SEED_CLIENTS.length, mappings: SEED_DOMAIN_MAPPINGS.length, staff: SEED_STAFF.length };

const history = async (dataSource: DataSource) =>
  (await dataSource.query<Array<{ name: string }>>('SELECT "name" FROM "tenant"."seed_history" ORDER BY "name"')).map((r) => r.name);

describe('seed', () => {
  let db: ScratchDatabase;
  let t: TestTenant;

  // A database of its own, created and migrated: more than jest's 5 s hook default on a busy machine.
  beforeAll(async () => {
    db = await createScratchDatabase();
    t = await startTenant({ databaseUrl: db.url });
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  const verify = (email: string, password: string) => t.api.post('/internal/auth/verify', GATEWAY).send({ email, password });

  it('writes the demo data once per database and creates the admin with a generated password once', async () => {
    const adminEmail = `Owner-${uniq()}@Example.com`;
    expect(await counts(t.dataSource)).toEqual({ clients: 0, mappings: 0, staff: 0 });
    expect(await history(t.dataSource)).toEqual([]);

    const first = await seed(t.dataSource, { uploadDir: null, adminEmail });
    const countsAfterFirst = await counts(t.dataSource);
    const second = await seed(t.dataSource, { uploadDir: null, adminEmail });

    expect(first).toEqual({
      adminEmail: adminEmail.toLowerCase(),
      generatedPassword: expect.any(String),
      adminCreated: true,
      demoDataSeeded: true,
      demoImagesWritten: 0,
      templateArtWritten: 0,
    });
    expect(first.generatedPassword!.length).toBeGreaterThanOrEqual(20);
    expect(second).toEqual({ adminEmail: adminEmail.toLowerCase(), generatedPassword: null, adminCreated: false, demoDataSeeded: false, demoImagesWritten: 0, templateArtWritten: 0 });
    expect(countsAfterFirst).toEqual(FRESH);
    expect(await counts(t.dataSource)).toEqual(FRESH);
    expect(await history(t.dataSource)).toEqual([DEMO_CLINICS_SEED]);

    const login = await verify(adminEmail, first.generatedPassword!);
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ email: adminEmail.toLowerCase(), isAdmin: true });
  });

  it('resets the admin password when one is given', async () => {
    const adminEmail = `reset-${uniq()}@example.com`;
    const created = await seed(t.dataSource, { uploadDir: null, adminEmail, adminPassword: 'first-password-1' });
    const reset = await seed(t.dataSource, { uploadDir: null, adminEmail, adminPassword: 'second-password-2' });

    expect(created).toEqual({ adminEmail, generatedPassword: null, adminCreated: true, demoDataSeeded: false, demoImagesWritten: 0, templateArtWritten: 0 });
    expect(reset).toEqual({ adminEmail, generatedPassword: null, adminCreated: false, demoDataSeeded: false, demoImagesWritten: 0, templateArtWritten: 0 });
    expect((await verify(adminEmail, 'first-password-1')).status).toBe(401);
    expect((await verify(adminEmail, 'second-password-2')).status).toBe(200);
  });

  it('refuses an admin e-mail that could never log in', async () => {
    await expect(seed(t.dataSource, { uploadDir: null, adminEmail: 'admin' })).rejects.toThrow('ADMIN_EMAIL must be a valid e-mail address');
  });

  it('seeds the clinics, with the built-in colours for clients 1–5', async () => {
    await seed(t.dataSource, { uploadDir: null, adminEmail: `c-${uniq()}@example.com`, adminPassword: 'x-password' });
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
    await seed(t.dataSource, { uploadDir: null, adminEmail: `h-${uniq()}@example.com`, adminPassword: 'x-password' });
    const resolve = async (host: string) =>
      (await t.api.get(`/api/resolve-client?host=${encodeURIComponent(host)}&client=1`)).body.data;
    expect(await resolve('www.apexmenshealth.com')).toEqual({ clientId: 2, source: 'host' });
    expect(await resolve('balanceweightwellness.com')).toEqual({ clientId: 6, source: 'host' });
    expect(await resolve('test.horizonclinicgroup.com')).toEqual({ clientId: 4, source: 'host' });
    expect(await resolve('tempe.vitalitylifestylemed.com')).toEqual({ clientId: 9, source: 'host' });
    expect(await resolve('www.getrevivehealth.com')).toEqual({ clientId: 11, source: 'host' });
  });

  it('leaves the id sequence past the fixed ids', async () => {
    await seed(t.dataSource, { uploadDir: null, adminEmail: `s-${uniq()}@example.com`, adminPassword: 'x-password' });
    const res = await t.api
      .post('/api/clients', ADMIN)
      .send({ name: `After Seed Clinic ${uniq()}`, address: '1 Seed Street', phone: '5550001111' });
    expect(res.status).toBe(201);
    expect(res.body.data.id).toBeGreaterThan(11);
    await t.api.delete(`/api/clients/${res.body.data.id}`, ADMIN);
  });

  it('does not bring back a demo clinic an admin deleted, and still ensures the admin', async () => {
    const evergreen = SEED_DOMAIN_MAPPINGS.filter((m) => m.clientId === 5).length;
    await seed(t.dataSource, { uploadDir: null, adminEmail: `d-${uniq()}@example.com`, adminPassword: 'x-password' });
    expect(await counts(t.dataSource)).toEqual(FRESH);
    expect((await t.api.delete('/api/clients/5', ADMIN)).status).toBe(200);
    const adminEmail = `after-delete-${uniq()}@example.com`;

    const again = await seed(t.dataSource, { uploadDir: null, adminEmail });

    expect(again).toEqual({ adminEmail, generatedPassword: expect.any(String), adminCreated: true, demoDataSeeded: false, demoImagesWritten: 0, templateArtWritten: 0 });
    expect((await t.api.get('/api/clients/5')).status).toBe(404);
    expect(await counts(t.dataSource)).toEqual({ ...FRESH, clients: FRESH.clients - 1, mappings: FRESH.mappings - evergreen });
    const host = await t.api.get('/api/resolve-client?host=evergreenwellnessinstitute.com');
    expect(host.body.data).toEqual({ clientId: 1, source: 'default' });

    // The admin account is ensured on every run: gone → created again; with a password → reset.
    await t.dataSource.query('DELETE FROM "tenant"."users" WHERE "email" = $1', [adminEmail]);
    expect(await seed(t.dataSource, { uploadDir: null, adminEmail, adminPassword: 'back-again-1' })).toMatchObject({ adminCreated: true });
    expect((await verify(adminEmail, 'back-again-1')).status).toBe(200);
    expect(await seed(t.dataSource, { uploadDir: null, adminEmail, adminPassword: 'changed-again-2' })).toMatchObject({ adminCreated: false });
    expect((await verify(adminEmail, 'changed-again-2')).status).toBe(200);
    expect((await t.api.get('/api/clients/5')).status).toBe(404);
  });
});

describe('seed, concurrently on a fresh database', () => {
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase();
  });
  afterAll(() => db.drop());

  it('writes the demo data exactly once', async () => {
    const runs = await Promise.all(
      [1, 2, 3].map((i) => seed(db.dataSource, { uploadDir: null, adminEmail: `race-${i}-${uniq()}@example.com`, adminPassword: 'race-password' })),
    );
    expect(runs.filter((r) => r.demoDataSeeded)).toHaveLength(1);
    expect(runs.every((r) => r.adminCreated)).toBe(true);
    expect(await counts(db.dataSource)).toEqual(FRESH);
  });
});

describe('seed on a database seeded before seed_history existed', () => {
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase([CreateTenantTables1763900000000]);
  });
  afterAll(() => db.drop());

  it('counts the demo data as written: what is left is kept, what was deleted stays deleted', async () => {
    // An old seed wrote the clinics; an admin has since deleted all but client 2.
    await db.dataSource.query(
      `INSERT INTO "tenant"."clients" ("id", "name", "address", "phone") VALUES (2, 'Apex Renamed', '1 Street', '5550001111')`,
    );
    await db.migrateAll();
    expect(await history(db.dataSource)).toEqual([DEMO_CLINICS_SEED]);

    const result = await seed(db.dataSource, { uploadDir: null, adminEmail: `legacy-${uniq()}@example.com`, adminPassword: 'legacy-password' });

    expect(result).toMatchObject({ adminCreated: true, demoDataSeeded: false, demoImagesWritten: 0, templateArtWritten: 0 });
    expect(await counts(db.dataSource)).toEqual({ clients: 1, mappings: 0, staff: 0 });
  });
});
