import { createSocket } from 'node:dgram';
import { domainToASCII } from 'node:url';
import request from 'supertest';
import { CustomDomainMessages as M, CustomDomainSchema, MAX_DOMAINS_PER_CLINIC, type CustomDomain } from '@hap/contracts';
import { createQueue, queueRedis, type Identity } from '@hap/service-kit';
import { dnsCheckFromConfig, edgeFromConfig, platformHostsOf } from '../../src/app';
import { ClientDomainEntity } from '../../src/modules/custom-domain/client-domain.entity';
import { DomainMappingEntity } from '../../src/modules/domain-mapping/domain-mapping.entity';
import { createHandlers } from '../../src/queues/handlers';
import type { DomainQueueOf } from '../../src/modules/custom-domain/domain-check.job';
import { UNREAD_CATALOGUE } from '../helpers/catalogue';
import { ADMIN, ANONYMOUS, GATEWAY, startTenant, type TestTenant } from '../helpers/app';
import { startLoopbackDns, type LoopbackDns } from '@hap/test-kit/dns-server';
import { auditRows, createClient, uniq } from '../helpers/factories';

const EDGE_HOST = 'edge.healthads.test';
const EDGE_IPV4 = '127.0.0.10';
const EDGE_IPV6 = '::ffff:127.0.0.11';

/**
 * Custom domains through the real tenant app and PostgreSQL, with
 * DNS answered by a real DNS server on loopback (dns2, UDP on 127.0.0.1): the
 * tenant's node:dns Resolver asks it over the wire.
 */
