import request from 'supertest';
import { z } from 'zod';
import { defineRoute, type RouteContract } from '@hap/contracts';
import { createServiceApp, registerContracts, signIdentity, type Identity, type RouteEntry } from '../src';

const secret = 'route-contract-test-secret';
const ANONYMOUS: Identity = { kind: 'anonymous' };
const ADMIN: Identity = { kind: 'admin', userId: 1, email: 'a@b.c' };
const CLINIC: Identity = { kind: 'clinic', userId: 9, email: 'owner@clinic.test', name: 'Ola Owner', clientId: 4, role: 'owner' };

const Full = z.object({ id: z.number(), name: z.string(), secret: z.string() });
const Public = Full.pick({ id: true, name: true });

const contracts = {
  getThing: defineRoute({
    operation: 'getThing',
    method: 'GET',
    path: '/api/things/:id',
    owner: 'tenant',
    access: 'public',
    summary: 'A thing',
    params: z.object({ id: z.coerce.number().int().positive('Id must be a positive number') }),
    projections: { admin: Full, public: Public },
  }),
  createThing: defineRoute({
    operation: 'createThing',
    method: 'POST',
    path: '/api/things',
    owner: 'tenant',
    access: 'admin',
    summary: 'Make a thing',
    body: z.object({ name: z.string().min(2, 'Name must be at least 2 characters') }),
    bodyLimit: 64,
    status: 201,
    data: Public,
  }),
  postForm: defineRoute({
    operation: 'postForm',
    method: 'POST',
    path: '/api/forms',
    owner: 'tenant',
    access: 'public',
    summary: 'A form posted by the browser itself',
    body: z.object({ name: z.string().optional() }),
    form: true,
    redirect: true,
    status: 303,
  }),
  getMine: defineRoute({
    operation: 'getMine',
    method: 'GET',
    path: '/api/portal/mine',
    owner: 'tenant',
    access: 'clinic',
    summary: "The clinic user's own clinic",
    data: z.object({ clientId: z.number() }),
  }),
  getRaw: defineRoute({
    operation: 'getRaw',
    method: 'GET',
    path: '/api/raw',
    owner: 'tenant',
    access: 'public',
    summary: 'A whole answer',
    answer: z.object({ success: z.literal(true), user: z.string() }),
  }),
};
const rows = Object.values(contracts) as RouteContract[];

type Entries = Record<string, RouteEntry<RouteContract>>;
const handlers: Entries = {
  // Deliberately hands over every field, tagged with the caller's projection.
  getThing: (async ({ params }: { params: { id: number } }, req: { identity: Identity }) => ({
    projection: req.identity.kind === 'admin' ? 'admin' : 'public',
    data: { id: params.id, name: 'Widget', secret: 'internal note' },
  })) as unknown as RouteEntry<RouteContract>,
  createThing: (async ({ body }: { body: { name: string } }) => ({ id: 7, name: body.name, secret: 'x' })) as unknown as RouteEntry<RouteContract>,
  getRaw: (async () => ({ success: true, user: 'ada' })) as unknown as RouteEntry<RouteContract>,
  getMine: (async (_input: unknown, req: { identity: Identity }) => ({ clientId: req.identity.clientId })) as unknown as RouteEntry<RouteContract>,
  postForm: (async ({ body }: { body: { name?: string } }, _req: unknown, reply: { redirect: (url: string, code: number) => unknown }) => {
    await reply.redirect(`/done?name=${encodeURIComponent(body.name ?? '')}`, 303);
  }) as unknown as RouteEntry<RouteContract>,
};

function build(entries: Entries = handlers) {
  const app = createServiceApp({ name: 'probe', internalSecret: secret, logLevel: 'silent' });
  registerContracts(app, 'tenant', rows, entries);
  return app;
}

const signed = (method: string, url: string, identity = ANONYMOUS) => signIdentity(secret, method, url, identity);

