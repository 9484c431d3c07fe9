import { AuditPageSchema, ClientSchema, CustomDomainMessages as M, describeAudit, type Client, type CustomDomain } from '@hap/contracts';
import { recordAudit } from '@hap/service-kit';
import { ClientDomainEntity } from '../../src/modules/custom-domain/client-domain.entity';
import { DomainMappingEntity } from '../../src/modules/domain-mapping/domain-mapping.entity';
import { ADMIN, startTenant, type TestTenant } from '../helpers/app';
import { auditRows, createClient, uniq } from '../helpers/factories';

const EDGE_HOST = 'edge.healthads.test';

/**
 * A clinic has one site address (docs/domains.md#claims-proof-certificates-and-health): the
 * client's `domain` (Edit Client, onboarding, the API) and the Domains
 * screen's claims are one fact. Setting `domain` starts (or keeps) a claim,
 * the client's read says how it stands, and `siteDomain` is where its pages
 * are live (as ads' landing URLs), never a domain that was only typed.
 */
describe('the client’s domain is its claim', () => {
  let t: TestTenant;
  const host = (label = 'www') => `${label}.site-${uniq()}.example`;
  const claims = (clientId: number) => t.dataSource.getRepository(ClientDomainEntity).find({ where: { clientId }, order: { id: 'ASC' } });
  const patch = (id: number, body: object) => t.api.patch(`/api/clients/${id}`, ADMIN).send(body);
  const read = async (id: number): Promise<Client> => ClientSchema.parse((await t.api.get(`/api/clients/${id}`, ADMIN)).body.data);
  const domainsOf = async (id: number): Promise<CustomDomain[]> => (await t.api.get(`/api/clients/${id}/domains`, ADMIN)).body.data;

  beforeAll(async () => {
    t = await startTenant({ env: { EDGE_HOST, PUBLIC_BASE_URL: 'http://app.healthads.test:8080' } });
  });
  afterAll(() => t.close());

  it('Edit Client’s domain starts a pending claim with its DNS records, shown on Domains and in the client’s read; audited; nothing mapped', async () => {
    const client = await createClient(t.dataSource);
    const domain = host();
    const res = await patch(client.id, { domain: domain.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ domain, domainClaim: { status: 'pending', reason: null }, siteDomain: null });

    const listed = await domainsOf(client.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ domain, status: 'pending' });
    expect(listed[0]!.records.map((r) => r.type)).toEqual(['CNAME', 'TXT']);
    expect(await read(client.id)).toMatchObject({ domain, domainClaim: { status: 'pending' } });
    const [row] = await claims(client.id);
    expect(await auditRows(t.dataSource, 'client_domain', row!.id)).toHaveLength(1);
    // The audit log says it by name: the domain and the clinic, as they were then.
    const log = AuditPageSchema.parse((await t.api.get(`/api/audit-log/tenant?entity=client_domain&entityId=${row!.id}`, ADMIN)).body.data);
    expect(log.items.map((entry) => describeAudit(entry))).toEqual([`Claimed domain ${domain} for ${client.name}`]);
    // A claim maps nothing: only DNS proof (active) does.
    expect(await t.dataSource.getRepository(DomainMappingEntity).findBy({ domain })).toEqual([]);

    // Saving the same address again (the form sends every field) keeps the one claim.
    expect((await patch(client.id, { domain: ` ${domain.toUpperCase()} `, phone: '(303) 555-0100' })).status).toBe(200);
    expect((await claims(client.id)).map((c) => c.id)).toEqual([row!.id]);
  });

  it('a new address replaces a claim nothing was proved on; clearing the field withdraws it', async () => {
    const client = await createClient(t.dataSource);
    const first = host('a');
    const second = host('b');
    await patch(client.id, { domain: first });
    const res = await patch(client.id, { domain: second });
    expect(res.body.data).toMatchObject({ domain: second, domainClaim: { status: 'pending' } });
    expect((await domainsOf(client.id)).map((d) => d.domain)).toEqual([second]);

    const cleared = await patch(client.id, { domain: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ domain: null, domainClaim: null });
    expect(await domainsOf(client.id)).toEqual([]);
  });

  it('refuses an address the host name rules refuse, at the field `domain`, and changes nothing', async () => {
    const client = await createClient(t.dataSource, { domain: null });
    for (const [domain, message] of [
      ['127.0.0.1', M.ipLiteral],
      ['co.uk', M.publicSuffix('co.uk')],
      [EDGE_HOST, M.platformHost],
    ] as const) {
      const res = await patch(client.id, { domain });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'domain', message }]);
    }
    expect(await read(client.id)).toMatchObject({ domain: null, domainClaim: null });
    expect(await claims(client.id)).toEqual([]);
  });

  it('refuses an address another clinic verified with 409 at the field, and changes nothing', async () => {
    const owner = await createClient(t.dataSource);
    const domain = host();
    await patch(owner.id, { domain });
    await t.dataSource.getRepository(ClientDomainEntity).update({ clientId: owner.id, domain }, { status: 'verified', verifiedAt: new Date() });
    const other = await createClient(t.dataSource, { domain: null });
    const res = await patch(other.id, { domain });
    expect(res.status).toBe(409);
    expect(res.body.issues).toEqual([{ path: 'domain', message: M.claimedElsewhere(domain) }]);
    expect(await read(other.id)).toMatchObject({ domain: null });
    expect(await claims(other.id)).toEqual([]);
  });

  it('a new client with a domain starts its claim too', async () => {
    const domain = host();
    const res = await t.api.post('/api/clients', ADMIN).send({ name: `Harbor Peak ${uniq()}`, address: '1 Harbor Way, Portland, ME', phone: '(207) 555-0101', domain });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ domain, domainClaim: { status: 'pending' }, siteDomain: null });
    expect((await domainsOf(res.body.data.id)).map((d) => d.domain)).toEqual([domain]);
  });

  it('siteDomain is the active domain (as ads use it): in the read, the list and the search; removing the claim clears the field', async () => {
    const name = `Live Site ${uniq()}`;
    const client = await createClient(t.dataSource, { name });
    const domain = host();
    await patch(client.id, { domain });
    await t.dataSource.getRepository(ClientDomainEntity).update({ clientId: client.id, domain }, { status: 'active', verifiedAt: new Date(), certificateAt: new Date(), activatedAt: new Date() });
    // A status change recorded by the worker (no domain in its before/after) still names the domain and the clinic.
    const [claimRow] = await claims(client.id);
    await t.dataSource.transaction((manager) =>
      recordAudit(manager, { identity: { kind: 'service', service: 'tenant' }, requestId: 'test' }, { action: 'update', entity: 'client_domain', entityId: claimRow!.id, changes: { before: { status: 'verified' }, after: { status: 'active', reason: null } } }),
    );
    const log = AuditPageSchema.parse((await t.api.get(`/api/audit-log/tenant?entity=client_domain&entityId=${claimRow!.id}`, ADMIN)).body.data);
    expect(describeAudit(log.items[0]!)).toBe(`Domain ${domain} for ${name} is now active`);
    expect(await read(client.id)).toMatchObject({ domain, domainClaim: { status: 'active', reason: null }, siteDomain: domain });
    const listed = (await t.api.get('/api/clients', ADMIN)).body.data.find((c: Client) => c.id === client.id);
    expect(listed).toMatchObject({ siteDomain: domain, domainClaim: { status: 'active' } });
    const found = await t.api.get(`/api/clients/search?${new URLSearchParams({ q: name })}`, ADMIN);
    expect(found.body.data.items).toEqual([expect.objectContaining({ id: client.id, siteDomain: domain })]);

    // Another address typed later is pending: the pages stay live on the active one.
    const next = host('next');
    expect((await patch(client.id, { domain: next })).body.data).toMatchObject({ domain: next, domainClaim: { status: 'pending' }, siteDomain: domain });
    // The active one stays on Domains (it serves pages); the field's is pending beside it.
    expect((await domainsOf(client.id)).map((d) => [d.domain, d.status])).toEqual([
      [domain, 'active'],
      [next, 'pending'],
    ]);
    expect((await t.api.delete(`/api/clients/${client.id}/domains/${next}`, ADMIN)).status).toBe(200);
    expect(await read(client.id)).toMatchObject({ domain: null, domainClaim: null, siteDomain: domain });
  });

  it('a domain added on the Domains screen becomes the address of a clinic that has none', async () => {
    const client = await createClient(t.dataSource, { domain: null });
    const domain = host();
    expect((await t.api.post(`/api/clients/${client.id}/domains`, ADMIN).send({ domain })).status).toBe(201);
    expect(await read(client.id)).toMatchObject({ domain, domainClaim: { status: 'pending' } });
  });

  it('a domain kept from before claims reads as not claimed, and its pages are on the platform’s address', async () => {
    const domain = host('legacy');
    const client = await createClient(t.dataSource, { domain });
    expect(await read(client.id)).toMatchObject({ domain, domainClaim: null, siteDomain: null });
  });
});

describe('the client’s domain without custom domains configured', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await startTenant({ env: { EDGE_HOST: '', EDGE_IPV4: '', EDGE_IPV6: '' } });
  });
  afterAll(() => t.close());

  it('is kept, checked by the host name rules, with no claim', async () => {
    const client = await createClient(t.dataSource, { domain: null });
    const domain = `www.site-${uniq()}.example`;
    const res = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ domain });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ domain, domainClaim: null, siteDomain: null });
    expect((await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ domain: '10.0.0.1' })).status).toBe(400);
  });
});