describe('custom domains: /api/clients/:id/domains, /api/portal/domains, /internal/domains/*', () => {
  let t: TestTenant;
  let dns: LoopbackDns;

  const host = (label = 'trt') => `${label}.clinic-${uniq()}.example`;
  const claim = async (clientId: number, domain: string) => {
    const res = await t.api.post(`/api/clients/${clientId}/domains`, ADMIN).send({ domain });
    expect(res.status).toBe(201);
    return CustomDomainSchema.strict().parse(res.body.data);
  };
  const verify = (clientId: number, domain: string) => t.api.post(`/api/clients/${clientId}/domains/${encodeURIComponent(domain)}/verify`, ADMIN);
  const txtOf = (d: CustomDomain) => d.records.find((r) => r.type === 'TXT')!;
  const serveAll = (d: CustomDomain) => {
    dns.set(txtOf(d).name, { TXT: [txtOf(d).value] });
    dns.set(d.domain, { CNAME: EDGE_HOST });
  };
  const mappingsOf = (domain: string) => t.dataSource.getRepository(DomainMappingEntity).findBy({ domain });

  beforeAll(async () => {
    dns = await startLoopbackDns();
    t = await startTenant({
      env: { EDGE_HOST, EDGE_IPV4, EDGE_IPV6, DNS_RESOLVER: dns.server, DNS_TIMEOUT_MS: '500', PUBLIC_BASE_URL: 'http://app.healthads.test:8080' },
    });
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  describe('POST /api/clients/:id/domains', () => {
    it('claims a subdomain: pending, a CNAME to the edge and a TXT token, with words for each; audited', async () => {
      const client = await createClient(t.dataSource);
      const domain = host();
      const d = await claim(client.id, domain.toUpperCase());

      expect(d).toMatchObject({ domain, clientId: client.id, status: 'pending', reason: null, verifiedAt: null, lastCheckedAt: null });
      expect(d.records.map(({ type, name, value }) => ({ type, name, value }))).toEqual([
        { type: 'CNAME', name: domain, value: EDGE_HOST },
        { type: 'TXT', name: `_hap-challenge.${domain}`, value: expect.stringMatching(/^hap-verify=[A-Za-z0-9_-]{24}$/) },
      ]);
      expect(d.records.every((r) => r.help.includes(r.value))).toBe(true);
      expect(new Date(d.checkUntil).getTime() - new Date(d.createdAt).getTime()).toBe(72 * 3600 * 1000);
      const row = await t.dataSource.getRepository(ClientDomainEntity).findOneByOrFail({ domain });
      expect(await auditRows(t.dataSource, 'client_domain', row.id)).toHaveLength(1);
      // A fresh token per claim.
      const other = await claim((await createClient(t.dataSource)).id, domain);
      expect(txtOf(other).value).not.toBe(txtOf(d).value);
    });

    it('gives an apex (two labels) A and AAAA records to the edge’s addresses', async () => {
      const client = await createClient(t.dataSource);
      const d = await claim(client.id, `clinic-${uniq()}.example`);
      expect(d.records.map((r) => [r.type, r.value])).toEqual([
        ['A', EDGE_IPV4],
        ['AAAA', EDGE_IPV6],
        ['TXT', txtOf(d).value],
      ]);
    });

    it('lets a clinic hold at most 10 domains (409 in words), and another once one is removed', async () => {
      const client = await createClient(t.dataSource);
      const names = Array.from({ length: MAX_DOMAINS_PER_CLINIC }, (_, i) => host(`d${i}`));
      for (const name of names) await claim(client.id, name);
      const over = await t.api.post(`/api/clients/${client.id}/domains`, ADMIN).send({ domain: host('over') });
      expect(over.status).toBe(409);
      expect(over.body.message).toBe(M.tooMany(MAX_DOMAINS_PER_CLINIC));
      expect((await t.api.delete(`/api/clients/${client.id}/domains/${names[0]}`, ADMIN)).status).toBe(200);
      await claim(client.id, host('over'));
    });

    it('knows an apex by the public suffix list: clinic.co.uk is one, www.clinic.co.uk is not; a public suffix itself is refused', async () => {
      const client = await createClient(t.dataSource);
      const name = `clinic-${uniq()}.co.uk`;
      expect((await claim(client.id, name)).records.map((r) => r.type)).toEqual(['A', 'AAAA', 'TXT']);
      expect((await claim(client.id, `www.${name}`)).records.map((r) => r.type)).toEqual(['CNAME', 'TXT']);
      for (const suffix of ['co.uk', 'github.io']) {
        const res = await t.api.post(`/api/clients/${client.id}/domains`, ADMIN).send({ domain: suffix });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(M.publicSuffix(suffix));
      }
    });

    it.each([
      ['127.0.0.1', M.ipLiteral],
      ['[::1]', M.ipLiteral],
      ['*.clinic.example', M.wildcard],
      ['edge.healthads.test', M.platformHost],
      ['app.healthads.test', M.platformHost],
      ['https://www.clinic.example/trt', M.notHostOnly],
      ['xn--zz.example', M.badName],
      ['localhost', M.oneLabel],
      ['', M.required],
      // Special-use names are never on the public internet (RFC 6761, RFC 6762, ICANN's .internal).
      ['foo.localhost', M.specialUse('foo.localhost', 'localhost')],
      ['clinic.internal', M.specialUse('clinic.internal', 'internal')],
      ['printer.local', M.specialUse('printer.local', 'local')],
      ['router.home.arpa', M.specialUse('router.home.arpa', 'arpa')],
      // A homograph: a Cyrillic а among Latin letters, refused showing how it reads.
      ['xn--pple-43d.com', M.mixedScript('аpple.com', 'xn--pple-43d.com')],
      ['аpple.com', M.mixedScript('аpple.com', 'xn--pple-43d.com')],
    ])('refuses %j with 400 in plain words, and stores nothing', async (domain, message) => {
      const client = await createClient(t.dataSource);
      const res = await t.api.post(`/api/clients/${client.id}/domains`, ADMIN).send({ domain });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await t.dataSource.getRepository(ClientDomainEntity).countBy({ clientId: client.id })).toBe(0);
    });

    it('claims an international name in one alphabet, answering and listing how it reads with a warning', async () => {
      const client = await createClient(t.dataSource);
      const owner: Identity = { kind: 'clinic', userId: 94_001, email: 'o@idn.test', name: 'O', clientId: client.id, role: 'owner' };
      const label = `клиника${uniq().replace(/[^0-9]/g, '').slice(0, 6)}`;
      const typed = `${label}.com`;
      const ascii = domainToASCII(typed);
      const d = await claim(client.id, typed);
      expect(d).toMatchObject({ domain: ascii, unicode: typed, warning: M.unicodeName(typed, ascii) });
      const plain = await claim(client.id, host());
      expect(plain).toMatchObject({ unicode: plain.domain, warning: null });
      const listed = await t.api.get(`/api/clients/${client.id}/domains`, ADMIN);
      expect(listed.body.data.map((x: CustomDomain) => [x.unicode, x.warning])).toEqual([
        [typed, M.unicodeName(typed, ascii)],
        [plain.domain, null],
      ]);
      const portal = await t.api.get('/api/portal/domains', owner);
      expect(portal.body.data[0]).toMatchObject({ domain: ascii, unicode: typed, warning: M.unicodeName(typed, ascii) });
    });

    it('answers 409 for a domain the clinic already claimed, 404 for no such clinic, 403 for a clinic user', async () => {
      const client = await createClient(t.dataSource);
      const domain = host();
      await claim(client.id, domain);
      expect((await t.api.post(`/api/clients/${client.id}/domains`, ADMIN).send({ domain })).body.message).toBe(M.alreadyAdded(domain));
      expect((await t.api.post('/api/clients/2000000000/domains', ADMIN).send({ domain: host() })).status).toBe(404);
      const owner: Identity = { kind: 'clinic', userId: 1, email: 'o@x.test', name: 'O', clientId: client.id, role: 'owner' };
      expect((await t.api.post(`/api/clients/${client.id}/domains`, owner).send({ domain: host() })).status).toBe(403);
    });
  });

  describe('POST /api/clients/:id/domains/:domain/verify (against the loopback DNS server)', () => {
    it('stays pending with the reason until both records are served, then turns verified', async () => {
      const client = await createClient(t.dataSource);
      const d = await claim(client.id, host());
      const asked = dns.asked.length;

      const none = await verify(client.id, d.domain);
      expect(none.status).toBe(200);
      expect(none.body.data).toMatchObject({ status: 'pending', reason: M.bothMissing, verifiedAt: null });
      expect(none.body.data.lastCheckedAt).not.toBeNull();
      expect(dns.asked.slice(asked)).toEqual(expect.arrayContaining([`TXT _hap-challenge.${d.domain}`, `CNAME ${d.domain}`]));

      dns.set(txtOf(d).name, { TXT: [txtOf(d).value] });
      expect((await verify(client.id, d.domain)).body.data).toMatchObject({ status: 'pending', reason: M.routingMissing });

      dns.set(txtOf(d).name, { TXT: ['hap-verify=someone-elses-token'] });
      dns.set(d.domain, { CNAME: EDGE_HOST });
      expect((await verify(client.id, d.domain)).body.data).toMatchObject({ status: 'pending', reason: M.txtMissing });

      dns.set(d.domain, { CNAME: 'elsewhere.example' });
      dns.set(txtOf(d).name, { TXT: [txtOf(d).value] });
      expect((await verify(client.id, d.domain)).body.data).toMatchObject({ status: 'pending', reason: M.routingMissing });

      dns.set(d.domain, { CNAME: `${EDGE_HOST}.` });
      const done = await verify(client.id, d.domain);
      expect(done.status).toBe(200);
      expect(CustomDomainSchema.strict().parse(done.body.data)).toMatchObject({ status: 'verified', reason: null, nextCheckAt: null });
      expect(done.body.data.verifiedAt).not.toBeNull();
      // Verified is not yet active: the host does not map to the clinic until the edge serves it.
      expect(await mappingsOf(d.domain)).toEqual([]);
    });

    it('verifies an apex by its A record to the edge’s IPv4 address (or AAAA to its IPv6)', async () => {
      const client = await createClient(t.dataSource);
      const v4 = await claim(client.id, `clinic-${uniq()}.example`);
      dns.set(txtOf(v4).name, { TXT: [txtOf(v4).value] });
      dns.set(v4.domain, { A: ['127.0.0.99'] });
      expect((await verify(client.id, v4.domain)).body.data.status).toBe('pending');
      dns.set(v4.domain, { A: ['127.0.0.99', EDGE_IPV4] });
      expect((await verify(client.id, v4.domain)).body.data.status).toBe('verified');

      const v6 = await claim(client.id, `clinic-${uniq()}.example`);
      dns.set(txtOf(v6).name, { TXT: [txtOf(v6).value] });
      dns.set(v6.domain, { AAAA: ['0:0:0:0:0:ffff:7f00:b'] });
      expect((await verify(client.id, v6.domain)).body.data.status).toBe('verified');
    });

    it('refuses a claim of a domain verified for another clinic with 409 in words; a second verification of a shared pending claim is 409', async () => {
      const a = await createClient(t.dataSource);
      const b = await createClient(t.dataSource);
      const domain = host();
      const da = await claim(a.id, domain);
      const db = await claim(b.id, domain); // both pending: fine
      serveAll(da);
      expect((await verify(a.id, domain)).body.data.status).toBe('verified');

      const again = await t.api.post(`/api/clients/${(await createClient(t.dataSource)).id}/domains`, ADMIN).send({ domain });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(M.claimedElsewhere(domain));

      dns.set(txtOf(db).name, { TXT: [txtOf(db).value] });
      const second = await verify(b.id, domain);
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(M.claimedElsewhere(domain));
    });

    it('answers 404 for a domain the clinic has not claimed (another clinic’s included)', async () => {
      const a = await createClient(t.dataSource);
      const b = await createClient(t.dataSource);
      const d = await claim(a.id, host());
      expect((await verify(b.id, d.domain)).status).toBe(404);
      expect((await verify(a.id, 'not-claimed.example')).body.message).toBe(M.notFound('not-claimed.example'));
    });
  });

  describe('GET /internal/domains/ask (the edge’s on-demand TLS ask, unsigned)', () => {
    it('answers 200 only for a domain verified or later, else 404', async () => {
      const client = await createClient(t.dataSource);
      const d = await claim(client.id, host());
      const ask = (domain: string) => request(t.app.server).get(`/internal/domains/ask?domain=${encodeURIComponent(domain)}`);

      expect((await ask(d.domain)).status).toBe(404);
      expect((await ask('unknown.example')).status).toBe(404);
      expect((await ask('')).status).toBe(400);
      serveAll(d);
      await verify(client.id, d.domain);
      const ok = await ask(d.domain.toUpperCase());
      expect(ok.status).toBe(200);
      // The name only: an unsigned answer says nothing about whose it is.
      expect(ok.body.data).toEqual({ domain: d.domain });
    });
  });

  describe('POST /internal/domains/certificate and DELETE', () => {
    it('turns a verified domain active, mapping its host to the clinic; removing it removes the mapping', async () => {
      const client = await createClient(t.dataSource);
      const d = await claim(client.id, host());
      const report = () => t.api.post('/internal/domains/certificate', GATEWAY).send({ domain: d.domain });

      expect((await report()).status).toBe(404); // not verified: no certificate to report
      expect((await t.api.post('/internal/domains/certificate', ANONYMOUS).send({ domain: d.domain })).status).toBe(403);
      serveAll(d);
      await verify(client.id, d.domain);
      const active = await report();
      expect(active.status).toBe(200);
      expect(active.body.data.status).toBe('active');
      expect(await mappingsOf(d.domain)).toEqual([expect.objectContaining({ path: '/', clientId: client.id, isActive: true })]);
      const resolved = await t.api.get(`/api/resolve-client?host=${d.domain}`, ANONYMOUS);
      expect(resolved.body.data).toEqual({ clientId: client.id, source: 'host' });

      const gone = await t.api.delete(`/api/clients/${client.id}/domains/${d.domain}`, ADMIN);
      expect(gone.status).toBe(200);
      expect(gone.body.data).toEqual({ domain: d.domain });
      expect(await mappingsOf(d.domain)).toEqual([]);
      expect((await t.api.get(`/api/clients/${client.id}/domains`, ADMIN)).body.data).toEqual([]);
      expect((await t.api.delete(`/api/clients/${client.id}/domains/${d.domain}`, ADMIN)).status).toBe(404);
    });
  });

  describe('the portal rows: the owner’s own clinic only', () => {
    it('lets the owner claim, list, verify and remove their clinic’s domains; staff read; another clinic’s domain is 404', async () => {
      const a = await createClient(t.dataSource);
      const b = await createClient(t.dataSource);
      const ownerA: Identity = { kind: 'clinic', userId: 93_001, email: 'a@a.test', name: 'A Owner', clientId: a.id, role: 'owner' };
      const staffA: Identity = { ...ownerA, userId: 93_002, role: 'front_desk' };
      const ownerB: Identity = { kind: 'clinic', userId: 93_003, email: 'b@b.test', name: 'B Owner', clientId: b.id, role: 'owner' };

      // The clinic is the identity's: a clinic id in the body is refused, not ignored.
      const smuggled = await t.api.post('/api/portal/domains', ownerA).send({ domain: host(), clientId: b.id });
      expect(smuggled.status).toBe(400);
      expect(JSON.stringify(smuggled.body)).toContain(M.onlyDomain(['clientId']));
      const created = await t.api.post('/api/portal/domains', ownerA).send({ domain: host() });
      expect(created.status).toBe(201);
      const d = CustomDomainSchema.parse(created.body.data);
      expect(d.clientId).toBe(a.id);
      expect((await t.api.post('/api/portal/domains', staffA).send({ domain: host() })).status).toBe(403);
      expect((await t.api.get('/api/portal/domains', staffA)).body.data).toEqual([expect.objectContaining({ domain: d.domain })]);
      expect((await t.api.get('/api/portal/domains', ownerB)).body.data).toEqual([]);
      expect((await t.api.get('/api/portal/domains', ADMIN)).status).toBe(403);

      expect((await t.api.post(`/api/portal/domains/${d.domain}/verify`, ownerB)).status).toBe(404);
      expect((await t.api.delete(`/api/portal/domains/${d.domain}`, ownerB)).status).toBe(404);
      serveAll(d);
      expect((await t.api.post(`/api/portal/domains/${d.domain}/verify`, ownerA)).body.data.status).toBe('verified');
      expect((await t.api.delete(`/api/portal/domains/${d.domain}`, ownerA)).status).toBe(200);
      const row = await t.dataSource.getRepository(ClientDomainEntity).findOneBy({ domain: d.domain });
      expect(row).toBeNull();
      const audited = await t.dataSource.query(`SELECT "action", "actor_user_id" FROM "tenant"."audit_log" WHERE "entity" = 'client_domain' AND "actor_user_id" = $1 ORDER BY "id"`, [93_001]);
      expect(audited.map((r: { action: string }) => r.action)).toEqual(['create', 'update', 'delete']);
    });
  });

  describe('configuration', () => {
    it('with only EDGE_HOST, an apex is verified by an ALIAS (flattened) record: its addresses are the edge host’s', async () => {
      const hostOnly = await startTenant({ env: { EDGE_HOST, EDGE_IPV4: '', EDGE_IPV6: '', DNS_RESOLVER: dns.server, DNS_TIMEOUT_MS: '500' } });
      try {
        const client = await createClient(hostOnly.dataSource);
        const apex = `clinic-${uniq()}.example`;
        const res = await hostOnly.api.post(`/api/clients/${client.id}/domains`, ADMIN).send({ domain: apex });
        expect(res.status).toBe(201);
        const d = CustomDomainSchema.parse(res.body.data);
        expect(d.records[0]).toMatchObject({ type: 'CNAME', value: EDGE_HOST, help: expect.stringContaining('ALIAS') });
        dns.set(txtOf(d).name, { TXT: [txtOf(d).value] });
        dns.set(EDGE_HOST, { A: ['127.0.0.20'] });
        // The provider flattens the ALIAS: the apex answers addresses, not a CNAME.
        dns.set(apex, { A: ['127.0.0.21'] });
        const elsewhere = await hostOnly.api.post(`/api/clients/${client.id}/domains/${apex}/verify`, ADMIN);
        expect(elsewhere.body.data).toMatchObject({ status: 'pending', reason: M.routingMissing });
        dns.set(apex, { A: ['127.0.0.20'] });
        expect((await hostOnly.api.post(`/api/clients/${client.id}/domains/${apex}/verify`, ADMIN)).body.data.status).toBe('verified');
      } finally {
        dns.clear(EDGE_HOST);
        await hostOnly.close();
      }
    });

    it('says domains are not configured (503) when neither an edge host nor an address is set', async () => {
      const bare = await startTenant({ env: { EDGE_HOST: '', EDGE_IPV4: '', EDGE_IPV6: '' } });
      try {
        const client = await createClient(bare.dataSource);
        const res = await bare.api.post(`/api/clients/${client.id}/domains`, ADMIN).send({ domain: host() });
        expect(res.status).toBe(503);
        expect(res.body.message).toBe(M.notConfigured);
      } finally {
        await bare.close();
      }
    });
  });

  describe('the tenant.domain-check job', () => {
    it('checks a pending claim, queues the next check later, and verifies once DNS serves the records', async () => {
      const client = await createClient(t.dataSource);
      const d = await claim(client.id, host());
      const row = await t.dataSource.getRepository(ClientDomainEntity).findOneByOrFail({ domain: d.domain });
      const queue = createQueue('tenant.domain-check', queueRedis(t.config));
      try {
        const handlers = createHandlers({
          dataSource: t.dataSource,
          catalogue: UNREAD_CATALOGUE,
          crm: null,
          domains: { dns: dnsCheckFromConfig(t.config), edge: edgeFromConfig(t.config), platformHosts: platformHostsOf(t.config), queue: (() => queue) as DomainQueueOf },
        });
        const job = {} as never;
        const first = (await handlers['tenant.domain-check']({ domainId: row.id, check: 1 }, job)) as CustomDomain;
        expect(first).toMatchObject({ status: 'pending', reason: M.bothMissing });
        const next = await queue.queue.getJob(`domain-check-${row.id}-2`);
        expect(next?.opts.delay).toBe(120_000);
        expect(new Date(first.nextCheckAt!).getTime() - Date.now()).toBeGreaterThan(100_000);

        serveAll(d);
        const second = (await handlers['tenant.domain-check']({ domainId: row.id, check: 2 }, job)) as CustomDomain;
        expect(second).toMatchObject({ status: 'verified', nextCheckAt: null });
        expect(await queue.queue.getJob(`domain-check-${row.id}-3`)).toBeUndefined();
        // Once verified, a late job does nothing.
        expect(await handlers['tenant.domain-check']({ domainId: row.id, check: 3 }, job)).toBeNull();
        await next?.remove();
      } finally {
        await queue.close();
      }
    });

    it('fails a pending claim whose name another clinic verified first, with the words why', async () => {
      const a = await createClient(t.dataSource);
      const b = await createClient(t.dataSource);
      const domain = host();
      const da = await claim(a.id, domain);
      const dbClaim = await claim(b.id, domain);
      serveAll(da);
      expect((await verify(a.id, domain)).body.data.status).toBe('verified');
      dns.set(txtOf(dbClaim).name, { TXT: [txtOf(dbClaim).value] });
      const row = await t.dataSource.getRepository(ClientDomainEntity).findOneByOrFail({ domain, clientId: b.id });
      const handlers = createHandlers({
        dataSource: t.dataSource,
        catalogue: UNREAD_CATALOGUE,
        crm: null,
        domains: { dns: dnsCheckFromConfig(t.config), edge: edgeFromConfig(t.config), platformHosts: [], queue: () => { throw new Error('no next check for a lost claim'); } },
      });
      const out = (await handlers['tenant.domain-check']({ domainId: row.id, check: 2 }, {} as never)) as CustomDomain;
      expect(out).toMatchObject({ status: 'failing', reason: M.claimedElsewhere(domain), nextCheckAt: null });
      expect((await auditRows(t.dataSource, 'client_domain', row.id)).map((r) => r.action)).toEqual(['create', 'update']);
    });

    it('a resolver that cannot be asked is not "records missing": pending with words, never given up on its account, checked again at the job’s pace', async () => {
      const client = await createClient(t.dataSource);
      const d = await claim(client.id, host());
      serveAll(d);
      const repo = t.dataSource.getRepository(ClientDomainEntity);
      const row = await repo.findOneByOrFail({ domain: d.domain });
      await repo.update({ id: row.id }, { checkUntil: new Date(Date.now() - 1000) });
      // A UDP port on loopback that nobody listens on: the resolver is refused.
      const closed = await new Promise<number>((resolve) => {
        const socket = createSocket('udp4');
        socket.bind(0, '127.0.0.1', () => {
          const { port } = socket.address();
          socket.close(() => resolve(port));
        });
      });
      const queue = createQueue('tenant.domain-check', queueRedis(t.config));
      try {
        const down = dnsCheckFromConfig({ ...t.config, DNS_RESOLVER: `127.0.0.1:${closed}`, DNS_TIMEOUT_MS: 300 });
        expect(await down.pointsHere(d.domain)).toBe('unknown');
        const handlers = createHandlers({
          dataSource: t.dataSource,
          catalogue: UNREAD_CATALOGUE,
          crm: null,
          domains: { dns: down, edge: edgeFromConfig(t.config), platformHosts: [], queue: (() => queue) as DomainQueueOf },
        });
        const out = (await handlers['tenant.domain-check']({ domainId: row.id, check: 40 }, {} as never)) as CustomDomain;
        expect(out).toMatchObject({ status: 'pending', reason: M.dnsUnavailable });
        // Past the window, the next check comes at the job's hourly pace, not at once.
        expect((await queue.queue.getJob(`domain-check-${row.id}-41`))?.opts.delay).toBe(60 * 60_000);
        await (await queue.queue.getJob(`domain-check-${row.id}-41`))?.remove();
        // The resolver answers again and the records are there: verified.
        expect((await verify(client.id, d.domain)).body.data.status).toBe('verified');
      } finally {
        await queue.close();
      }
    });

    it('gives up after 72 hours: failing with "DNS records not found after 72 hours"', async () => {
      const client = await createClient(t.dataSource);
      const d = await claim(client.id, host());
      const repo = t.dataSource.getRepository(ClientDomainEntity);
      const row = await repo.findOneByOrFail({ domain: d.domain });
      await repo.update({ id: row.id }, { checkUntil: new Date(Date.now() - 1000) });
      const handlers = createHandlers({
        dataSource: t.dataSource,
        catalogue: UNREAD_CATALOGUE,
        crm: null,
        domains: { dns: dnsCheckFromConfig(t.config), edge: edgeFromConfig(t.config), platformHosts: [], queue: () => { throw new Error('no next check after 72 hours'); } },
      });
      const out = (await handlers['tenant.domain-check']({ domainId: row.id, check: 40 }, {} as never)) as CustomDomain;
      expect(out).toMatchObject({ status: 'failing', reason: 'DNS records not found after 72 hours', nextCheckAt: null });
      // The admin's re-check still works once the records are there.
      serveAll(d);
      expect((await verify(client.id, d.domain)).body.data.status).toBe('verified');
    });
  });

  it('keeps every stored address on loopback', () => {
    expect(EDGE_IPV4.startsWith('127.')).toBe(true);
    expect(dns.server.startsWith('127.0.0.1:')).toBe(true);
  });
});
