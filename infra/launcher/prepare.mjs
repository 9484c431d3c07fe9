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

/**
 * A fresh clone (no node_modules): `npm ci --prefer-offline`, the lock file's tree as it is, with what
 * npm's cache already holds not asked for again (29 s here where `npm install` took 59 s). A lock file
 * newer than the installed tree (after a pull): `npm install`.
 */
export function ensureInstalled() {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) {
    npm(['ci', '--prefer-offline', '--no-audit', '--no-fund'], 'Installing dependencies');
  } else if (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
    npm(['install', '--no-audit', '--no-fund'], 'Installing dependencies');
  }
}

/**
 * What `npm start` and `npm test` build: the server code, compiled file by file by swc
 * (transpile.mjs: only the files whose source is newer than their output), and the browser
 * bundles (Vite), rebuilt when a source below them is newer than their stamp.
 */
const WEB = {
  name: 'web',
  sources: ['frontends', 'packages/contracts/src'],
  outputs: ['frontends/admin-remote/dist', 'frontends/public-shell/dist/client', 'frontends/public-shell/dist/server', 'frontends/public-shell/dist/admin'],
  steps: [
    ['run', 'build', '-w', '@hap/admin-remote'],
    ['run', 'build:bundles', '-w', '@hap/public-shell'],
  ],
};

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

/** Builds what is stale (see WEB and transpile.mjs); exits with the failed step's words when one fails. */
export async function ensureBuilt() {
  const started = Date.now();
  const { transpileServers } = await import('./transpile.mjs');
  let compiled;
  try {
    compiled = await transpileServers();
  } catch (err) {
    console.error(`\n✖ The server code does not compile: ${err.message}`);
    process.exit(1);
  }
  if (compiled) console.log(`▸ Compiled ${compiled} server files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!isStale(WEB)) return;
  console.log('\n▸ Building the web bundles…');
  try {
    await runSteps(WEB.name, WEB.steps);
  } catch (err) {
    console.error(`\n✖ The build failed (${err.message}). Fix the error above and try again.`);
    process.exit(1);
  }
  mkdirSync(join(root, '.data'), { recursive: true });
  // Stamped with the time the build began: a source saved during the build is newer, so it builds next time.
  const now = new Date(started);
  writeFileSync(stampOf(WEB.name), now.toISOString());
  utimesSync(stampOf(WEB.name), now, now);
  console.log(`▸ Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureInstalled();
  if (process.argv.includes('--build')) await ensureBuilt();
}
