import { request as httpRequest } from 'node:http';
import { Messages, routes } from '@hap/contracts';
import { buildGateway, listening } from '../helpers/gateway';
import { rawRequest } from '../helpers/net';
import { proxied, startUpstream, type Upstream } from '../helpers/upstream';

const MiB = 1024 * 1024;

/** A multipart form with one image part of `bytes` bytes, as the admin's uploader sends it. */
function imageForm(bytes: number) {
  const boundary = '----hapgatewayrefusal';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.alloc(bytes, 7), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Answered {
  status?: number;
  connection?: string;
  body?: string;
  /** What the client's socket said when the gateway cut it (EPIPE, ECONNRESET), if it did. */
  error?: string;
}

/**
 * A POST the way a browser sends one: the head first, the body after it (here
 * 100 ms later, so a gateway that answers on the head and hangs up is caught
 * every time, not only when the timing happens to be bad). Settles once the
 * body is written and the answer read, or when the socket fails.
 */
function postBodyAfterHead(url: string, headers: Record<string, string | number>, body: Buffer | string): Promise<Answered> {
  return new Promise((resolve) => {
    let answer: Answered | null = null;
    let written = false;
    const req = httpRequest(url, { method: 'POST', headers });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk));
      res.on('end', () => {
        answer = { status: res.statusCode, connection: res.headers.connection, body: text };
        if (written) resolve(answer);
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ ...answer, error: err.code ?? err.message }));
    // Cut before the body could be written (the socket ended under it): what was answered, and that it was cut.
    req.on('close', () => resolve({ ...answer, error: written ? undefined : 'closed before the body was sent' }));
    req.flushHeaders();
    setTimeout(
      () =>
        req.end(body, () => {
          written = true;
          if (answer) resolve(answer);
        }),
      100,
    );
  });
}

// docs/platform.md: a refused request is answered, never reset. Bodies within the
// route's limit are read before the refusal is sent; only a body over the
// limit is cut, after its 413.
describe('refusals of requests with a body', () => {
  let services: Upstream;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let address: string;
  const envelope = (code: string, message: string) => ({ success: false, code, message });

  beforeAll(async () => {
    services = await startUpstream();
    gateway = buildGateway({ TENANT_URL: services.url, LEADS_URL: services.url }).app;
    address = await listening(gateway);
  });
  afterAll(async () => {
    await gateway?.close();
    await services?.close();
  });
  beforeEach(() => {
    services.received.length = 0;
  });

  const upload = (bytes: number, cookie?: string) => {
    const { body, contentType } = imageForm(bytes);
    return postBodyAfterHead(`${address}${routes.uploadImage.path}`, { 'content-type': contentType, 'content-length': body.length, ...(cookie ? { cookie } : {}) }, body);
  };

  it('answers an anonymous upload of a small image 401 with its message, after reading it, on a connection kept open', async () => {
    const answer = await upload(20 * 1024);

    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body as string)).toEqual(envelope('UNAUTHENTICATED', Messages.unauthenticated));
    expect(answer.connection).not.toBe('close');
    expect(proxied(services)).toEqual([]);
  });

  it('tells an admin whose session ended during the upload to log in again', async () => {
    const answer = await upload(20 * 1024, `hap_sid=${'A'.repeat(43)}`);

    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body as string)).toEqual(envelope('UNAUTHENTICATED', Messages.sessionExpired));
    expect(Messages.sessionExpired).toMatch(/log in again/);
  });

  it('reads a 3 MiB image (past the JSON limit, within the upload limit) before its 401', async () => {
    expect(3 * MiB).toBeGreaterThan(routes.createStaffMember.bodyLimit);
    const answer = await upload(3 * MiB);

    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(401);
    expect(proxied(services)).toEqual([]);
  });

  it.each([
    ['403 for a foreign origin', routes.submitLead.path, { origin: 'https://evil.example', 'content-type': 'application/json' }, 403, 'ORIGIN_FORBIDDEN'],
    ['404 for a route that does not exist', '/api/no-such-route', { 'content-type': 'application/json' }, 404, 'ROUTE_NOT_FOUND'],
    ['415 for a login that is not JSON', routes.adminLogin.path, { 'content-type': 'text/plain' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('answers %s after reading the body', async (_name, path, headers, status, code) => {
    // Within every one of these rows' limits (a lead's is 32 KiB).
    const body = JSON.stringify({ note: 'x'.repeat(8 * 1024) });
    const answer = await postBodyAfterHead(`${address}${path}`, { ...headers, 'content-length': Buffer.byteLength(body) }, body);

    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body as string)).toMatchObject({ success: false, code });
    expect(proxied(services)).toEqual([]);
  });

  it('answers 413 at once to an image declared over the upload limit, and closes the connection', async () => {
    const { body, contentType } = imageForm(routes.uploadImage.bodyLimit);
    const head = `POST ${routes.uploadImage.path} HTTP/1.1\r\nHost: clinic.example\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`;
    // Only the start is sent: the 413 must not wait for the rest.
    const answer = await rawRequest(address, head, { body: body.subarray(0, 1024) });

    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
    expect(JSON.parse(answer.body)).toEqual(envelope('PAYLOAD_TOO_LARGE', Messages.requestTooLarge));
  });

  it('answers 413 instead of its refusal when a body without a length grows past the limit meanwhile', async () => {
    const limit = routes.createStaffMember.bodyLimit;
    const chunk = Buffer.alloc(limit + 1024, 'a');
    const head = `POST ${routes.createStaffMember.path} HTTP/1.1\r\nHost: clinic.example\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const answer = await rawRequest(address, head, { body: Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n0\r\n\r\n')]) });

    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['retry-after']).toBeUndefined();
    expect(JSON.parse(answer.body)).toEqual(envelope('PAYLOAD_TOO_LARGE', Messages.requestTooLarge));
    expect(proxied(services)).toEqual([]);
  });

  it('waits for a body that does not come no longer than REQUEST_TIMEOUT_MS (408)', async () => {
    const slow = buildGateway({ TENANT_URL: services.url, REQUEST_TIMEOUT_MS: '600' }).app;
    try {
      const slowAddress = await listening(slow);
      const head = `POST ${routes.uploadImage.path} HTTP/1.1\r\nHost: clinic.example\r\nContent-Type: image/png\r\nContent-Length: 5000\r\n\r\n`;
      const answer = await rawRequest(slowAddress, head, { body: 'only the start', waitMs: 5_000 });

      expect(answer.status).toBe(408);
      expect(answer.closed).toBe(true);
      expect(answer.ms).toBeLessThan(3_000);
    } finally {
      await slow.close();
    }
  });
});
