import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configShape as gateway } from '../../gateway/src/config';
import { configShape as tenant } from '../../services/tenant/src/config';
import { configShape as leads } from '../../services/leads/src/config';
import { configShape as templates } from '../../services/templates/src/config';
import { configShape as ads } from '../../services/ads/src/config';
import { configShape as publicShell } from '../../frontends/public-shell/server/config';

/**
 * `.env.example` lists every variable the stack reads (README):
 * each process's config schema, and what the launcher reads for `npm start`.
 * A variable added to a schema without a line there fails this test.
 */
const root = join(__dirname, '..', '..');
const example = readFileSync(join(root, '.env.example'), 'utf8');
const listed = new Set([...example.matchAll(/\b([A-Z][A-Z0-9_]{2,})=/g)].map((m) => m[1]));

const launcherVariables = () => {
  const dir = join(root, 'infra', 'launcher');
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const m of source.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g)) names.add(m[1] ?? m[2]!);
  }
  return names;
};

describe('.env.example', () => {
  it.each([
    ['gateway', gateway],
    ['tenant', tenant],
    ['leads', leads],
    ['templates', templates],
    ['ads', ads],
    ['public shell', publicShell],
  ] as const)('lists every variable of the %s config', (_name, shape) => {
    const missing = Object.keys(shape).filter((name) => !listed.has(name));
    expect(missing).toEqual([]);
  });

  it('lists every variable the launcher reads', () => {
    const read = launcherVariables();
    expect(read.size).toBeGreaterThan(5);
    expect([...read].filter((name) => !listed.has(name))).toEqual([]);
  });
});
