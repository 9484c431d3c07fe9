import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';

/**
 * A start migrates and seeds only what is missing (README, *Starting again*): the launcher's
 * set-up stores a fingerprint of the built migrations, seeds and their settings in the database,
 * and a start that finds the same one skips both. Runs the launcher's plain-ESM `migrateAndSeed`
 * from the built services (npm test builds them first) in a node process of its own, as
 * `npm start` would, on a database of its own.
 */
const root = join(__dirname, '..', '..');
const setupModule = pathToFileURL(join(root, 'infra/launcher/setup-db.mjs')).href;
const database = `${decodeURIComponent(new URL(process.env.DATABASE_URL!).pathname.slice(1))}_launcher`;
const adminUrl = (() => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = '/postgres';
  return url.toString();
})();
const databaseUrl = (() => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
})();

const uploadDir = mkdtempSync(join(tmpdir(), 'hap-launcher-uploads-'));

type Outcome = { upToDate?: boolean; adminEmail: string };

function setUp(env: Record<string, string> = {}): Outcome {
  const script = `
    import { migrateAndSeed } from ${JSON.stringify(setupModule)};
    const seeded = await migrateAndSeed({ ...process.env, ...${JSON.stringify(env)} });
    console.log(JSON.stringify({ upToDate: seeded.upToDate ?? false, adminEmail: seeded.adminEmail }));`;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['ADMIN_PASSWORD', 'ADMIN_EMAIL', 'UPLOAD_DIR'].includes(k)));
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...clean, DATABASE_URL: databaseUrl, UPLOAD_DIR: uploadDir, ...env },
    stdio: 'pipe',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Outcome;
}

async function admin(sql: string) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function tablesIn(schema: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1`, [schema]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describe('the launcher migrates and seeds only what is missing', () => {
  beforeAll(async () => {
    if (!existsSync(join(root, 'services/tenant/dist/db/migrate.js'))) throw new Error('the services are not built: run `npm test` (it builds first) or `npm run build:server`');
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin(`CREATE DATABASE "${database}"`);
  });
  afterAll(async () => {
    rmSync(uploadDir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  });

  it('sets up an empty database, then skips a second start with nothing new', () => {
    expect(setUp()).toEqual({ upToDate: false, adminEmail: 'admin@healthads.local' });
    expect(setUp()).toEqual({ upToDate: true, adminEmail: 'admin@healthads.local' });
  }, 120_000);

  it('runs again when a setting the seeds read changes, or when ADMIN_PASSWORD asks for the password', () => {
    expect(setUp({ ADMIN_EMAIL: 'owner@healthads.local' })).toEqual({ upToDate: false, adminEmail: 'owner@healthads.local' });
    expect(setUp({ ADMIN_EMAIL: 'owner@healthads.local' }).upToDate).toBe(true);
    expect(setUp({ ADMIN_EMAIL: 'owner@healthads.local', ADMIN_PASSWORD: 'a-long-admin-password-1' }).upToDate).toBe(false);
  }, 120_000);

  it('runs again when the database lost its schemas (the fingerprint lives in the same database)', async () => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('DROP SCHEMA "leads" CASCADE');
    await client.end();
    // The ledger still says complete: the fingerprint alone cannot see a dropped schema, so a
    // start checks that every service's schema is there before trusting it.
    expect(setUp({ ADMIN_EMAIL: 'owner@healthads.local' }).upToDate).toBe(false);
    expect(await tablesIn('leads')).toBeGreaterThan(0);
  }, 120_000);
});
