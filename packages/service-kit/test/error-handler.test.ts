import request from 'supertest';
import { z } from 'zod';
import { ErrorCode, LeadFormSchema } from '@hap/contracts';
import { AppError, createServiceApp, formProblemPage, isBrowserFormPost, signIdentity } from '../src';

const secret = 'error-handler-test-secret';

describe('one error envelope for every service', () => {
  const app = createServiceApp({ name: 'probe', internalSecret: secret, logLevel: 'silent' });
  app.post('/form', { schema: { body: LeadFormSchema } }, async () => ({ success: true as const, data: null }));
  app.get('/teapot', async () => {
    throw new AppError(409, ErrorCode.CONFLICT, 'Already there.');
  });
  app.get('/boom', async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/leaky', { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({ id: 'nope' }) as never);

  const signed = (method: string, url: string) => signIdentity(secret, method, url, { kind: 'anonymous' });

  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it("gives the contract's message for one bad field, and every issue with its path", async () => {
    const one = await request(app.server).post('/form').set(signed('POST', '/form')).send({ name: 'Jo', email: 'jo@x.io', phone: '123' });
    expect(one.status).toBe(400);
    expect(one.body).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Phone number must be at least 10 digits',
      issues: [{ path: 'phone', message: 'Phone number must be at least 10 digits' }],
    });
    const many = await request(app.server).post('/form').set(signed('POST', '/form')).send({ name: 'J', email: 'x' });
    expect(many.body.message).toBe('Some fields are not valid. Please check them and try again.');
    expect(many.body.issues.map((i: { path: string }) => i.path)).toEqual(['name', 'email', 'phone']);
  });

  it('says in words when the body is not a JSON object', async () => {
    const res = await request(app.server).post('/form').set(signed('POST', '/form')).send([1, 2]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The request body must be a JSON object.' });
  });

  it("answers broken JSON and a body that is not JSON with the product's sentences", async () => {
    const broken = await request(app.server).post('/form').set(signed('POST', '/form')).set('content-type', 'application/json').send('{"name":');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ success: false, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' });

    const text = await request(app.server).post('/form').set(signed('POST', '/form')).set('content-type', 'application/xml').send('<lead/>');
    expect(text.status).toBe(415);
    expect(text.body).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as JSON (Content-Type: application/json).',
    });
  });

  it("answers a browser's own form post with a page: the same status and words, and the way back", async () => {
    const asBrowser = (req: request.Test) =>
      req.set(signed('POST', '/form')).set({ 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml' });
    // A JSON route refuses the form (415): a person still reads why.
    const res = await asBrowser(request(app.server).post('/form')).send('name=Jane');
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('<h1>Your request was not sent</h1>');
    expect(res.text).toContain('Send the request body as JSON (Content-Type: application/json).');
    expect(res.text).toContain('Back button');
    // A program asking for JSON keeps the envelope.
    const program = await request(app.server).post('/form').set(signed('POST', '/form')).set('content-type', 'application/x-www-form-urlencoded').send('name=Jane');
    expect(program.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('knows a form post by its type and what it accepts, and escapes every text on the page', () => {
    const post = (type: string, accept: string) => ({ method: 'POST', headers: { 'content-type': type, accept } });
    expect(isBrowserFormPost(post('application/x-www-form-urlencoded', 'text/html,*/*'))).toBe(true);
    expect(isBrowserFormPost(post('application/json', 'text/html'))).toBe(false);
    expect(isBrowserFormPost(post('application/x-www-form-urlencoded', 'application/json'))).toBe(false);
    expect(isBrowserFormPost({ method: 'GET', headers: { accept: 'text/html' } })).toBe(false);
    const page = formProblemPage({ title: 'T<', lead: '"lead"', problems: ['<script>'], back: '/x?a=1&b="2"' });
    expect(page).toContain('<title>T&lt;</title>');
    expect(page).toContain('&quot;lead&quot;');
    expect(page).toContain('<li>&lt;script&gt;</li>');
    expect(page).toContain('href="/x?a=1&amp;b=&quot;2&quot;"');
  });

  it('keeps the status, code and message of a typed error', async () => {
    const res = await request(app.server).get('/teapot').set(signed('GET', '/teapot'));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, code: 'CONFLICT', message: 'Already there.' });
  });

  it('masks unexpected errors and responses that do not match their schema', async () => {
    for (const url of ['/boom', '/leaky']) {
      const res = await request(app.server).get(url).set(signed('GET', url));
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    }
  });

  it('answers unknown paths with the JSON 404 and unsigned calls with 401', async () => {
    const missing = await request(app.server).get('/nothing').set(signed('GET', '/nothing'));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('ROUTE_NOT_FOUND');
    const unsigned = await request(app.server).get('/teapot');
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.code).toBe('INVALID_SIGNATURE');
  });
});
