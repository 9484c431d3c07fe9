import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyIdentity } from '@hap/service-kit';
import { createPageContentLoader, createPageContextLoader, type PageContentLoader, type PageContextLoader } from '../../server/page-context';

const SECRET = 'page-context-test-secret';

/** A stand-in gateway on 127.0.0.1 that records each call and answers what the test says. */
let server: Server;
let received: Array<{ url: string; headers: IncomingHttpHeaders }>;
let reply: { status: number; body: unknown; delayMs?: number };
let load: PageContextLoader;
let loadContent: PageContentLoader;

const context = {
  resolution: { clientId: 2, source: 'query' },
  client: {
    id: 2,
    name: 'Apex Health',
    address: null,
    phone: null,
    email: null,
    website: null,
    brandColor: '#004aad',
    brandBgColor: '#004aad',
    logoPath: null,
    officeImagePath: null,
    bookingLink: null,
  },
  staff: [{ id: 4, clientId: 2, name: 'Dr. Lee', title: 'Physician', bio: null, imagePath: null, displayOrder: 0 }],
};

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push({ url: request.url ?? '', headers: request.headers });
    setTimeout(() => {
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    }, reply.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const config = { GATEWAY_URL: `http://127.0.0.1:${port}`, INTERNAL_SECRET: SECRET, API_TIMEOUT_MS: 600 };
  load = createPageContextLoader(config);
  loadContent = createPageContentLoader(config);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  reply = { status: 200, body: { success: true, data: context } };
});

const request = { host: 'www.apex.example', path: '/home', client: '2', session: '3', requestId: 'req-7', forwardedFor: '203.0.113.9' };

describe('createPageContextLoader', () => {
  it('makes one signed GET /api/page-context with the page facts, the request id and the visitor', async () => {
    expect(await load(request)).toEqual({ context });
    expect(received).toHaveLength(1);
    const [{ url, headers }] = received;
    expect(url).toBe('/api/page-context?host=www.apex.example&path=%2Fhome&client=2&session=3');
    expect(headers['x-request-id']).toBe('req-7');
    expect(headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(verifyIdentity(SECRET, 'GET', url, headers)).toEqual({ kind: 'service', service: 'public-shell' });
  });

  it('leaves out facts the page does not have', async () => {
    await load({ host: 'localhost', path: '/', requestId: 'req-8' });
    expect(received[0].url).toBe('/api/page-context?host=localhost&path=%2F');
    expect(received[0].headers['x-forwarded-for']).toBeUndefined();
  });

  it("drops a visitor's NUL from the facts it forwards, which services would refuse (400) for the whole page", async () => {
    await load({ host: 'www.apex.example', path: '/home', client: '2\u0000', session: '\u0000', requestId: 'req-10' });
    expect(received[0].url).toBe('/api/page-context?host=www.apex.example&path=%2Fhome&client=2&session=');
  });

  it.each([
    ['a 5xx', { status: 503, body: { success: false, code: 'SERVICE_UNAVAILABLE', message: 'down' } }, /temporarily unavailable/],
    ['an answer of another shape', { status: 200, body: { success: true, data: { clientId: 2 } } }, /Unexpected answer/],
    ['no answer in time', { status: 200, body: { success: true, data: context }, delayMs: 1000 }, /temporarily unavailable/],
  ])('never throws: %s is a problem for the log and no context', async (_what, answer, problem) => {
    reply = answer;
    const result = await load(request);
    expect(result.context).toBeNull();
    expect(result.problem).toMatch(problem);
  });
});

describe('createPageContentLoader', () => {
  const content = {
    services: [{ id: 6, name: 'TRT', description: 'Testosterone therapy.', slug: 'trt', offer: 'Free Consultation', image: null }],
    landing: null,
  };

  it("makes one signed GET /api/page-content/{clientId} with the service's path", async () => {
    reply = { status: 200, body: { success: true, data: content } };
    expect(await loadContent({ clientId: 2, servicePath: 'trt', requestId: 'req-9', forwardedFor: '203.0.113.9' })).toEqual({ content });
    const [{ url, headers }] = received;
    expect(url).toBe('/api/page-content/2?service=trt');
    expect(headers['x-request-id']).toBe('req-9');
    expect(verifyIdentity(SECRET, 'GET', url, headers)).toEqual({ kind: 'service', service: 'public-shell' });
  });

  it('asks without ?service= on pages that are not service pages', async () => {
    reply = { status: 200, body: { success: true, data: content } };
    await loadContent({ clientId: 3, requestId: 'req-10' });
    expect(received[0].url).toBe('/api/page-content/3');
  });

  it('never throws: a failed call is a problem and no content', async () => {
    reply = { status: 503, body: { success: false, code: 'SERVICE_UNAVAILABLE', message: 'down' } };
    const result = await loadContent({ clientId: 2, requestId: 'req-11' });
    expect(result.content).toBeNull();
    expect(result.problem).toMatch(/temporarily unavailable/);
  });
});
