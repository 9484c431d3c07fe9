/** wrk (Debian's package) driven by infra/bench/clicks.lua: one JSON line of figures a run. */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

export const wrkInstalled = () => !spawnSync('wrk', ['--version']).error;

/**
 * `connections` connections for `seconds` at `url`, every request a new ad click (clicks.lua,
 * set by `clicks`: host, path, group, addresses, campaign, gclid prefix, browser, delayMs).
 * Resolves with the script's figures: requests, ok (2xx), seconds, errors, timeouts, p50, p90,
 * p99 and max in ms, bytes and the other answers by status.
 */
export function runWrk(url, { connections, seconds }, clicks) {
  const clickEnv = {
    CLICK_HOST: clicks.host,
    CLICK_PATH: clicks.path,
    CLICK_GROUP: String(clicks.group),
    CLICK_ADDRESSES: String(clicks.addresses ?? 2000),
    CLICK_CAMPAIGN: clicks.campaign,
    CLICK_GCLID: clicks.gclid,
    ...(clicks.browser && { CLICK_BROWSER: '1' }),
    ...(clicks.delayMs !== undefined && { CLICK_DELAY_MS: String(clicks.delayMs) }),
  };
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', join(ROOT, 'infra/bench/clicks.lua'), url], {
      env: { ...process.env, ...clickEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRK '));
      if (code !== 0 || !line) return reject(new Error(`wrk exited ${code}: ${out}`));
      resolve(JSON.parse(line.slice(4)));
    });
  });
}
