import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { readSeedFile } from '../src/seed';

describe('readSeedFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seed-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const Rows = z.array(z.object({ id: z.number().int(), name: z.string() }));

  it('reads a data file checked against its schema', () => {
    const file = join(dir, 'rows.json');
    writeFileSync(file, JSON.stringify([{ id: 1, name: 'Summit' }]));
    expect(readSeedFile(file, Rows)).toEqual([{ id: 1, name: 'Summit' }]);
  });

  it('names the file when a row does not fit', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify([{ id: 'one', name: 'Summit' }]));
    expect(() => readSeedFile(file, Rows)).toThrow(`seed data ${file}`);
  });
});
