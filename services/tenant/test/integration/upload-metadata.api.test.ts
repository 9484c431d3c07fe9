import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { UploadResultSchema } from '@hap/contracts';
import { storeImageBytes } from '../../src/modules/upload/image-store';
import { UploadStorage } from '../../src/modules/upload/upload.storage';
import { ADMIN, startTenant } from '../helpers/app';
import { asBuffer, storedFiles } from '../helpers/files';
import { carriesSenderTraces, phonePhoto } from '@hap/test-kit/fixtures/images';
import { sharedService } from '@hap/test-kit/shared-service';

/**
 * Uploaded images are served without the sender's metadata (a phone photo's
 * EXIF carries where it was taken and the camera's serial number): every
 * served file, the original included, is re-encoded upright with none of it,
 * and the bytes as sent are not kept. The bucket's path is in
 * upload-s3.api.test.ts.
 */
describe('uploads: the sender’s metadata is never served', () => {
  const t = sharedService(() => startTenant());

  const download = (path: string) => t.api.get(path).buffer(true).parse(asBuffer);
  const servedPaths = (data: { path: string; variants: Array<{ path: string }> }) => [data.path, ...data.variants.map((v) => v.path)];

  /** What the served file says about itself: upright 200×400 and nothing else is what a clean one says. */
  async function describeServed(path: string) {
    const res = await download(path);
    expect(res.status).toBe(200);
    const bytes = res.body as Buffer;
    const meta = await sharp(bytes).metadata();
    return {
      path,
      width: meta.width,
      height: meta.height,
      orientation: meta.orientation,
      exif: meta.exif,
      xmp: meta.xmp,
      iptc: meta.iptc,
      comments: meta.comments,
      traces: carriesSenderTraces(bytes),
    };
  }
  const clean = (path: string) => ({ path, width: 200, height: 400, orientation: undefined, exif: undefined, xmp: undefined, iptc: undefined, comments: undefined, traces: false });

  it('the test photo carries what a phone’s does (else the checks below could not fail)', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const sent = await phonePhoto(format);
      const meta = await sharp(sent).metadata();
      expect({ format, orientation: meta.orientation, exif: Boolean(meta.exif), xmp: Boolean(meta.xmp), width: meta.width, traces: carriesSenderTraces(sent) }).toEqual({
        format,
        orientation: 6,
        exif: true,
        xmp: true,
        width: 400,
        traces: true,
      });
    }
  });

  it.each([
    ['jpeg', 'jpg', 'image/jpeg'],
    ['png', 'png', 'image/png'],
    ['webp', 'webp', 'image/webp'],
  ] as const)('serves a %s phone photo turned upright (width and height swapped) with no EXIF, XMP, IPTC or comments: the original and every variant', async (format, extension, mimeType) => {
    const res = await t.api.post('/api/upload', ADMIN).attach('image', await phonePhoto(format), `phone.${extension}`);

    expect(res.status).toBe(201);
    const data = UploadResultSchema.parse(res.body.data);
    expect(data).toMatchObject({ mimeType, width: 200, height: 400 });
    expect(data.path).toMatch(new RegExp(`\\.200x400\\.${extension}$`));
    expect(data.variants.length).toBeGreaterThan(0);
    for (const path of servedPaths(data)) expect(await describeServed(path)).toEqual(clean(path));
    expect((await download(data.path)).body.length).toBe(data.size);
  });

  it('keeps nothing of the file as sent: every file stored is one that is served', async () => {
    const before = await storedFiles(t.uploadDir);

    const res = await t.api.post('/api/upload', ADMIN).attach('image', await phonePhoto('jpeg'), 'phone.jpg');

    expect(res.status).toBe(201);
    const added = (await storedFiles(t.uploadDir)).filter((f) => !before.includes(f)).sort();
    expect(added).toEqual(servedPaths(res.body.data).map((p) => p.replace(/^\/uploads\//, '')).sort());
    for (const file of added) expect(carriesSenderTraces(await readFile(join(t.uploadDir, file)))).toBe(false);
  });

  it('drops what a file carries after its picture (a JPEG with a page appended is served without it)', async () => {
    const picture = await sharp(await phonePhoto('jpeg')).jpeg().toBuffer();
    const appended = Buffer.concat([picture, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);

    const res = await t.api.post('/api/upload', ADMIN).attach('image', appended, 'polyglot.jpg');

    expect(res.status).toBe(201);
    const served = (await download(res.body.data.path)).body as Buffer;
    expect(served.includes('<script>')).toBe(false);
    expect(served.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('stores the seed’s pictures the same way (storeImageBytes): served upright and clean', async () => {
    const stored = await storeImageBytes(new UploadStorage(t.uploadDir), await phonePhoto('jpeg'), 'staff', 'jpg');

    expect(stored).toMatchObject({ width: 200, height: 400, path: expect.stringMatching(/^\/uploads\/staff\/[0-9a-f]{32}\.200x400\.jpg$/) });
    for (const path of servedPaths(stored)) expect(await describeServed(path)).toEqual(clean(path));
    expect(carriesSenderTraces(await readFile(join(t.uploadDir, stored.path.replace(/^\/uploads\//, ''))))).toBe(false);
  });
});
