import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The S3 REST API as upload storage uses it, path-style on a loopback port:
 * PutObject (`PUT /{bucket}/{key}`), GetObject, HeadObject, DeleteObject and
 * ListObjectsV2 (`GET /{bucket}?list-type=2&prefix=`, one page), with S3's
 * NoSuchKey and NoSuchBucket errors. Signatures are not checked; every call
 * is recorded with its bucket, key and the SDK's authorization scheme.
 */
export async function startFakeS3(options: { bucket: string }) {
  const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string | null; etag: string }>();
  const calls: Array<{ method: string; key: string; signed: boolean }> = [];
  /** How many of the next PUTs have their connection reset once their body arrived (a bucket closing a kept-alive connection). */
  const faults = { resetPuts: 0 };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      calls.push({ method: req.method ?? '', key, signed: String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256') });
      const error = (status: number, code: string, message: string) =>
        res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><Key>${key}</Key></Error>`);
      if (bucket !== options.bucket) return error(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (req.method === 'PUT' && faults.resetPuts > 0) {
        faults.resetPuts -= 1;
        return req.socket.destroy();
      }
      if (req.method === 'PUT') {
        const body = Buffer.concat(chunks);
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream'), cacheControl: (req.headers['cache-control'] as string) ?? null, etag });
        return res.writeHead(200, { etag }).end();
      }
      if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
        const contents = keys.map((k) => `<Contents><Key>${escape(k)}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`).join('');
        return res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(`<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${escape(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      const found = objects.get(key);
      if (req.method === 'GET' || req.method === 'HEAD') {
        if (!found) return req.method === 'HEAD' ? res.writeHead(404).end() : error(404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.length, etag: found.etag });
        return res.end(req.method === 'GET' ? found.body : undefined);
      }
      return error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    calls,
    faults,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
