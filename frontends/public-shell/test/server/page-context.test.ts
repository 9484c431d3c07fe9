import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyIdentity } from '@hap/service-kit';
import { clinicBranding } from '../helpers/pages';
import { createPageContentLoader, createPageContextLoader, type PageContentLoader, type PageContextLoader } from '../../server/page-context';

const SECRET = 'page-context-test-secret';

/**
 * Stand-ins for tenant and templates on 127.0.0.1 that record each call (and
 * which of them got it) and answer what the test says.
 */
let servers: Server[];
let received: Array<{ service: 'tenant' | 'templates'; url: string; headers: IncomingHttpHeaders }>;
let reply: { status: number; body: unknown; delayMs?: number };
let load: PageContextLoader;
let loadContent: PageContentLoader;

const context = {
  resolution: { clientId: 2, source: 'query' },
  client: clinicBranding({ phone: null }),
  staff: [{ id: 4, clientId: 2, name: 'Dr. Lee', title: 'Physician', bio: null, imagePath: null, displayOrder: 0 }],
};

const standIn = async (service: 'tenant' | 'templates') => {
  const server = createServer((request, response) => {
    received.push({ service, url: request.url ?? '', headers: request.headers });
    setTimeout(() => {
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    }, reply.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
};
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  servers = [await standIn('tenant'), await standIn('templates')];
  const config = { TENANT_URL: urlOf(servers[0]), TEMPLATES_URL: urlOf(servers[1]), INTERNAL_SECRET: SECRET, API_TIMEOUT_MS: 600 };
  load = createPageContextLoader(config);
  loadContent = createPageContentLoader(config);
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(() => {
  received = [];
  reply = { status: 200, body: { success: true, data: context } };
});

const request = { host: 'www.apex.example', path: '/home', client: '2', session: '3', requestId: 'req-7', forwardedFor: '203.0.113.9' };

describe('createPageContextLoader', () => {
  it('makes one signed GET /api/page-context of tenant, directly, with the page facts, the request id and the visitor', async () => {
    expect(await load(request)).toEqual({ context });
    expect(received).toHaveLength(1);
    const [{ service, url, headers }] = received;
    expect(service).toBe('tenant');
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

  it("makes one signed GET /api/page-content/{clientId} of templates, directly, with the service's path", async () => {
    reply = { status: 200, body: { success: true, data: content } };
    expect(await loadContent({ clientId: 2, servicePath: 'trt', requestId: 'req-9', forwardedFor: '203.0.113.9' })).toEqual({ content });
    expect(received).toHaveLength(1);
    const [{ service, url, headers }] = received;
    expect(service).toBe('templates');
    expect(url).toBe('/api/page-content/2?service=trt');
    expect(headers['x-request-id']).toBe('req-9');
    expect(verifyIdentity(SECRET, 'GET', url, headers)).toEqual({ kind: 'service', service: 'public-shell' });
  });

  it("asks for an admin's preview signed as that admin, the one caller templates shows a service that is not live", async () => {
    reply = { status: 200, body: { success: true, data: content } };
    const admin = { kind: 'admin' as const, userId: 4, email: 'admin@example.com', session: 'a-session-tag' };
    await loadContent({ clientId: 2, servicePath: 'trt', previewAdmin: admin, requestId: 'req-12' });
    await loadContent({ clientId: 2, servicePath: 'trt', requestId: 'req-13' });
    expect(received.map(({ service, url, headers }) => ({ service, url, identity: verifyIdentity(SECRET, 'GET', url, headers) }))).toEqual([
      { service: 'templates', url: '/api/page-content/2?service=trt&preview=true', identity: admin },
      // The next visitor's call is the shell's own again.
      { service: 'templates', url: '/api/page-content/2?service=trt', identity: { kind: 'service', service: 'public-shell' } },
    ]);
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
