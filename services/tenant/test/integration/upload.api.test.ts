import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES, Messages, UploadResultSchema, responsiveImage, sizeInPath, variantsOf } from '@hap/contracts';
import { signIdentity } from '@hap/service-kit';
import { ADMIN, ANONYMOUS, startTenant } from '../helpers/app';
import { jpegBytes, pngBytes } from '@hap/test-kit/fixtures/images';
import { storedFiles, asBuffer } from '../helpers/files';
import { sharedService } from '@hap/test-kit/shared-service';

describe('uploads API', () => {
  const t = sharedService(() => startTenant());

  const upload = (url = '/api/upload', identity = ADMIN) => t.api.post(url, identity);
  const download = (path: string) => t.api.get(path).buffer(true).parse(asBuffer);

  describe('POST /api/upload', () => {
    it('stores a PNG under images/ and serves the same picture back', async () => {
      const png = pngBytes(4);

      const res = await upload().attach('image', png, { filename: 'logo.png', contentType: 'image/png' });

      expect(res.status).toBe(201);
      const data = UploadResultSchema.parse(res.body.data);
      // The size is in the name: pages build the srcset from the path alone (sizeInPath).
      expect(data.path).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.4x4\.png$/);
      expect(sizeInPath(data.path)).toEqual({ width: 4, height: 4 });
      expect(data).toMatchObject({ filePath: data.path, imagePath: data.path, mimeType: 'image/png' });

      const served = await download(data.path);
      expect(served.status).toBe(200);
      // Re-encoded (nothing of the sender's file but its pixels is kept): the same pixels, losslessly.
      expect((served.body as Buffer).length).toBe(data.size);
      const pixels = (bytes: Buffer) => sharp(bytes).removeAlpha().raw().toBuffer();
      expect(Buffer.compare(await pixels(served.body as Buffer), await pixels(png))).toBe(0);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    });

    it('decides the type by content: JPEG bytes named .png are stored as .jpg, in the folder asked for', async () => {
      const res = await upload()
        .field('folder', 'staff')
        .attach('image', jpegBytes(), { filename: 'photo.png', contentType: 'image/png' });

      expect(res.status).toBe(201);
      expect(res.body.data.path).toMatch(/^\/uploads\/staff\/[0-9a-f]{32}\.8x6\.jpg$/);
      expect(res.body.data.mimeType).toBe('image/jpeg');
      expect((await download(res.body.data.path)).headers['content-type']).toBe('image/jpeg');
    });

    it('refuses text with an image name (415) and keeps nothing', async () => {
      const before = await storedFiles(t.uploadDir);

      const res = await upload().attach('image', Buffer.from('<svg onload="alert(1)"></svg>'), {
        filename: 'evil.png',
        contentType: 'image/png',
      });

      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Please select an image file (JPEG, PNG, etc.)',
      });
      expect(await storedFiles(t.uploadDir)).toEqual(before);
    });

    it('refuses a file of 5 MB + 1 byte (413) and keeps nothing', async () => {
      const before = await storedFiles(t.uploadDir);
      const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
      pngBytes().copy(big);

      const res = await upload().attach('image', big, { filename: 'big.png', contentType: 'image/png' });

      expect(res.status).toBe(413);
      expect(res.body).toEqual({ success: false, code: 'PAYLOAD_TOO_LARGE', message: 'Image file must be smaller than 5MB' });
      expect(await storedFiles(t.uploadDir)).toEqual(before);
    });

    it('accepts a file of exactly 5 MB', async () => {
      const exact = Buffer.alloc(MAX_UPLOAD_BYTES);
      pngBytes().copy(exact);
      const res = await upload().attach('image', exact, { filename: 'exact.png', contentType: 'image/png' });
      expect(res.status).toBe(201);
      // What follows the picture's end is not kept: the size is of the file served.
      expect(res.body.data.size).toBeLessThan(1024);
    });

    it('answers 400 NO_FILE without an image part', async () => {
      const res = await upload().field('folder', 'images');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: 'NO_FILE', message: 'Please choose an image file to upload.' });
    });

    it('answers 400 NO_FILE for a request that is not multipart', async () => {
      const res = await upload().send({ image: 'data:image/png;base64,AAAA' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('NO_FILE');
    });

    it('refuses a folder name that is not plain (no path tricks)', async () => {
      const before = await storedFiles(t.uploadDir);
      const res = await upload().field('folder', '../etc').attach('image', pngBytes(), 'a.png');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Folder must be lower-case letters, numbers and dashes');
      expect(await storedFiles(t.uploadDir)).toEqual(before);
    });

    it('refuses anonymous callers before storing anything', async () => {
      const before = await storedFiles(t.uploadDir);
      const res = await upload('/api/upload', ANONYMOUS).attach('image', pngBytes(), 'a.png');
      expect(res.status).toBe(401);
      expect(await storedFiles(t.uploadDir)).toEqual(before);
    });
  });

  describe('POST /api/upload/template-image', () => {
    it('stores under templates/ whatever folder is sent', async () => {
      const res = await upload('/api/upload/template-image')
        .field('folder', 'images')
        .attach('image', pngBytes(), { filename: 'hero.png', contentType: 'image/png' });
      expect(res.status).toBe(201);
      expect(res.body.data.imagePath).toMatch(/^\/uploads\/templates\/[0-9a-f]{32}\.2x2\.png$/);
    });

    it("refuses a file that is not an image in the template editor's words (415)", async () => {
      const before = await storedFiles(t.uploadDir);
      const res = await upload('/api/upload/template-image').attach('image', Buffer.from('just some text'), 'notes.png');
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: Messages.templateInvalidFileType });
      expect(res.body.message).toBe('Please select an image file (JPG, PNG, GIF, etc.)');
      expect(await storedFiles(t.uploadDir)).toEqual(before);
    });

    it("refuses a file over 5 MB in the template editor's words (413)", async () => {
      const before = await storedFiles(t.uploadDir);
      const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
      pngBytes().copy(big);
      const res = await upload('/api/upload/template-image').attach('image', big, 'big.png');
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ success: false, code: 'PAYLOAD_TOO_LARGE', message: 'Please select an image smaller than 5MB' });
      expect(await storedFiles(t.uploadDir)).toEqual(before);
    });
  });

  describe('malformed multipart', () => {
    const BOUNDARY = 'x-boundary-42';
    const partHead = (name: string, filename: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
    const raw = (url: string, contentType: string, body: Buffer | string) =>
      upload(url).set('Content-Type', contentType).send(body);

    it.each([
      ['a body that is not multipart at all', `multipart/form-data; boundary=x`, 'garbage'],
      ['no boundary', 'multipart/form-data', `--x\r\nContent-Disposition: form-data; name="folder"\r\n\r\nimages\r\n--x--\r\n`],
      [
        'a file cut off before the closing boundary',
        `multipart/form-data; boundary=${BOUNDARY}`,
        Buffer.concat([Buffer.from(partHead('image', 'a.png')), pngBytes(8)]),
      ],
    ])('answers 400 BAD_REQUEST for %s and keeps nothing', async (_case, contentType, body) => {
      const before = await storedFiles(t.uploadDir);
      for (const url of ['/api/upload', '/api/upload/template-image']) {
        const res = await raw(url, contentType, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, code: 'BAD_REQUEST', message: Messages.invalidMultipart });
      }
      expect(await storedFiles(t.uploadDir)).toEqual(before);
    });

    it('answers 400 "one image at a time" for a second file and keeps neither', async () => {
      const before = await storedFiles(t.uploadDir);
      const body = Buffer.concat([
        Buffer.from(partHead('image', 'a.png')),
        pngBytes(16),
        Buffer.from(`\r\n${partHead('image', 'b.png')}`),
        pngBytes(16),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]);
      const res = await raw('/api/upload', `multipart/form-data; boundary=${BOUNDARY}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: 'BAD_REQUEST', message: 'Please upload one image at a time.' });
      expect(await storedFiles(t.uploadDir)).toEqual(before);
    });

    it('answers 400 for too many form fields', async () => {
      const fields = Array.from({ length: 8 }, (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`);
      const res = await raw('/api/upload', `multipart/form-data; boundary=${BOUNDARY}`, `${fields.join('')}--${BOUNDARY}--\r\n`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', message: Messages.invalidMultipart });
    });
  });

  describe('GET /uploads/*', () => {
    it('answers a JSON 404 for a file that is not there', async () => {
      const res = await t.api.get(`/uploads/images/${'a'.repeat(32)}.png`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: 'NOT_FOUND', message: Messages.fileNotFound });
    });

    it.each(['/uploads/..%2F..%2Fpackage.json', '/uploads/.tmp/x.part', '/uploads/images/../../etc/passwd', '/uploads/'])(
      'never serves anything outside the stored names: %s',
      async (path) => {
        const res = await t.api.get(path);
        expect(res.status).toBe(404);
        expect(res.body.success).toBe(false);
      },
    );

    it('serves an upload and its variants under the sized names the answer gives', async () => {
      const res = await upload().attach('image', pngBytes(12), 'logo.png');
      const { path, variants } = res.body.data as { path: string; variants: Array<{ width: number; path: string }> };
      expect(path).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.12x12\.png$/);
      expect(variants).toEqual(variantsOf(path, 12, 12));
      expect(variants[0].path).toBe(path.replace(/\.png$/, '-12w.webp'));
      const variant = await t.api.get(variants[0].path);
      expect(variant.status).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      expect(responsiveImage(path, 320)).toMatchObject({ src: variants[0].path, width: 12, height: 12 });
    });

    it('still serves files stored under the older unsized names, and their variants', async () => {
      const name = 'c0ffee'.padEnd(32, '0');
      await mkdir(join(t.uploadDir, 'images'), { recursive: true });
      await writeFile(join(t.uploadDir, `images/${name}.png`), pngBytes(2));
      await writeFile(join(t.uploadDir, `images/${name}-2w.webp`), await sharp(pngBytes(2)).webp().toBuffer());

      const original = await t.api.get(`/uploads/images/${name}.png`);
      expect(original.status).toBe(200);
      expect(original.headers['content-type']).toBe('image/png');
      const variant = await t.api.get(`/uploads/images/${name}-2w.webp`);
      expect(variant.status).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
    });

    it.each([
      ['a size of eight digits', `/uploads/images/${'a'.repeat(32)}.99999999x1.png`],
      ['a name that is only a size', '/uploads/images/.99999999x1.png'],
      ['a zero size', `/uploads/images/${'a'.repeat(32)}.0x1.png`],
      ['a size outside the name rule', `/uploads/images/${'a'.repeat(32)}.12x12.12x12.png`],
      ['an unsized name that is not 32 hex', '/uploads/images/logo.png'],
      ['a variant that is not WebP', `/uploads/images/${'a'.repeat(32)}.12x12-12w.png`],
      ['a climb out of the folder', `/uploads/images/..%2F${'a'.repeat(32)}.12x12.png`],
    ])('refuses a forged name (%s) even when such a file exists', async (_what, path) => {
      // Put a file exactly there (where a file name can hold it): the name rule alone must refuse it.
      const relative = decodeURIComponent(path.replace(/^\/uploads\//, ''));
      if (!relative.includes('..')) {
        await mkdir(join(t.uploadDir, 'images'), { recursive: true });
        await writeFile(join(t.uploadDir, relative), pngBytes(2));
      }
      const res = await t.api.get(path);
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
    });

    it('answers 304 when the browser already has the file', async () => {
      const res = await upload().attach('image', pngBytes(), 'a.png');
      const first = await t.api.get(res.body.data.path);
      const again = await t.api.get(res.body.data.path).set('If-None-Match', first.headers.etag as string);
      expect(again.status).toBe(304);
    });

    it('refuses unsigned requests (only the gateway may ask)', async () => {
      const res = await request(t.app.server).get(`/uploads/images/${'a'.repeat(32)}.png`);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('INVALID_SIGNATURE');
    });

    it('refuses a signature made for another path', async () => {
      const res = await request(t.app.server)
        .get(`/uploads/images/${'b'.repeat(32)}.png`)
        .set(signIdentity(t.config.INTERNAL_SECRET, 'GET', `/uploads/images/${'a'.repeat(32)}.png`, ANONYMOUS));
      expect(res.status).toBe(401);
    });
  });
});
