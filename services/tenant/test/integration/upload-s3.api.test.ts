import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { UploadResultSchema } from '@hap/contracts';
import { startFakeS3, type FakeS3 } from '@hap/test-kit/fakes/s3';
import { seedTemplateArt } from '../../src/db/seed-template-art';
import { createClientDeletedHandler } from '../../src/modules/client-deletion/client-deletion.job';
import { s3SettingsOf } from '../../src/modules/upload/upload.objects';
import { uploadStorageFor } from '../../src/modules/upload/upload.storage';
import { ADMIN, startTenant, type TestTenant } from '../helpers/app';
import { carriesSenderTraces, phonePhoto, pngBytes } from '@hap/test-kit/fixtures/images';
import { asBuffer } from '../helpers/files';

/**
 * Uploads in an S3-compatible bucket: the AWS SDK against a
 * loopback fake of S3's REST API; two tenant replicas, each with its own
 * local directory, share the bucket, so an upload made through one is served
 * by the other with the same headers.
 */
describe('uploads in an S3 bucket, shared by tenant replicas', () => {
  let s3: FakeS3;
  let one: TestTenant;
  let two: TestTenant;

  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: 'hap-uploads' });
    const env = {
      UPLOAD_S3_BUCKET: 'hap-uploads',
      UPLOAD_S3_ENDPOINT: s3.url,
      UPLOAD_S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_S3_PREFIX: 'test/',
    };
    // The SDK's default credential chain reads them from the environment, as in production.
    process.env.AWS_ACCESS_KEY_ID = 'AKIAFAKEFAKEFAKE';
    process.env.AWS_SECRET_ACCESS_KEY = 'fake-secret';
    [one, two] = await Promise.all([startTenant({ env }), startTenant({ env })]);
  });
  afterAll(async () => {
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
    await Promise.all([one?.close(), two?.close()]);
    await s3?.close();
  });

  it('stores an upload and its variants in the bucket (signed by the SDK), keeps nothing on local disk, and serves it from the other replica', async () => {
    const res = await one.api.post('/api/upload', ADMIN).field('folder', 'staff').attach('image', pngBytes(800, [40, 120, 200]), 'portrait.png');
    expect(res.status).toBe(201);
    const data = UploadResultSchema.parse(res.body.data);
    const key = `test/${data.path.replace(/^\/uploads\//, '')}`;
    expect(s3.objects.get(key)).toMatchObject({ contentType: 'image/png', cacheControl: 'public, max-age=31536000, immutable' });
    for (const v of data.variants) expect(s3.objects.get(`test/${v.path.replace(/^\/uploads\//, '')}`)?.contentType).toBe('image/webp');
    expect(s3.calls.filter((c) => c.method === 'PUT').every((c) => c.signed)).toBe(true);
    // Received on local disk, then handed over: nothing stays behind.
    expect((await readdir(one.uploadDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())).toEqual([]);

    const served = await two.api.get(data.path).buffer(true).parse(asBuffer);
    expect(served.status).toBe(200);
    expect(served.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
    expect(Number(served.headers['content-length'])).toBe((served.body as Buffer).length);
    expect((served.body as Buffer).equals(s3.objects.get(key)!.body)).toBe(true);
    const etag = served.headers.etag as string;
    expect((await two.api.get(data.path).set('if-none-match', etag)).status).toBe(304);
  });

  it('puts in the bucket only what is served: a phone photo upright, without its EXIF, GPS or XMP, from either replica', async () => {
    const before = new Set(s3.objects.keys());
    const res = await one.api.post('/api/upload', ADMIN).attach('image', await phonePhoto('jpeg'), 'phone.jpg');
    expect(res.status).toBe(201);
    const data = UploadResultSchema.parse(res.body.data);

    const added = [...s3.objects.keys()].filter((k) => !before.has(k)).sort();
    const served = [data.path, ...data.variants.map((v) => v.path)];
    expect(added).toEqual(served.map((p) => `test/${p.replace(/^\/uploads\//, '')}`).sort());
    for (const key of added) expect(carriesSenderTraces(s3.objects.get(key)!.body)).toBe(false);
    for (const path of served) {
      const bytes = (await two.api.get(path).buffer(true).parse(asBuffer)).body as Buffer;
      const meta = await sharp(bytes).metadata();
      expect({ path, width: meta.width, height: meta.height, orientation: meta.orientation, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({
        path,
        width: 200,
        height: 400,
        orientation: undefined,
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
      });
    }
  });

  it('answers 404 for a name not in the bucket, and for a name it never writes without asking the bucket', async () => {
    const before = s3.calls.length;
    expect((await two.api.get('/uploads/staff/0123456789abcdef0123456789abcdef.800x800.png')).status).toBe(404);
    expect(s3.calls.length).toBe(before + 1);
    expect((await two.api.get('/uploads/.tmp/secret.part')).status).toBe(404);
    expect(s3.calls.length).toBe(before + 1);
  });

  it('answers 503, not 500, when the bucket cannot be reached, and keeps no half-written upload', async () => {
    const down = await startTenant({ env: { UPLOAD_S3_BUCKET: 'hap-uploads', UPLOAD_S3_ENDPOINT: 'http://127.0.0.1:9', UPLOAD_S3_FORCE_PATH_STYLE: 'true' } });
    try {
      const res = await down.api.post('/api/upload', ADMIN).attach('image', pngBytes(4), 'logo.png');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('The image storage service is temporarily unavailable. Please try again in a moment.');
      expect((await readdir(down.uploadDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())).toEqual([]);
      expect((await down.api.get('/uploads/staff/0123456789abcdef0123456789abcdef.800x800.png')).status).toBe(503);
    } finally {
      await down.close();
    }
  }, 30_000);

  it('sends a put again when the bucket resets its connection (a kept-alive connection closed as the request went out)', async () => {
    s3.faults.resetPuts = 1;
    const res = await one.api.post('/api/upload', ADMIN).field('folder', 'staff').attach('image', pngBytes(300, [200, 40, 40]), 'retry.png');
    expect(res.status).toBe(201);
    expect(s3.faults.resetPuts).toBe(0);
    const data = UploadResultSchema.parse(res.body.data);
    expect(s3.objects.has(`test/${data.path.replace(/^\/uploads\//, '')}`)).toBe(true);
  });

  it('lets the seed draw the demo art into the bucket once, and only what is missing', async () => {
    process.env.UPLOAD_S3_BUCKET = 'hap-uploads';
    process.env.UPLOAD_S3_ENDPOINT = s3.url;
    process.env.UPLOAD_S3_FORCE_PATH_STYLE = 'true';
    process.env.UPLOAD_S3_PREFIX = 'seed/';
    try {
      const written = await seedTemplateArt(one.uploadDir);
      expect(written).toBeGreaterThan(0);
      expect([...s3.objects.keys()].filter((k) => k.startsWith('seed/')).length).toBe(written);
      expect(await seedTemplateArt(one.uploadDir)).toBe(0);
    } finally {
      for (const k of ['UPLOAD_S3_BUCKET', 'UPLOAD_S3_ENDPOINT', 'UPLOAD_S3_FORCE_PATH_STYLE', 'UPLOAD_S3_PREFIX']) delete process.env[k];
    }
  }, 60_000);

  it("removes a deleted clinic's uploads from the bucket (its folder, the images it named, their variants) and nobody else's", async () => {
    const upload = async (folder: string) => {
      const res = await one.api.post('/api/upload', ADMIN).field('folder', folder).attach('image', pngBytes(800, [90, 40, 200]), 'picture.png');
      expect(res.status).toBe(201);
      return UploadResultSchema.parse(res.body.data);
    };
    const client = await one.api.post('/api/clients', ADMIN).send({ name: 'Bucket Clinic', address: '1 Test Street', phone: '(555) 010-0100' });
    const clientId = client.body.data.id as number;
    const logo = await upload('logos');
    const own = await upload(`clinic-${clientId}`);
    const elses = await upload('logos');
    expect((await one.api.patch(`/api/clients/${clientId}`, ADMIN).send({ logoPath: logo.path })).status).toBe(200);
    const keysOf = (u: typeof logo) => [u.path, ...u.variants.map((v) => v.path)].map((p) => `test/${p.replace(/^\/uploads\//, '')}`);
    for (const key of [...keysOf(logo), ...keysOf(own), ...keysOf(elses)]) expect(s3.objects.has(key)).toBe(true);

    expect((await one.api.delete(`/api/clients/${clientId}`, ADMIN)).status).toBe(200);
    const handler = createClientDeletedHandler(one.dataSource, uploadStorageFor(one.config.UPLOAD_DIR, s3SettingsOf(one.config)));
    await handler({ clientId }, { id: `tenant-client-deleted-${clientId}` } as never);

    for (const key of [...keysOf(logo), ...keysOf(own)]) expect([key, s3.objects.has(key)]).toEqual([key, false]);
    for (const key of keysOf(elses)) expect(s3.objects.has(key)).toBe(true);
    expect((await two.api.get(logo.path)).status).toBe(404);
    // Again (a retried job): nothing left, nothing refused.
    await expect(handler({ clientId }, { id: 'again' } as never)).resolves.toMatchObject({ clientId, removed: 0 });
  });
});