describe('registerContracts', () => {
  const app = build();
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('serializes a projection by its own schema: fields outside it never leave', async () => {
    const res = await request(app.server).get('/api/things/3').set(signed('GET', '/api/things/3'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ success: true, data: { id: 3, name: 'Widget' } });
  });

  it('gives the admin projection to admins', async () => {
    const res = await request(app.server).get('/api/things/3').set(signed('GET', '/api/things/3', ADMIN));
    expect(res.body.data).toEqual({ id: 3, name: 'Widget', secret: 'internal note' });
  });

  it('validates params with the contract messages', async () => {
    const res = await request(app.server).get('/api/things/0').set(signed('GET', '/api/things/0'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'Id must be a positive number' });
  });

  it('wraps data in the envelope with the row status, stripping what its schema does not name', async () => {
    const res = await request(app.server).post('/api/things').set(signed('POST', '/api/things', ADMIN)).send({ name: 'Bolt' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, data: { id: 7, name: 'Bolt' } });
  });

  it('refuses a non-admin on an admin row before reading the body', async () => {
    const res = await request(app.server).post('/api/things').set(signed('POST', '/api/things')).send({ name: 'Bolt' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a clinic user on an admin row with 403: signed in, not allowed', async () => {
    const res = await request(app.server).post('/api/things').set(signed('POST', '/api/things', CLINIC)).send({ name: 'Bolt' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'This account does not have admin access.' });
  });

  it('opens a clinic row to clinic users only: 401 for nobody, 403 for an admin or a service', async () => {
    const mine = await request(app.server).get('/api/portal/mine').set(signed('GET', '/api/portal/mine', CLINIC));
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({ clientId: 4 });
    const nobody = await request(app.server).get('/api/portal/mine').set(signed('GET', '/api/portal/mine'));
    expect(nobody.status).toBe(401);
    for (const identity of [ADMIN, { kind: 'service', service: 'leads' } as Identity]) {
      const res = await request(app.server).get('/api/portal/mine').set(signed('GET', '/api/portal/mine', identity));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This page is for clinic accounts. Sign in with your clinic login.');
    }
    // A clinic identity without its clinic is nobody's.
    const partial = await request(app.server).get('/api/portal/mine').set(signed('GET', '/api/portal/mine', { kind: 'clinic', userId: 9, email: 'x@y.z' }));
    expect(partial.status).toBe(401);
  });

  it("holds a body to the row's limit", async () => {
    const res = await request(app.server)
      .post('/api/things')
      .set(signed('POST', '/api/things', ADMIN))
      .send({ name: 'x'.repeat(100) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('parses a form row\'s urlencoded body, and only that row\'s', async () => {
    const form = await request(app.server).post('/api/forms').set(signed('POST', '/api/forms')).type('form').send('name=Ada+Lovelace');
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/done?name=Ada%20Lovelace');
    const json = await request(app.server).post('/api/things').set(signed('POST', '/api/things', ADMIN)).type('form').send('name=Bolt');
    expect(json.status).toBe(415);
  });

  it('sends a whole answer as the handler gives it', async () => {
    const res = await request(app.server).get('/api/raw').set(signed('GET', '/api/raw'));
    expect(res.body).toEqual({ success: true, user: 'ada' });
  });

  it('records exactly the routes it registered', () => {
    expect(app.registeredRoutes.filter((r) => r.url.startsWith('/api'))).toEqual([
      { method: 'GET', url: '/api/things/:id' },
      { method: 'POST', url: '/api/things' },
      { method: 'GET', url: '/api/portal/mine' },
      { method: 'GET', url: '/api/raw' },
      { method: 'POST', url: '/api/forms' },
    ]);
  });
});

describe('a row with other success statuses', () => {
  const accept = defineRoute({
    operation: 'acceptThing',
    method: 'POST',
    path: '/api/accepted-things',
    owner: 'tenant',
    access: 'public',
    summary: 'Stored now (201) or accepted to be stored later (202)',
    body: z.object({ later: z.boolean(), status: z.number().optional() }),
    status: 201,
    otherStatuses: [202],
    data: Public,
  });
  const app = createServiceApp({ name: 'probe', internalSecret: secret, logLevel: 'silent' });
  registerContracts(app, 'tenant', [accept as RouteContract], {
    acceptThing: (async ({ body }: { body: { later: boolean; status?: number } }, _req: unknown, reply: { status: (code: number) => unknown }) => {
      if (body.status) reply.status(body.status);
      else if (body.later) reply.status(202);
      return { id: 8, name: 'Held', secret: 'x' };
    }) as unknown as RouteEntry<RouteContract>,
  });
  beforeAll(() => app.ready());
  afterAll(() => app.close());
  const post = (body: object) => request(app.server).post('/api/accepted-things').set(signed('POST', '/api/accepted-things')).send(body);

  it("answers the status the handler chose among the row's, with the same envelope", async () => {
    const later = await post({ later: true });
    expect(later.status).toBe(202);
    expect(later.body).toEqual({ success: true, data: { id: 8, name: 'Held' } });
    expect((await post({ later: false })).status).toBe(201);
  });

  it('answers the row status when the handler chose one the row does not list', async () => {
    expect((await post({ later: true, status: 206 })).status).toBe(201);
  });
});

describe('a row with an ETag (polled answers)', () => {
  const polled = defineRoute({
    operation: 'countThings',
    method: 'GET',
    path: '/api/thing-count',
    owner: 'tenant',
    access: 'public',
    summary: 'How many things, polled',
    data: z.object({ count: z.number() }),
    etag: true,
  });
  let count = 1;
  const app = createServiceApp({ name: 'probe', internalSecret: secret, logLevel: 'silent' });
  registerContracts(app, 'tenant', [polled as RouteContract], { countThings: (() => ({ count })) as unknown as RouteEntry<RouteContract> });
  beforeAll(() => app.ready());
  afterAll(() => app.close());
  const get = (etag?: string) => request(app.server).get('/api/thing-count').set({ ...signed('GET', '/api/thing-count'), ...(etag && { 'if-none-match': etag }) });

  it('tags the answer, answers 304 without a body while it has not changed, and 200 once it has', async () => {
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    const same = await get(etag);
    expect(same.status).toBe(304);
    expect(same.text ?? '').toBe('');
    expect((await get(`"other", ${etag}`)).status).toBe(304);
    count = 2;
    const changed = await get(etag);
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ success: true, data: { count: 2 } });
    expect(changed.headers.etag).not.toBe(etag);
    expect(polled.responses[304]).toBeNull();
  });
});

describe('registerContracts refuses an incomplete or stray handler map', () => {
  it('fails at start without a handler for an owned row', () => {
    const { getRaw: _omitted, ...rest } = handlers;
    expect(() => build(rest)).toThrow('tenant has no handler for getRaw (GET /api/raw)');
  });

  it('fails at start with a handler for a row it does not own', () => {
    expect(() => build({ ...handlers, deleteEverything: handlers.getRaw })).toThrow(
      'tenant has handlers for operations it does not own: deleteEverything',
    );
  });
});
