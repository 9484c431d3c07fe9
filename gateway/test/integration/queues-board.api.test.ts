import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { QUEUE_NAMES } from '@hap/contracts';
import { QUEUES_BOARD_CSP } from '../../src/plugins/queues-board';
import { buildGateway, uniqueEmail } from '../helpers/gateway';

describe('the queue board at /admin/queues', () => {
  const { app } = buildGateway();
  let adminCookie: string;
  let staffCookie: string;

  beforeAll(async () => {
    await app.ready();
    const session = (isAdmin: boolean) =>
      app.sessions.store.create({ id: isAdmin ? 1 : 2, email: uniqueEmail('queues'), name: 'Queue Viewer', isAdmin });
    adminCookie = `hap_sid=${await session(true)}`;
    staffCookie = `hap_sid=${await session(false)}`;
  });
  afterAll(() => app.close());

  describe('without an admin session', () => {
    it.each(['/admin/queues', '/admin/queues/', '/admin/queues/queue/leads.deliver'])('sends the browser from %s to the login', async (path) => {
      const res = await request(app.server).get(path);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/admin/login');
    });

    it.each([
      ['no cookie', undefined],
      ['an unknown session', `hap_sid=${randomBytes(32).toString('base64url')}`],
      ['a session without admin access', 'staff'],
    ])('answers its API with 401 in the envelope for %s', async (_label, cookie) => {
      const call = request(app.server).get('/admin/queues/api/queues');
      const res = await (cookie ? call.set('cookie', cookie === 'staff' ? staffCookie : cookie) : call);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, code: 'UNAUTHENTICATED', message: 'Please log in as an admin to continue.' });
    });

    it('refuses its actions and static files too', async () => {
      expect((await request(app.server).put('/admin/queues/api/queues/leads.deliver/retry/failed')).status).toBe(401);
      expect((await request(app.server).get('/admin/queues/static/images/logo.svg')).status).toBe(401);
    });
  });

  describe('with an admin session', () => {
    it('serves the page under its own, stricter CSP', async () => {
      const res = await request(app.server).get('/admin/queues').set('cookie', adminCookie);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<base href="/admin/queues/"');
      expect(res.headers['content-security-policy']).toBe(QUEUES_BOARD_CSP);
      expect(res.headers['content-security-policy']).not.toMatch(/unsafe-eval|googletagmanager|https:/);
    });

    it.each(['/admin/queues', '/admin/queues/queue/leads.deliver'])('leads back to the admin from %s', async (path) => {
      const res = await request(app.server).get(path).set('cookie', adminCookie);
      expect(res.status).toBe(200);
      // A link outside the board's own screen, shown before it loads and whatever it shows.
      expect(res.text).toMatch(/<a id="hap-board-back" href="\/admin\/clients"[^>]*>(<span aria-hidden="true">[^<]*<\/span>)?Back to admin<\/a>/);
      expect(res.text.indexOf('id="hap-board-back"')).toBeLessThan(res.text.indexOf('<div id="root">'));
      // And in the board's own menu of links.
      const config = JSON.parse(/<script id="__UI_CONFIG__" type="application\/json">([^<]*)<\/script>/.exec(res.text)![1]) as { miscLinks?: unknown };
      expect(config.miscLinks).toEqual([{ text: 'Back to admin', url: '/admin/clients' }]);
    });

    it('serves the scripts the page loads', async () => {
      const page = await request(app.server).get('/admin/queues').set('cookie', adminCookie);
      const scripts = [...page.text.matchAll(/<script defer src="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const src of scripts) {
        const res = await request(app.server).get(`/admin/queues/${src}`).set('cookie', adminCookie);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/javascript/);
      }
    });

    it('lists every queue of the contracts, uncached', async () => {
      const res = await request(app.server).get('/admin/queues/api/queues').set('cookie', adminCookie);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const names = (res.body.queues as Array<{ name: string }>).map((q) => q.name).sort();
      expect(names).toEqual([...QUEUE_NAMES].sort());
    });

    it('does not add or rewrite jobs behind the contracts', async () => {
      const add = await request(app.server)
        .post('/admin/queues/api/queues/leads.deliver/add')
        .set('cookie', adminCookie)
        .send({ name: 'leads.deliver', data: { deliveryId: 1 }, options: {} });
      expect(add.status).toBe(403);
      expect(add.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      const edit = await request(app.server)
        .patch('/admin/queues/api/queues/leads.deliver/delivery-1/update-data')
        .set('cookie', adminCookie)
        .send({ data: {} });
      expect(edit.status).toBe(403);
    });
  });

  it('leaves the site CSP on every other path', async () => {
    const res = await request(app.server).get('/healthz');
    expect(res.headers['content-security-policy']).not.toBe(QUEUES_BOARD_CSP);
  });
});
