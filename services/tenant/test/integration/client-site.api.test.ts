import request from 'supertest';
import { ClientSiteSchema, routes, type CustomDomainStatus } from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { ClientDomainEntity } from '../../src/modules/custom-domain/client-domain.entity';
import { ADMIN, ANONYMOUS, GATEWAY, PUBLIC_SHELL, startTenant, type TestTenant } from '../helpers/app';
import { createClient, uniq } from '../helpers/factories';

const ADS: Identity = { kind: 'service', service: 'ads' };

/**
 * GET /internal/clients/:id/site through the real tenant app
 * and PostgreSQL: the clinic's own domain as ads builds campaign URLs on it.
 * The domains' states are written as the verification and the edge's report
 * leave them (client-domains.api.test.ts drives those through DNS).
 */
describe('GET /internal/clients/:id/site', () => {
  let t: TestTenant;

  beforeAll(async () => {
    t = await startTenant();
  });
  afterAll(async () => {
    await t.close();
  });

  const site = (clientId: number | string, as: Identity = ADS) => t.api.get(`/internal/clients/${clientId}/site`, as);

  async function domainOf(clientId: number, status: CustomDomainStatus, options: { certificateAt?: Date | null; reason?: string | null } = {}) {
    const repo = t.dataSource.getRepository(ClientDomainEntity);
    const domain = `trt.clinic-${uniq()}.example`;
    const hour = 3600 * 1000;
    await repo.save(
      repo.create({
        clientId,
        domain,
        status,
        reason: options.reason ?? null,
        token: uniq(),
        checkUntil: new Date(Date.now() + 72 * hour),
        verifiedAt: status === 'pending' ? null : new Date(Date.now() - 2 * hour),
        certificateAt: options.certificateAt === undefined ? new Date(Date.now() - hour) : options.certificateAt,
      }),
    );
    return domain;
  }

  it('is the contract row, internal', () => {
    expect(routes.getClientSite).toMatchObject({ method: 'GET', path: '/internal/clients/:id/site', owner: 'tenant', access: 'internal' });
  });

  it('answers null for a clinic without a domain of its own, and for one whose domains got no certificate or are not active/failing', async () => {
    const none = await createClient(t.dataSource);
    let res = await site(none.id);
    expect(res.status).toBe(200);
    expect(ClientSiteSchema.strict().parse(res.body.data)).toEqual({ clientId: none.id, domain: null });

    const client = await createClient(t.dataSource);
    await domainOf(client.id, 'pending', { certificateAt: null });
    await domainOf(client.id, 'verified', { certificateAt: null });
    await domainOf(client.id, 'certificate_issued');
    // active without a certificate (a mapping an admin made before the domains work) is not the clinic's domain either
    await domainOf(client.id, 'active', { certificateAt: null });
    res = await site(client.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ clientId: client.id, domain: null });
  });

  it('answers the active domain, then the same one failing with its reason, then active again', async () => {
    const client = await createClient(t.dataSource);
    const domain = await domainOf(client.id, 'active');
    expect((await site(client.id)).body.data).toEqual({ clientId: client.id, domain: { domain, status: 'active', reason: null } });

    const repo = t.dataSource.getRepository(ClientDomainEntity);
    const reason = 'The certificate expires in 9 days.';
    await repo.update({ domain }, { status: 'failing', reason });
    expect((await site(client.id)).body.data).toEqual({ clientId: client.id, domain: { domain, status: 'failing', reason } });

    await repo.update({ domain }, { status: 'active', reason: 'left over' });
    expect((await site(client.id)).body.data).toEqual({ clientId: client.id, domain: { domain, status: 'active', reason: null } });
  });

  it('answers the newest certificate when the clinic has several, never another clinic’s', async () => {
    const client = await createClient(t.dataSource);
    const other = await createClient(t.dataSource);
    const day = 24 * 3600 * 1000;
    await domainOf(client.id, 'active', { certificateAt: new Date(Date.now() - 10 * day) });
    const newest = await domainOf(client.id, 'failing', { certificateAt: new Date(Date.now() - day), reason: 'DNS no longer points here.' });
    await domainOf(other.id, 'active', { certificateAt: new Date() });
    expect((await site(client.id)).body.data).toEqual({ clientId: client.id, domain: { domain: newest, status: 'failing', reason: 'DNS no longer points here.' } });
  });

  it('is for backend services only: 403 for an admin, a clinic user, the public shell and anyone signed as nobody, 401 unsigned; 404 for no such clinic; 400 for a bad id', async () => {
    const client = await createClient(t.dataSource);
    expect((await site(client.id, GATEWAY)).status).toBe(200);
    for (const who of [ADMIN, PUBLIC_SHELL, ANONYMOUS, { kind: 'clinic', userId: 1, clientId: client.id, role: 'owner', email: 'o@x.test' } as Identity]) {
      const res = await site(client.id, who);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Only the platform's backend services may read where a clinic's site is.");
    }
    expect((await request(t.app.server).get(`/internal/clients/${client.id}/site`)).status).toBe(401);
    const missing = await site(2_000_000_000);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Client 2000000000 was not found.');
    expect((await site('abc')).status).toBe(400);
  });
});
