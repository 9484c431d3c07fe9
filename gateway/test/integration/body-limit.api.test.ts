import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { DEFAULT_BODY_LIMIT, Messages, routes } from '@hap/contracts';
import { fakeTenantSuite } from '../helpers/fake-tenant-suite';
import { uniqueEmail } from '../helpers/gateway';
import { rawRequest } from '../helpers/net';
import { proxied } from '../helpers/upstream';

const tooLarge = { success: false, code: 'PAYLOAD_TOO_LARGE', message: Messages.requestTooLarge };
const MiB = 1024 * 1024;

/** A JSON text of exactly `bytes` bytes. */
const jsonOf = (bytes: number) => {
  const frame = JSON.stringify({ clientId: 1, name: 'Dr Big', note: '' });
  return JSON.stringify({ clientId: 1, name: 'Dr Big', note: 'x'.repeat(bytes - frame.length) });
};

/** A multipart form with one file part of `bytes` bytes. */
function multipartOf(bytes: number) {
  const boundary = '----hapgatewaytest';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.alloc(bytes, 7), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A POST through Node's client; the answer, or the socket error when there was none. */
function post(url: string, headers: Record<string, string | number>, body: Buffer | string, chunked = false) {
  return new Promise<{ status: number; connection?: string; body: string } | { error: string }>((resolve) => {
    const req = httpRequest(url, { method: 'POST', headers });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    if (chunked) {
      // Past the limit in 64 KiB pieces, without declaring a length.
      for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.slice(at, at + 64 * 1024));
      req.end();
    } else req.end(body);
  });
}

// ARCHITECTURE.md#auth-and-sessions and infra/bench/README.md: the gateway holds each row to its own body limit
// before a service sees a byte, and answers 413 every time, never a 503.
describe('request bodies and their limits', () => {
  const admin = { id: 11, email: uniqueEmail('bodies'), password: 'a body-limit admin password' };
  const suite = fakeTenantSuite(admin, (req) => ({ body: { success: true, data: { bytes: req.body.length } } }));

  it('answers a 2 MB JSON body to a 1 MiB row with 413 every time, closes the connection, and never calls the service', async () => {
    expect(routes.createStaffMember.bodyLimit).toBe(DEFAULT_BODY_LIMIT);
    const body = jsonOf(2 * MiB);
    const answers = [];
    for (let i = 0; i < 20; i++) {
      answers.push(await post(`${suite.address}/api/staff-members`, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: suite.cookie }, body));
    }
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 413, connection: 'close' });
      if ('body' in answer) expect(JSON.parse(answer.body)).toEqual(tooLarge);
    }
    expect(proxied(suite.tenant)).toEqual([]);
  });

  it('answers 413 to a chunked body as soon as it grows past the limit', async () => {
    const answer = await post(
      `${suite.address}/api/staff-members`,
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked', cookie: suite.cookie },
      Buffer.from(jsonOf(3 * MiB)),
      true,
    );
    expect(answer).toMatchObject({ status: 413, connection: 'close' });
    expect(proxied(suite.tenant)).toEqual([]);
  });

  it('forwards a body of exactly the limit whole, with its length', async () => {
    const body = jsonOf(DEFAULT_BODY_LIMIT);
    const res = await request(suite.gateway.server).post('/api/staff-members').set('cookie', suite.cookie).set('content-type', 'application/json').send(body);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { bytes: DEFAULT_BODY_LIMIT } });
    const [seen] = proxied(suite.tenant);
    expect(seen.body.toString('utf8')).toBe(body);
    expect(seen.headers['content-length']).toBe(String(DEFAULT_BODY_LIMIT));
  });

  it('forwards a 5 MB image upload (its row allows 5 MB and the form around it) byte for byte', async () => {
    const { body, contentType } = multipartOf(5 * MiB);
    expect(body.length).toBeLessThanOrEqual(routes.uploadImage.bodyLimit);
    const answer = await post(`${suite.address}/api/upload`, { 'content-type': contentType, 'content-length': body.length, cookie: suite.cookie }, body);

    expect(answer).toMatchObject({ status: 200 });
    const [seen] = proxied(suite.tenant);
    expect(seen.headers['content-type']).toBe(contentType);
    expect(Buffer.compare(seen.body, body)).toBe(0);
  });

  it('answers 413 to an upload past its row limit', async () => {
    const { body, contentType } = multipartOf(routes.uploadImage.bodyLimit);
    const answer = await post(`${suite.address}/api/upload`, { 'content-type': contentType, 'content-length': body.length, cookie: suite.cookie }, body);
    expect(answer).toMatchObject({ status: 413, connection: 'close' });
    expect(proxied(suite.tenant)).toEqual([]);
  });

  it("answers 413 to a login body past the gateway row's limit", async () => {
    const body = JSON.stringify({ email: admin.email, password: 'x'.repeat(2 * MiB) });
    const answer = await post(`${suite.address}/api/admin/login`, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, body);
    expect(answer).toMatchObject({ status: 413, connection: 'close' });
    expect(suite.tenant.received).toEqual([]);
  });

  it('answers an anonymous body declared over the row limit 413 before reading it, and closes the connection', async () => {
    const body = jsonOf(4 * MiB);
    const head = `POST /api/staff-members HTTP/1.1\r\nHost: clinic.example\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    // Only the start of the body is sent: the answer must not wait for the rest.
    const answer = await rawRequest(suite.address, head, { body: body.slice(0, 1024) });

    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
    expect(JSON.parse(answer.body)).toEqual(tooLarge);
    expect(suite.tenant.received).toEqual([]);
  });
});
