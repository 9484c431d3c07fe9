import request from 'supertest';
import { Messages } from '@hap/contracts';
import { buildGateway, listening } from '../helpers/gateway';
import { rawRequest, type RawAnswer } from '../helpers/net';
import { startUpstream, type Upstream } from '../helpers/upstream';

/** The product's error envelope, and nothing of Fastify's own error shape. */
function expectEnvelope(status: number, contentType: string | undefined, body: unknown) {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(contentType).toMatch(/^application\/json/);
  expect(body).toEqual({ success: false, code: expect.any(String), message: expect.any(String) });
  expect(body).not.toHaveProperty('statusCode');
  expect(body).not.toHaveProperty('error');
}

const envelopeOf = (answer: RawAnswer) => {
  expectEnvelope(answer.status, answer.headers['content-type'], JSON.parse(answer.body));
  return JSON.parse(answer.body) as { code: string; message: string };
};

// Requests Fastify and Node refuse on their own used to get Fastify's error shape.
describe('malformed requests', () => {
  let shell: Upstream;
  let tenant: Upstream;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let address: string;

  beforeAll(async () => {
    shell = await startUpstream({ answer: () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<!doctype html><p>page</p>' }) });
    tenant = await startUpstream();
    gateway = buildGateway({ TENANT_URL: tenant.url, PUBLIC_SHELL_URL: shell.url }).app;
    address = await listening(gateway);
  });
  afterAll(async () => {
    await gateway?.close();
    await shell?.close();
    await tenant?.close();
  });

  const raw = (requestLine: string, headers = '') => rawRequest(address, `${requestLine}\r\nHost: clinic.example\r\nConnection: close\r\n${headers}\r\n`);

  it.each(['/api/%c0%ae', '/%c0%ae', '/api/clients/%E0%A4%A'])('answers an undecodable URL (GET %s) with 400 in the envelope', async (path) => {
    const answer = await raw(`GET ${path} HTTP/1.1`);
    expect(answer.status).toBe(400);
    expect(envelopeOf(answer)).toEqual({ success: false, code: 'BAD_REQUEST', message: Messages.malformedRequest });
  });

  it('answers a method no route has (PROPFIND) with the JSON 404', async () => {
    const answer = await raw('PROPFIND /api/clients HTTP/1.1');
    expect(answer.status).toBe(404);
    expect(envelopeOf(answer).code).toBe('ROUTE_NOT_FOUND');
  });

  it.each(['FOO /api/clients HTTP/1.1', 'GET /api/clients HTTP/9.9'])('answers what the HTTP parser refuses (%s) with 400 in the envelope', async (line) => {
    const answer = await raw(line);
    expect(answer.status).toBe(400);
    expect(envelopeOf(answer).code).toBe('BAD_REQUEST');
    expect(answer.closed).toBe(true);
  });

  it('answers a broken Content-Length with 400 in the envelope', async () => {
    const answer = await raw('POST /api/admin/login HTTP/1.1', 'Content-Type: application/json\r\nContent-Length: ten\r\n');
    expect(answer.status).toBe(400);
    envelopeOf(answer);
  });

  it('answers headers past the size limit with 431 in the envelope', async () => {
    const answer = await raw('GET /api/clients/1 HTTP/1.1', `X-Big: ${'x'.repeat(20 * 1024)}\r\n`);
    expect(answer.status).toBe(431);
    envelopeOf(answer);
  });

  it('answers bad JSON to a gateway row with 400 and the product sentence', async () => {
    const res = await request(gateway.server).post('/api/admin/login').set('content-type', 'application/json').send('{"email":');
    expectEnvelope(res.status, res.headers['content-type'], res.body);
    expect(res.body).toEqual({ success: false, code: 'BAD_REQUEST', message: Messages.invalidJson });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'answers a %s body to a gateway row with 415 and the product sentence',
    async (type) => {
      const res = await request(gateway.server).post('/api/admin/login').set('content-type', type).send('email=a@b.co&password=x');
      expectEnvelope(res.status, res.headers['content-type'], res.body);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: Messages.jsonRequired });
    },
  );

  it('answers an empty JSON body to a gateway row with the validation envelope', async () => {
    const res = await request(gateway.server).post('/api/admin/login').set('content-type', 'application/json').send('');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: Messages.bodyNotObject });
  });

  it('answers POST with a body on a page path with the JSON 404, not a parse error', async () => {
    const res = await request(gateway.server).post('/contact').set('content-type', 'application/json').send('{"broken":');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });

  it('keeps sending page paths, missing ones included, to the public shell', async () => {
    for (const path of ['/services/weight-loss', '/assets/missing.js', '/no-such-page']) {
      const res = await request(gateway.server).get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<p>page</p>');
    }
    expect(shell.received.map((r) => r.url)).toEqual(['/services/weight-loss', '/assets/missing.js', '/no-such-page']);
  });
});
