import { LEAD_FORM_PATH, Messages } from '@hap/contracts';
import { FORM_REPEAT_WINDOW_MS } from '../../src/modules/leads/lead-form-post';
import { ANONYMOUS, START_TIMEOUT_MS, TEST_CONSENT, clinicWithServices, startLeads, type TestLeads } from '../helpers/app';

/**
 * POST /api/leads/form: the lead form as the browser posts it when the
 * page's script is not running. Real PostgreSQL and the templates service.
 */
const CONSENT = TEST_CONSENT;

describe('POST /api/leads/form', () => {
  let t: TestLeads;
  let clientId: number;
  let serviceId: number;
  let inactiveServiceId: number;

  beforeAll(async () => {
    t = await startLeads();
    ({ clientId, serviceId, inactiveServiceId } = await clinicWithServices(t.templates!));
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  const form = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      name: 'Jane Smith',
      email: 'jane@example.com',
      phone: '(303) 555-0142',
      message: 'Mornings are best.',
      clientId: String(clientId),
      serviceId: String(serviceId),
      consentVersion: 'lead-form-v1',
      styleVariant: 'b',
      website: '',
      ...overrides,
    }).toString();
  const post = (body: string, origin = 'https://clinic.example') =>
    t.api
      .post(LEAD_FORM_PATH, ANONYMOUS)
      .set({ 'content-type': 'application/x-www-form-urlencoded', origin, 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Mozilla/5.0 (No script)' })
      .send(body);
  const rowsFor = async (email: string) =>
    (await t.dataSource.query(
      `SELECT "reference", "client_id", "service_id", "name", "phone", "message", "style_variant", "utm_source", "utm_campaign", "gclid", "landing_path",
              "first_touch", "last_touch", "consent_text", "consent_ip", "consent_user_agent"
         FROM "leads"."leads" WHERE "email" = $1`,
      [email],
    )) as Array<Record<string, unknown>>;

  it('stores the lead with its campaign and sends the browser to the thank-you page (303)', async () => {
    const email = `form-${Date.now()}@example.com`;
    const res = await post(
      form({ email, landingUrl: '/trt?style=b&utm_source=google&utm_campaign=trt-denver&gclid=Cj0-form', referrer: 'https://www.google.com/' }),
    );
    expect(res.status).toBe(303);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location, 'https://clinic.example');
    expect(location.pathname).toBe('/thanks');
    expect(location.searchParams.get('client')).toBe(String(clientId));
    const [row] = await rowsFor(email);
    expect(location.searchParams.get('ref')).toBe(row.reference);
    expect(row).toMatchObject({
      client_id: clientId,
      service_id: serviceId,
      name: 'Jane Smith',
      phone: '(303) 555-0142',
      message: 'Mornings are best.',
      style_variant: 'b',
      utm_source: 'google',
      utm_campaign: 'trt-denver',
      gclid: 'Cj0-form',
      landing_path: '/trt',
      consent_text: CONSENT,
      consent_ip: '203.0.113.9',
      consent_user_agent: 'Mozilla/5.0 (No script)',
    });
    expect(row.first_touch).toMatchObject({ referrer: 'https://www.google.com/', at: null });
  });

  it('takes a form posted by a browser with no script at all: no landing URL, the style variant the page wrote', async () => {
    const email = `noscript-${Date.now()}@example.com`;
    const res = await post(form({ email }));
    expect(res.status).toBe(303);
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ style_variant: 'b', utm_source: null, landing_path: null });
  });

  it('counts the same form posted twice within the window as one lead (a double press, a reloaded post)', async () => {
    const email = `twice-${Date.now()}@example.com`;
    const body = form({ email, landingUrl: '/trt?utm_source=google' });
    const [first, second] = [await post(body), await post(body)];
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await rowsFor(email)).toHaveLength(1);
    // A changed form is another submission.
    expect((await post(form({ email, message: 'Evenings now.' }))).status).toBe(303);
    expect(await rowsFor(email)).toHaveLength(2);
  });

  it("answers a form that breaks the rules with a page of the form's own messages and a way back; nothing stored", async () => {
    const email = 'not-an-address';
    const res = await post(form({ name: 'J', email, phone: '555', landingUrl: '/trt?client=7' }));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('Please check the form');
    expect(res.text).toContain('Name must be at least 2 characters');
    expect(res.text).toContain('Please enter a valid email address');
    expect(res.text).toContain('Phone number must be at least 10 digits');
    expect(res.text).toContain('href="/trt?client=7#contact"');
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it("refuses a service that is not live with the service's message, as a page", async () => {
    const email = `inactive-${Date.now()}@example.com`;
    const res = await post(form({ email, serviceId: String(inactiveServiceId) }));
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain(Messages.leadServiceInactive);
    // No landing URL: the browser's Back button, which keeps what was typed.
    expect(res.text).toContain('Back button');
    expect(res.text).not.toContain('href=');
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it('never leads back to another site', async () => {
    const res = await post(form({ name: '<b>x', email: 'bad', landingUrl: '//evil.example/phish' }));
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('evil.example');
    expect(res.text).not.toContain('href=');
  });

  it('refuses text PostgreSQL cannot hold with a page naming the field, never a 5xx', async () => {
    const email = `nul-${Date.now()}@example.com`;
    const res = await post(form({ email, message: 'Call me\u0000 later', phone: '3035550142'.padEnd(45, '1') }));
    expect(res.status).toBe(400);
    expect(res.text).toContain('Message: Text must not contain NUL characters');
    expect(res.text).toContain('Phone Number: Must be at most 40 characters');
    expect(await rowsFor(email)).toHaveLength(0);
    // The JSON route refuses it too (it answered 500 before).
    const json = await t.api
      .post('/api/leads', ANONYMOUS)
      .send({ name: 'Jane Smith', email, phone: '3035550142', message: 'a\u0000b', clientId, serviceId, consentText: CONSENT });
    expect(json.status).toBe(400);
  });

  it('takes a repeated field once and a long message in another script (no refusal but the route\'s limit)', async () => {
    const email = `long-${Date.now()}@example.com`;
    // 4,990 CJK characters: about 45 KB urlencoded (9 bytes each), past the JSON route's 32 KB.
    const message = '请在上午给我打电话'.repeat(600).slice(0, 4990);
    const res = await post(`${form({ email, message })}&name=Second+Name`);
    expect(res.status).toBe(303);
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ name: 'Jane Smith', message: message.trim() });
  });

  it('a repeat just across the ten-minute boundary is still one lead', async () => {
    const email = `boundary-${Date.now()}@example.com`;
    const boundary = Math.ceil(Date.now() / FORM_REPEAT_WINDOW_MS + 1) * FORM_REPEAT_WINDOW_MS;
    // Only the clock moves: timers, sockets and the database run as ever.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
    try {
      jest.setSystemTime(boundary - 1000);
      const first = await post(form({ email }));
      jest.setSystemTime(boundary + 1000);
      const second = await post(form({ email }));
      expect([first.status, second.status]).toEqual([303, 303]);
      expect(second.headers.location).toBe(first.headers.location);
    } finally {
      jest.useRealTimers();
    }
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('keeps the posted forms\' keys to them: a JSON submission may not take one first', async () => {
    const res = await t.api
      .post('/api/leads', ANONYMOUS)
      .set('idempotency-key', 'form-0123456789abcdef')
      .send({ name: 'Jane Smith', email: 'key@example.com', phone: '3035550142', clientId, serviceId, consentText: CONSENT });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('An idempotency key may not start with "form-".');
  });

  it('answers a filled honeypot like a person (303) and stores nothing', async () => {
    const email = `bot-${Date.now()}@example.com`;
    const res = await post(form({ email, website: 'https://spam.example' }));
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^\/thanks\?client=\d+&ref=/);
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it('takes a form post on this route only: the JSON route refuses one (415)', async () => {
    const res = await t.api
      .post('/api/leads', ANONYMOUS)
      .set({ 'content-type': 'application/x-www-form-urlencoded' })
      .send(form({ email: `json-route-${Date.now()}@example.com` }));
    expect(res.status).toBe(415);
  });
});
