#!/usr/bin/env node
/**
 * The browser journeys (`npm run e2e`) in shards that run side by side on one machine, each
 * against a stack, database, Redis prefix, mailbox and provider fakes of its own (global-setup.ts
 * keys them by E2E_GATEWAY_PORT): a journey spends most of its time waiting for pages and
 * queues, so two shards keep a two-core machine busy where one left it more than half idle.
 *
 * Spec files are dealt to the shards by their recorded durations (durations.json, longest first
 * to the least loaded shard), not by count: one shard holding the long portal and accessibility
 * journeys would finish minutes after the other. A file missing from the record weighs the mean.
 *
 *   E2E_SHARDS=1            one plain `playwright test` (also when arguments name files)
 *   E2E_RECORD_DURATIONS=1  rewrite durations.json from this run's reports
 *
 * Other arguments go to every shard's `playwright test` (e.g. `--project=desktop`, `-g login`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const config = join(here, 'playwright.config.ts');
const playwright = join(root, 'node_modules', '.bin', 'playwright');
const durationsFile = join(here, 'durations.json');
const testDir = join(here, 'tests');

const args = process.argv.slice(2);
const shards = Number(process.env.E2E_SHARDS ?? 2);
const basePort = Number(process.env.E2E_GATEWAY_PORT ?? 18080);
/** Ports of a shard: gateway at its base, the services after it, DNS at base + 53 (global-setup.ts). */
const PORT_STRIDE = 100;

// A value after these flags is not a file filter.
const FLAGS_WITH_VALUE = new Set(['-c', '--config', '-g', '--grep', '--grep-invert', '--project', '-j', '--workers', '--reporter', '--repeat-each', '--retries', '--timeout', '--max-failures', '--output', '--shard', '--trace']);
const namesFiles = args.some((arg, i) => !arg.startsWith('-') && !FLAGS_WITH_VALUE.has(args[i - 1] ?? ''));

if (shards <= 1 || namesFiles) {
  const run = spawnSync(playwright, ['test', '-c', config, ...args], { stdio: 'inherit', cwd: root });
  process.exit(run.status ?? 1);
}

/** The spec files this run would run (after --project, -g, …), relative to tests/. */
function listFiles() {
  const listed = spawnSync(playwright, ['test', '-c', config, '--list', '--reporter=json', ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0) {
    process.stderr.write(listed.stdout + listed.stderr);
    throw new Error('playwright --list failed');
  }
  const files = new Set();
  const visit = (suite) => {
    if ((suite.specs ?? []).length > 0 && suite.file) files.add(suite.file);
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of JSON.parse(listed.stdout).suites) visit(suite);
  return [...files].sort();
}

/** Longest first, each to the shard with the least recorded time so far. */
function deal(files) {
  const recorded = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
  const known = files.filter((file) => recorded[file] !== undefined).map((file) => recorded[file]);
  const mean = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const weight = (file) => recorded[file] ?? mean;
  const loads = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lightest = loads.reduce((min, load) => (load.seconds < min.seconds ? load : min));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return loads.filter((load) => load.files.length > 0);
}

/** One shard's `playwright test` on its own ports, its lines prefixed with the shard's number. */
function runShard(index, files) {
  const port = basePort + index * PORT_STRIDE;
  const label = `[${index + 1}/${shards}]`;
  const started = Date.now();
  // Anchored file filters: `tests/portal.spec.ts` must not also pick `tests/x-portal.spec.ts`.
  const filters = files.map((file) => `tests/${file.replace(/[.]/g, '\\.')}$`);
  const child = spawn(playwright, ['test', '-c', config, ...args, ...filters], {
    cwd: root,
    env: { ...process.env, E2E_GATEWAY_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${label} ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ label, port, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }));
  });
}

/** Seconds per spec file (both widths together) from each shard's JSON report. */
function recordDurations(results) {
  const recorded = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
  for (const { port } of results) {
    const report = JSON.parse(readFileSync(join(here, '.artifacts', `report-${port}.json`), 'utf8'));
    const totals = {};
    const visit = (suite) => {
      for (const spec of suite.specs ?? []) {
        const file = relative(testDir, join(report.config.rootDir, spec.file));
        for (const test of spec.tests) for (const result of test.results) totals[file] = (totals[file] ?? 0) + result.duration / 1000;
      }
      for (const child of suite.suites ?? []) visit(child);
    };
    for (const suite of report.suites) visit(suite);
    for (const [file, seconds] of Object.entries(totals)) recorded[file] = Math.round(seconds);
  }
  const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
}

const loads = deal(listFiles());
for (const [index, load] of loads.entries()) {
  console.log(`[${index + 1}/${shards}] ${load.files.length} spec files, about ${Math.round(load.seconds)} s recorded, gateway port ${basePort + index * PORT_STRIDE}`);
}
const results = await Promise.all(loads.map((load, index) => runShard(index, load.files)));
for (const result of results) console.log(`${result.label} ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${Math.round(result.seconds)} s`);
if (process.env.E2E_RECORD_DURATIONS === '1') recordDurations(results);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
