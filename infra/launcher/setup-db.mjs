// Runs every service's migrations, then the seeds (demo clinics, the demo
// service catalogue and the built-in TRT campaign once per database, the admin every time). Used by the
// launcher and, as `node infra/launcher/setup-db.mjs`, by docker compose.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Migrates each service's schema and seeds the demo clinics, the admin and the demo catalogue. */
export async function migrateAndSeed(env) {
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
