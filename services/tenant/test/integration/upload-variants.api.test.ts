import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS, UploadImageMessages, UploadResultSchema, responsiveImage, variantsOf } from '@hap/contracts';
import { ADMIN, startTenant } from '../helpers/app';
import { pngBytes } from '@hap/test-kit/fixtures/images';
import { storedFiles, asBuffer } from '../helpers/files';
import { sharedService } from '@hap/test-kit/shared-service';

/** A photo-like JPEG: a gradient, so the encoders have something to do. */
const photo = (width: number, height: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        `<defs><linearGradient id="g"><stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#f4a261"/></linearGradient></defs>` +
        `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff" opacity=".4"/></svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

/** A two-frame animated GIF. */
async function animatedGif(): Promise<Buffer> {
  const frame = (background: string) => sharp({ create: { width: 40, height: 30, channels: 3, background } }).png().toBuffer();
  return sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
    .gif()
    .toBuffer();
}

describe('POST /api/upload: WebP variants', () => {
  const t = sharedService(() => startTenant());

  const upload = (body: Buffer, filename: string) => t.api.post('/api/upload', ADMIN).attach('image', body, filename);
  const download = (path: string) => t.api.get(path).buffer(true).parse(asBuffer);

  it('keeps the original and writes a WebP per standard width below it, answering their sizes', async () => {
    const original = await photo(2400, 1600);

    const res = await upload(original, 'hero.jpg');

    expect(res.status).toBe(201);
    const data = UploadResultSchema.parse(res.body.data);
    expect(data).toMatchObject({ mimeType: 'image/jpeg', width: 2400, height: 1600 });
    expect(data.variants.map((v) => v.width)).toEqual([...IMAGE_VARIANT_WIDTHS]);
    expect(data.variants).toEqual(variantsOf(data.path, 2400, 1600));
    expect(data.path).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.2400x1600\.jpg$/);
    const name = data.path.replace(/^\/uploads\/images\/([0-9a-f]{32}\.2400x1600)\.jpg$/, '$1');
    expect(data.variants.map((v) => v.path)).toEqual(IMAGE_VARIANT_WIDTHS.map((w) => `/uploads/images/${name}-${w}w.webp`));

    // The original as served: the same picture in its own format and size (re-encoded without the sender's metadata).
    const served = await download(data.path);
    expect((served.body as Buffer).length).toBe(data.size);
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 2400, height: 1600 });
    for (const variant of data.variants) {
      const res = await download(variant.path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toBe(`"${name}-${variant.width}w.webp"`);
      const meta = await sharp(res.body as Buffer).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width: variant.width,
        height: variant.height,
      });
    }
  });

  it('never upscales: a 700 px image gets 320, 640 and its own width', async () => {
    const res = await upload(await photo(700, 467), 'small.jpg');

    expect(res.status).toBe(201);
    expect(res.body.data.variants.map((v: { width: number }) => v.width)).toEqual([320, 640, 700]);
    expect(res.body.data.variants).toEqual(variantsOf(res.body.data.path, 700, 467));
  });

  it('re-encodes even an image narrower than the narrowest width, at its own size', async () => {
    const res = await upload(pngBytes(4), 'tiny.png');

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ width: 4, height: 4, mimeType: 'image/png' });
    expect(res.body.data.variants).toEqual([{ width: 4, height: 4, path: expect.stringMatching(/-4w\.webp$/) }]);
    expect((await download(res.body.data.variants[0].path)).headers['content-type']).toBe('image/webp');
  });

  it('answers and draws a phone photo as it is displayed (EXIF orientation applied)', async () => {
    // Stored 400×200 landscape, tagged "rotate 90°": shown 200×400 portrait.
    const sideways = await sharp(await photo(400, 200)).withMetadata({ orientation: 6 }).jpeg().toBuffer();

    const res = await upload(sideways, 'phone.jpg');

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ width: 200, height: 400 });
    expect(res.body.data.variants).toEqual([{ width: 200, height: 400, path: expect.stringMatching(/-200w\.webp$/) }]);
    const variant = await download(res.body.data.variants[0].path);
    expect(await sharp(variant.body as Buffer).metadata()).toMatchObject({ width: 200, height: 400 });
  });

  it('keeps transparency in the variants of a PNG logo', async () => {
    const logo = await sharp({ create: { width: 500, height: 120, channels: 4, background: { r: 0, g: 74, b: 173, alpha: 0 } } })
      .png()
      .toBuffer();
    const res = await upload(logo, 'logo.png');
    const variant = await download(res.body.data.variants[0].path);
    expect(await sharp(variant.body as Buffer).metadata()).toMatchObject({ width: 320, height: 77, hasAlpha: true });
  });

  it('keeps every frame of an animated GIF, its timing and its loop, without variants (a still WebP would lose the motion)', async () => {
    const gif = await animatedGif();
    const before = await storedFiles(t.uploadDir);

    const res = await upload(gif, 'spinner.gif');

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ mimeType: 'image/gif', width: 40, height: 30, variants: [] });
    // No size in its name: a page would otherwise build a srcset of variants that do not exist.
    expect(res.body.data.path).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.gif$/);
    expect(responsiveImage(res.body.data.path, 320)).toEqual({ src: res.body.data.path });
    expect((await storedFiles(t.uploadDir)).length).toBe(before.length + 1);
    const served = await download(res.body.data.path);
    expect(served.headers['content-type']).toBe('image/gif');
    const sent = await sharp(gif).metadata();
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'gif', pages: 2, width: 40, height: 30, delay: sent.delay, loop: sent.loop });
  });

  it('refuses SVG (it can carry script) with 415, even a harmless one', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const res = await upload(svg, 'logo.svg');
    expect(res.status).toBe(415);
  });

  it.each([
    ['a PNG cut off after its header', async () => pngBytes(64).subarray(0, 40)],
    ['a JPEG whose body is noise', async () => Buffer.concat([(await photo(200, 100)).subarray(0, 200), Buffer.alloc(3000, 0x5a)])],
    ['a GIF signature with nothing after it', async () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1')],
  ])('answers 400 for %s that passes the type check but cannot be decoded, and keeps nothing', async (_case, bytes) => {
    const before = await storedFiles(t.uploadDir);

    const res = await upload(await bytes(), 'broken.png');

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: 'BAD_REQUEST', message: UploadImageMessages.unreadable });
    expect(await storedFiles(t.uploadDir)).toEqual(before);
  });

  it('refuses an image of more than 50 megapixels (a decompression bomb) with 400 and keeps nothing', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 5_001, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const before = await storedFiles(t.uploadDir);

    const res = await upload(bomb, 'bomb.png');

    expect(res.status).toBe(400);
    expect(res.body.message).toBe(UploadImageMessages.tooManyPixels);
    expect(await storedFiles(t.uploadDir)).toEqual(before);
  });

  it('serves only variant names this store writes (a non-WebP variant name is not one)', async () => {
    const res = await upload(pngBytes(8), 'a.png');
    const name = res.body.data.path.replace(/\.png$/, '');
    expect((await t.api.get(`${name}-8w.webp`)).status).toBe(200);
    expect((await t.api.get(`${name}-8w.png`)).status).toBe(404);
    expect((await t.api.get(`${name}-0w.webp`)).status).toBe(404);
    expect((await t.api.get(`${name}-9w.webp`)).status).toBe(404);
  });
});
