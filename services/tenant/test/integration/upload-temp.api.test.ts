import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { signIdentity } from '@hap/service-kit';
import { ADMIN, makeUploadDir, startTenant, type TestTenant } from '../helpers/app';
import { pngBytes } from '@hap/test-kit/fixtures/images';

const tempFiles = (uploadDir: string) => readdir(join(uploadDir, '.tmp'));

/** Polls `check` until it holds or `timeoutMs` passes; returns the last value. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

describe('temporary upload files', () => {
  describe('at boot', () => {
    let t: TestTenant;
    const stale = `${'a'.repeat(32)}.part`;
    const fresh = `${'b'.repeat(32)}.part`;
    const foreign = 'keep-me.txt';

    beforeAll(async () => {
      const uploadDir = await makeUploadDir();
      const tmp = join(uploadDir, '.tmp');
      await mkdir(tmp, { recursive: true });
      for (const name of [stale, fresh, foreign]) await writeFile(join(tmp, name), 'partial upload');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
      await utimes(join(tmp, stale), twoHoursAgo, twoHoursAgo);
      await utimes(join(tmp, foreign), twoHoursAgo, twoHoursAgo);
      t = await startTenant({ uploadDir });
    });
    afterAll(() => t.close());

    it('removes the leftovers of a crashed process (older than an hour) and nothing else', async () => {
      // A younger one may be another process's upload in progress; other names are not ours.
      expect((await tempFiles(t.uploadDir)).sort()).toEqual([fresh, foreign].sort());
    });
  });

  describe('an upload the client abandons mid-stream', () => {
    let t: TestTenant;

    beforeAll(async () => {
      t = await startTenant();
      await t.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(() => t.close());

    it('removes its temporary file', async () => {
      const { port } = t.app.server.address() as AddressInfo;
      const boundary = 'abandoned-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/upload',
        headers: {
          ...signIdentity(t.config.INTERNAL_SECRET, 'POST', '/api/upload', ADMIN),
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(4 * 1024 * 1024),
        },
      });
      req.on('error', () => undefined); // the socket we destroy
      req.write(head);
      req.write(pngBytes());
      req.write(Buffer.alloc(256 * 1024, 1));

      // The server has started writing the file…
      const started = await eventually(() => tempFiles(t.uploadDir), (files) => files.length === 1);
      expect(started).toHaveLength(1);
      // …when the client goes away.
      req.destroy();

      expect(await eventually(() => tempFiles(t.uploadDir), (files) => files.length === 0)).toEqual([]);
      // And the service still answers.
      expect((await t.api.get('/health')).status).toBe(200);
    });
  });
});
