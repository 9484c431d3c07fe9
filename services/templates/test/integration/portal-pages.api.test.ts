import { randomUUID } from 'node:crypto';
import { Messages, PortalPagesSchema, routesOf } from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { ADMIN, ANONYMOUS, GATEWAY, START_TIMEOUT_MS, startTemplates, type TestTemplates } from '../helpers/app';
import { createClientService, createTemplate } from '../helpers/factories';

/**
 * The clinic portal's Pages through the real templates app,
 * real tenant and PostgreSQL: two clinics, one on its own domain, their
 * services active and not. Only the caller's clinic's active services are
 * listed, with links as the admin's screens build them.
 */
describe('clinic portal: GET /api/portal/pages (clinic)', () => {
  let t: TestTemplates;
  let onDomain: number;
  let onPlatform: number;

  async function clinic(fields: Record<string, unknown>): Promise<number> {
    const res = await t.tenant!.api.post('/api/clients', ADMIN).send({ name: `Clinic ${randomUUID().slice(0, 6)}`, address: '7 Peak Rd, Boulder, CO 80302', phone: '(303) 555-0170', ...fields });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  }
  const owner = (clientId: number): Identity => ({ kind: 'clinic', userId: 93_000 + clientId, email: `owner-${clientId}@clinic.test`, name: 'Owner', clientId, role: 'owner' });
  const staff = (clientId: number): Identity => ({ kind: 'clinic', userId: 94_000 + clientId, email: `staff-${clientId}@clinic.test`, name: 'Staff', clientId, role: 'front_desk' });

  beforeAll(async () => {
    t = await startTemplates();
    onDomain = await clinic({ domain: 'WWW.Alpine-Vitality-Pages.example' });
    // Its pages are live there once the domain is active (custom domains: proved by DNS, a certificate).
    await t.tenant!.dataSource.query(
      `INSERT INTO "tenant"."client_domains" ("client_id", "domain", "status", "token", "check_until", "verified_at", "certificate_at", "activated_at")
       VALUES ($1, 'www.alpine-vitality-pages.example', 'active', 'test-token', now(), now(), now(), now())`,
      [onDomain],
    );
    onPlatform = await clinic({});
    const trt = await createTemplate(t.dataSource, { name: 'Testosterone Therapy' });
    const weight = await createTemplate(t.dataSource, { name: 'Weight Loss' });
    const ed = await createTemplate(t.dataSource, { name: 'ED Treatment' });
    await createClientService(t.dataSource, onDomain, trt.id, { isActive: true, customPath: 'trt' });
    await createClientService(t.dataSource, onDomain, weight.id, { isActive: true, customTitle: 'Medical Weight Loss', customPath: 'weight-loss' });
    await createClientService(t.dataSource, onDomain, ed.id, { isActive: false, customPath: 'ed' });
    await createClientService(t.dataSource, onPlatform, ed.id, { isActive: true, customPath: 'ed-boulder' });
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  it('lists the clinic’s home, each ACTIVE service with its A/B/C styles and the thank-you page, on its own domain', async () => {
    for (const identity of [owner(onDomain), staff(onDomain)]) {
      const res = await t.api.get('/api/portal/pages', identity);
      expect(res.status).toBe(200);
      const pages = PortalPagesSchema.strict().parse(res.body.data);
      expect(pages).toEqual({
        domain: 'www.alpine-vitality-pages.example',
        home: { url: 'https://www.alpine-vitality-pages.example/' },
        services: [
          {
            serviceId: expect.any(Number),
            name: 'Medical Weight Loss',
            path: 'weight-loss',
            url: 'https://www.alpine-vitality-pages.example/weight-loss',
            styles: {
              A: 'https://www.alpine-vitality-pages.example/weight-loss/a',
              B: 'https://www.alpine-vitality-pages.example/weight-loss/b',
              C: 'https://www.alpine-vitality-pages.example/weight-loss/c',
            },
          },
          {
            serviceId: expect.any(Number),
            name: 'Testosterone Therapy',
            path: 'trt',
            url: 'https://www.alpine-vitality-pages.example/trt',
            styles: { A: 'https://www.alpine-vitality-pages.example/trt/a', B: 'https://www.alpine-vitality-pages.example/trt/b', C: 'https://www.alpine-vitality-pages.example/trt/c' },
          },
        ],
        thanks: { url: 'https://www.alpine-vitality-pages.example/thanks' },
      });
    }
  });

  it('a domain typed on the clinic but not active: this platform’s ?client= links (never a domain that was never proved)', async () => {
    const typed = await clinic({ domain: `www.typed-${randomUUID().slice(0, 6)}.example` });
    const pages = PortalPagesSchema.parse((await t.api.get('/api/portal/pages', owner(typed))).body.data);
    expect(pages).toMatchObject({ domain: null, home: { url: `/standalone-client-home?client=${typed}` }, thanks: { url: `/thanks?client=${typed}` } });
  });

  it('without a domain: this platform’s ?client= links, the home page as the admin’s View Client Homepage opens it; never another clinic’s services', async () => {
    const pages = PortalPagesSchema.parse((await t.api.get('/api/portal/pages', owner(onPlatform))).body.data);
    expect(pages).toEqual({
      domain: null,
      home: { url: `/standalone-client-home?client=${onPlatform}` },
      services: [
        {
          serviceId: expect.any(Number),
          name: 'ED Treatment',
          path: 'ed-boulder',
          url: `/ed-boulder?client=${onPlatform}`,
          styles: { A: `/ed-boulder/a?client=${onPlatform}`, B: `/ed-boulder/b?client=${onPlatform}`, C: `/ed-boulder/c?client=${onPlatform}` },
        },
      ],
      thanks: { url: `/thanks?client=${onPlatform}` },
    });
  });

  it('every clinic row of templates: 401 for nobody, 403 for an admin or a backend service', async () => {
    const clinicRows = routesOf('templates').filter((row) => row.access === 'clinic');
    expect(clinicRows.map((row) => row.operation)).toEqual(['listPortalPages']);
    for (const row of clinicRows) {
      expect((await t.api.get(row.path, ANONYMOUS)).status).toBe(401);
      for (const identity of [ADMIN, GATEWAY]) {
        const res = await t.api.get(row.path, identity);
        expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: Messages.notClinicUser });
      }
    }
  });
});

describe('GET /api/portal/pages while tenant cannot answer', () => {
  let t: TestTemplates;
  beforeAll(async () => {
    // A loopback port nobody listens on.
    t = await startTemplates({ tenantUrl: 'http://127.0.0.1:9' });
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers 503 in words, not a 500', async () => {
    const res = await t.api.get('/api/portal/pages', { kind: 'clinic', userId: 95_001, email: 'o@clinic.test', name: 'O', clientId: 42, role: 'owner' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
  });
});
