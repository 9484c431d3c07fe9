#!/usr/bin/env node
// Installs dependencies and builds what is stale, with Node built-ins only
// (it runs before node_modules exists). `--build` also builds.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync, writeFileSync, mkdirSync, utimesSync } from 'node:fs';
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

/**
 * Newest modification time of the files below `dir`, skipping build output: `dist/` and tsc's
 * `*.tsbuildinfo`, written beside the sources after the stamp's time (counted, every start rebuilt).
 */
function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.data', '.__mf__temp'].includes(entry.name) || entry.name.endsWith('.tsbuildinfo')) continue;
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

/**
 * What `npm start` and `npm test` build, in two parts that each rebuild only when a source
 * below them is newer than their stamp: the server code (tsc -b, itself incremental) and the
 * browser bundles (Vite). Stale parts build at once, one per core; the public shell's
 * server (it type-checks against the contracts the server part emits) builds after both.
 */
const PARTS = [
  {
    name: 'server',
    sources: ['packages', 'gateway', 'services'],
    outputs: ['gateway/dist', 'services/tenant/dist', 'services/leads/dist', 'services/templates/dist', 'services/ads/dist'],
    steps: [['run', 'build:server']],
  },
  {
    name: 'web',
    sources: ['frontends', 'packages/contracts/src'],
    outputs: ['frontends/admin-remote/dist', 'frontends/public-shell/dist/client', 'frontends/public-shell/dist/server', 'frontends/public-shell/dist/admin'],
    steps: [
      ['run', 'build', '-w', '@hap/admin-remote'],
      ['run', 'build:bundles', '-w', '@hap/public-shell'],
    ],
  },
];
const SHELL_SERVER = { outputs: ['frontends/public-shell/dist/node'], steps: [['run', 'build:node', '-w', '@hap/public-shell']] };

const stampOf = (name) => join(root, '.data', `build-stamp-${name}`);

function isStale(part) {
  const stamp = stampOf(part.name);
  if (!part.outputs.every((d) => existsSync(join(root, d))) || !existsSync(stamp)) return true;
  return Math.max(...part.sources.map((d) => newest(join(root, d)))) > statSync(stamp).mtimeMs;
}

/** One part's npm steps in order, its output prefixed with its name; rejects with the failed step. */
function runSteps(name, steps) {
  return steps.reduce(
    (previous, args) =>
      previous.then(
        () =>
          new Promise((resolve, reject) => {
            const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
            for (const stream of [child.stdout, child.stderr]) {
              let rest = '';
              stream.on('data', (chunk) => {
                const lines = (rest + chunk).split('\n');
                rest = lines.pop() ?? '';
                for (const line of lines) console.log(`[${name}] ${line}`);
              });
              stream.on('end', () => rest && console.log(`[${name}] ${rest}`));
            }
            child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`npm ${args.join(' ')} exited with ${code}`))));
          }),
      ),
    Promise.resolve(),
  );
}

/** Builds the stale parts (see PARTS); exits with the failed step's words when one fails. */
export async function ensureBuilt() {
  const stale = PARTS.filter(isStale);
  const shellServerMissing = !SHELL_SERVER.outputs.every((d) => existsSync(join(root, d)));
  if (!stale.length && !shellServerMissing) return;
  const started = Date.now();
  console.log(`\n▸ Building ${stale.length ? stale.map((p) => p.name).join(' and ') : 'the public shell server'}…`);
  try {
    await Promise.all(stale.map((part) => runSteps(part.name, part.steps)));
    await runSteps('shell-server', SHELL_SERVER.steps);
  } catch (err) {
    console.error(`\n✖ The build failed (${err.message}). Fix the error above and try again.`);
    process.exit(1);
  }
  mkdirSync(join(root, '.data'), { recursive: true });
  const now = new Date(started);
  for (const part of stale) {
    // Stamped with the time the build began: a source saved during the build is newer, so it builds next time.
    writeFileSync(stampOf(part.name), now.toISOString());
    utimesSync(stampOf(part.name), now, now);
  }
  console.log(`▸ Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureInstalled();
  if (process.argv.includes('--build')) await ensureBuilt();
}
