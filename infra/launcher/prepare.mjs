#!/usr/bin/env node
// Installs dependencies and builds what is stale, with Node built-ins only
// (it runs before node_modules exists). `--build` also builds.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function npm(args, what) {
  console.log(`\n▸ ${what}…`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${what} failed (npm ${args.join(' ')}). Fix the error above and try again.`);
    process.exit(result.status ?? 1);
  }
}

/** Newest modification time of the files below `dir`, skipping build output. */
function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.data', '.__mf__temp'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** `npm install` when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs)) {
    npm(['install', '--no-audit', '--no-fund'], 'Installing dependencies');
  }
}

/** `npm run build` when any source is newer than the last build. */
export function ensureBuilt() {
  const stamp = join(root, '.data', 'build-stamp');
  const sources = ['packages', 'gateway', 'services', 'frontends'].map((d) => newest(join(root, d)));
  const built = ['gateway/dist', 'frontends/public-shell/dist', 'frontends/admin-remote/dist'].every((d) => existsSync(join(root, d)));
  if (!built || !existsSync(stamp) || Math.max(...sources) > statSync(stamp).mtimeMs) {
    npm(['run', 'build'], 'Building services and frontends');
    mkdirSync(dirname(stamp), { recursive: true });
    writeFileSync(stamp, new Date().toISOString());
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureInstalled();
  if (process.argv.includes('--build')) ensureBuilt();
}
