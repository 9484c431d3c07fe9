import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { writeTemp } from '../../src/modules/upload/upload.multipart';

describe('writeTemp', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tenant-write-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes the bytes and reports size and head', async () => {
    const source = new PassThrough();
    const done = writeTemp(source, join(dir, 'ok.part'));
    source.end(Buffer.from('GIF89a and more'));
    expect(await done).toEqual({ size: 15, head: Buffer.from('GIF89a and m') });
  });

  // pipeline() rejects before a still-opening write stream has closed; the
  // file it then creates would outlive the caller's removal.
  it('has closed the file when it fails, so removing it leaves nothing (even mid-open)', async () => {
    const paths = Array.from({ length: 50 }, (_, i) => join(dir, `failed-${i}.part`));
    const errors: unknown[] = [];
    for (const path of paths) {
      const source = new PassThrough();
      const writing = writeTemp(source, path);
      source.destroy(new Error('client went away'));
      try {
        await writing;
      } catch (err) {
        errors.push(err);
      }
      rmSync(path, { force: true });
    }
    expect(errors).toHaveLength(paths.length);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paths.filter((p) => existsSync(p))).toEqual([]);
  });

  // A truncated form that had fully arrived while the portal checked the owner: busboy has already
  // failed the file part when it is written. That is the request's fault (400), not the disk's (500).
  it('passes on the request’s own error when the file part failed before it was written', async () => {
    const source = new PassThrough();
    const cut = new Error('Unexpected end of multipart data');
    source.on('error', () => undefined);
    source.destroy(cut);
    await new Promise((resolve) => setImmediate(resolve));
    await expect(writeTemp(source, join(dir, 'cut.part'))).rejects.toBe(cut);
  });
});
