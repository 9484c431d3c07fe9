// Runs every service's migrations, then the seeds (demo clinics, the demo
// service catalogue and the built-in TRT campaign once per database, the admin each time they run),
// when something is missing (setupFingerprint). Used by the launcher and, as
// `node infra/launcher/setup-db.mjs`, by docker compose.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
export const SERVICES = ['tenant', 'leads', 'templates', 'ads'];

function runNode(script, env, what) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, script)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${what} failed:\n${output}`))));
  });
}

/** Runs a service's seed (templates: the demo catalogue and activations; ads: the built-in TRT campaign), once per database. */
async function seedService(name, env) {
  const { createDataSource } = require(join(root, `services/${name}/dist/db/data-source.js`));
  const { seed } = require(join(root, `services/${name}/dist/db/seed.js`));
  const dataSource = createDataSource(env.DATABASE_URL);
  await dataSource.initialize();
  try {
    return await seed(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** Every file below `dir` (sorted paths), for the fingerprint. */
function filesBelow(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? filesBelow(join(dir, entry.name)) : entry.name.endsWith('.js') || entry.name.endsWith('.json') ? [join(dir, entry.name)] : []));
}

/**
 * What the database's set-up is made of: the built migrations and seed code of every service, the
 * seed data files, and the settings the seeds read. Equal to the fingerprint the last complete
 * set-up stored in the database: nothing is missing (README.md, *Starting again*).
 */
export function setupFingerprint(env) {
  const hash = createHash('sha256');
  for (const name of SERVICES) {
    for (const file of [...filesBelow(join(root, 'services', name, 'dist', 'db')), ...filesBelow(join(root, 'services', name, 'seed'))]) {
      hash.update(file.slice(root.length)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  hash.update(`${env.ADMIN_EMAIL ?? ''}\0${env.UPLOAD_DIR ?? ''}`);
  return hash.digest('hex');
}

const LEDGER = 'public.launcher_setup';

/**
 * The fingerprint stored by the last complete set-up of this database, or null (also when a
 * service's schema is gone: each service's schema is named after it).
 */
async function storedFingerprint(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT to_regclass('${LEDGER}') IS NOT NULL AS present,
              (SELECT count(*)::int FROM information_schema.schemata WHERE schema_name = ANY($1)) AS schemas`,
      [SERVICES],
    );
    if (!rows[0].present || rows[0].schemas !== SERVICES.length) return null;
    return (await client.query(`SELECT fingerprint FROM ${LEDGER} WHERE id = 1`)).rows[0]?.fingerprint ?? null;
  } finally {
    await client.end();
  }
}

async function storeFingerprint(databaseUrl, fingerprint) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS ${LEDGER} (id int PRIMARY KEY, fingerprint text NOT NULL, at timestamptz NOT NULL DEFAULT now())`);
    await client.query(`INSERT INTO ${LEDGER} (id, fingerprint) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET fingerprint = $1, at = now()`, [fingerprint]);
  } finally {
    await client.end();
  }
}

/**
 * Migrates and seeds what is missing: nothing when the database's stored fingerprint is this
 * checkout's (no new migration, seed or setting since the last complete set-up), unless
 * ADMIN_PASSWORD asks for the admin's password to be set.
 */
export async function migrateAndSeed(env) {
  const fingerprint = setupFingerprint(env);
  if (!env.ADMIN_PASSWORD && (await storedFingerprint(env.DATABASE_URL)) === fingerprint) {
    return { adminEmail: env.ADMIN_EMAIL || 'admin@healthads.local', generatedPassword: null, adminCreated: false, upToDate: true, templatesSeeded: false };
  }
  const seeded = await migrateAndSeedAll(env);
  await storeFingerprint(env.DATABASE_URL, fingerprint);
  return seeded;
}

/** Migrates each service's schema and seeds the demo clinics, the admin and the demo catalogue. */
async function migrateAndSeedAll(env) {
  // Each service migrates its own schema: the four run at once.
  await Promise.all(SERVICES.map((name) => runNode(`services/${name}/dist/db/migrate.js`, env, `${name} migrations`)));
  const { createDataSource } = require(join(root, 'services/tenant/dist/db/data-source.js'));
  const { seed } = require(join(root, 'services/tenant/dist/db/seed.js'));
  const dataSource = createDataSource(env.DATABASE_URL);
  await dataSource.initialize();
  let seeded;
  try {
    seeded = await seed(dataSource, {
      adminEmail: env.ADMIN_EMAIL || 'admin@healthads.local',
      adminPassword: env.ADMIN_PASSWORD || undefined,
      // The demo pictures go where this stack's tenant serves uploads from (the browser suite uses a temporary one).
      uploadDir: env.UPLOAD_DIR || undefined,
    });
  } finally {
    await dataSource.destroy();
  }
  const templates = await seedService('templates', env);
  await seedService('ads', env);
  return { ...seeded, templatesSeeded: templates.demoDataSeeded };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  migrateAndSeed(process.env).then(
    (seeded) => {
      console.log(`Database ready. Admin: ${seeded.adminEmail}`);
      if (seeded.generatedPassword) console.log(`Generated admin password (shown once): ${seeded.generatedPassword}`);
    },
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
