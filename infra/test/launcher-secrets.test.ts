import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm start`'s generated secrets survive a restart (README, "Two commands"): the launcher
 * keeps INTERNAL_SECRET in .data/secrets.json (owner-only) and reuses it, so device cookies,
 * OAuth state and e-mailed links signed before a restart stay valid; a variable set by the
 * user wins and is never written down. The launcher is plain ESM: each "start" runs in a
 * node process of its own, as `npm start` would.
 */
const root = join(__dirname, '..', '..');
const secretsModule = pathToFileURL(join(root, 'infra/launcher/secrets.mjs')).href;
const stackModule = pathToFileURL(join(root, 'infra/launcher/stack.mjs')).href;

type Loaded = { values: Record<string, string>; file: string; drawn: string[]; kept: string[]; fromEnv: string[]; line: string; stackSecret: string };

/** One start's view of the secrets over `dataDir`, with `env` as the launcher's environment. */
function start(dataDir: string, env: Record<string, string> = {}): Loaded {
  const script = `
    import { loadSecrets, secretsLine } from ${JSON.stringify(secretsModule)};
    import { stackEnv } from ${JSON.stringify(stackModule)};
    const env = ${JSON.stringify(env)};
    const loaded = loadSecrets(${JSON.stringify(dataDir)}, env);
    const stack = stackEnv(env, { databaseUrl: 'postgres://127.0.0.1/hap', redisUrl: 'redis://127.0.0.1:6379', secrets: loaded.values });
    console.log(JSON.stringify({ ...loaded, line: secretsLine(loaded, ${JSON.stringify(dataDir)}), stackSecret: stack.INTERNAL_SECRET }));`;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'INTERNAL_SECRET'));
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', env: clean, stdio: 'pipe' })) as Loaded;
}

describe('npm start keeps the secrets it generates', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hap-secrets-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('draws INTERNAL_SECRET once, keeps it owner-only in .data, and gives the same one at the next start', () => {
    const first = start(dir);
    expect(first.drawn).toEqual(['INTERNAL_SECRET']);
    expect(first.values.INTERNAL_SECRET).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(first.stackSecret).toBe(first.values.INTERNAL_SECRET);
    expect(first.file).toBe(join(dir, 'secrets.json'));
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(first.file, 'utf8'))).toEqual({ INTERNAL_SECRET: first.values.INTERNAL_SECRET });
    expect(first.line).toBe('Secrets: secrets.json (INTERNAL_SECRET generated now; set the variable to use your own)');

    const second = start(dir);
    expect(second.values.INTERNAL_SECRET).toBe(first.values.INTERNAL_SECRET);
    expect(second.stackSecret).toBe(first.values.INTERNAL_SECRET);
    expect(second.drawn).toEqual([]);
    expect(second.kept).toEqual(['INTERNAL_SECRET']);
    expect(second.line).toBe('Secrets: secrets.json (INTERNAL_SECRET kept from the last start; set the variable to use your own)');
  });

  it('lets a variable the user set win, without writing it down or losing the kept one', () => {
    const kept = start(dir).values.INTERNAL_SECRET;
    const own = start(dir, { INTERNAL_SECRET: 'the-operators-own-secret-value' });
    expect(own.values).toEqual({});
    expect(own.stackSecret).toBe('the-operators-own-secret-value');
    expect(own.fromEnv).toEqual(['INTERNAL_SECRET']);
    expect(own.line).toBe('Secrets: INTERNAL_SECRET from the environment');
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain('the-operators-own-secret-value');
    expect(start(dir).values.INTERNAL_SECRET).toBe(kept);
  });

  it('narrows a file left readable by others, and says what to do with one that is not JSON', () => {
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ INTERNAL_SECRET: 'kept-from-an-earlier-start' }), { mode: 0o644 });
    expect(start(dir).values.INTERNAL_SECRET).toBe('kept-from-an-earlier-start');
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    writeFileSync(join(dir, 'secrets.json'), '{ not json');
    expect(() => start(dir)).toThrow(/secrets\.json is not readable JSON .*fix or remove it/s);
  });
});
