import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { CustomDomainMessages as M, CustomDomainSchema, escapeHtml, type CustomDomain } from '@hap/contracts';
import { createMailer, createQueue, queueRedis, type JobQueue, type QueueRedis } from '@hap/service-kit';
import { startSmtp } from '@hap/test-kit/smtp-server';
import { dnsCheckFromConfig, edgeFromConfig, platformHostsOf } from '../../src/app';
import { UNREAD_CATALOGUE } from '../helpers/catalogue';
import { ClientDomainEntity } from '../../src/modules/custom-domain/client-domain.entity';
import { ClientDomainService, type EdgeProbing } from '../../src/modules/custom-domain/client-domain.service';
import { DnsCheck } from '../../src/modules/custom-domain/dns-check';
import { DOMAIN_HEALTH_SCHEDULER_ID, DomainQueues, scheduleDailyHealth, utcDay } from '../../src/modules/custom-domain/domain-check.job';
import { EdgeProbe } from '../../src/modules/custom-domain/edge-probe';
import { ClientRepository } from '../../src/modules/client/client.repository';
import { DomainMappingEntity } from '../../src/modules/domain-mapping/domain-mapping.entity';
import { UserEntity } from '../../src/modules/user/user.entity';
import { createHandlers } from '../../src/queues/handlers';
import { ADMIN, startTenant, type TestTenant } from '../helpers/app';
import { freePort, startCaddy, type CaddyEdge } from '@hap/test-kit/caddy';
import { startLoopbackDns, type LoopbackDns } from '@hap/test-kit/dns-server';
import { auditRows, createClient, createClinicUser, uniq } from '../helpers/factories';
import { readFileSync } from 'node:fs';

const EDGE_HOST = 'edge.healthads.test';

/**
 * Custom domains from verified onward, through the real
 * tenant app, the worker's own handlers, PostgreSQL and Redis, with DNS from a
 * real server on loopback (dns2) and REAL CADDY as the edge on loopback ports:
 * on-demand TLS (`tls internal`) whose `ask` is this tenant app's
 * /internal/domains/ask, every name proxied to a stand-in for the clinic's
 * pages that shows the clinic mapped to the Host (or what a test makes it
 * answer). Alerts go to a real SMTP server on loopback.
 */
describe('custom domains at the edge: certificate step, daily health check, alerts (real Caddy)', () => {
  let t: TestTenant;
  let dns: LoopbackDns;
  let edge: CaddyEdge;
  let shortEdge: CaddyEdge | null = null;
  let pages: Server;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let queues: DomainQueues;
  let redis: QueueRedis;
  /** What the stand-in answers for a host instead of the clinic's page. */
  const answers = new Map<string, { status: number; body: string }>();

  const host = (label = 'www') => `${label}.clinic-${uniq()}.example`;
  const repo = () => t.dataSource.getRepository(ClientDomainEntity);
  const txtOf = (d: CustomDomain) => d.records.find((r) => r.type === 'TXT')!;
  const serveAll = (d: CustomDomain) => {
    dns.set(txtOf(d).name, { TXT: [txtOf(d).value] });
    dns.set(d.domain, { CNAME: EDGE_HOST });
  };
  const mappingsOf = (domain: string) => t.dataSource.getRepository(DomainMappingEntity).findBy({ domain });
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const workerHandlers = (probe: EdgeProbing | null = EdgeProbe.fromSettings({ address: edge.address, caFile: edge.caFile, timeoutMs: 30_000 }), dnsCheck = dnsCheckFromConfig(t.config)) =>
    createHandlers({
      dataSource: t.dataSource,
      catalogue: UNREAD_CATALOGUE,
      crm: null,
      domains: {
        dns: dnsCheck,
        edge: edgeFromConfig(t.config),
        platformHosts: platformHostsOf(t.config),
        queue: (name) => queues.get(name),
        probe,
        mailer: createMailer({ smtpUrl: smtp.url, from: 'Health Ads <no-reply@healthads.local>', timeoutMs: 3000 }),
      },
    });
  const JOB = {} as never;

  /** Claimed, DNS served, verified through the API: the app queues the certificate step. */
  async function verifiedDomain(clientId: number, domain = host()): Promise<CustomDomain> {
    const claimed = await t.api.post(`/api/clients/${clientId}/domains`, ADMIN).send({ domain });
    expect(claimed.status).toBe(201);
    const d = CustomDomainSchema.parse(claimed.body.data);
    serveAll(d);
    const verified = await t.api.post(`/api/clients/${clientId}/domains/${d.domain}/verify`, ADMIN);
    expect(verified.body.data).toMatchObject({ status: 'verified' });
    return CustomDomainSchema.strict().parse(verified.body.data);
  }
  const idOf = async (domain: string) => (await repo().findOneByOrFail({ domain })).id;
  /** A domain taken to active through the certificate step against the real edge. */
  async function activeDomain(clientId: number): Promise<{ d: CustomDomain; id: number }> {
    const d = await verifiedDomain(clientId);
    const id = await idOf(d.domain);
    const out = (await workerHandlers()['tenant.domain-certificate']({ domainId: id, attempt: 1 }, JOB)) as CustomDomain;
    expect(out).toMatchObject({ status: 'active', reason: null });
    return { d, id };
  }
  const health = async (id: number, probe?: EdgeProbing) =>
    CustomDomainSchema.strict().parse(await workerHandlers(probe)['tenant.domain-health']({ domainId: id, day: utcDay(new Date()) }, JOB));

  beforeAll(async () => {
    dns = await startLoopbackDns();
    smtp = await startSmtp();
    // The clinic's pages, as the gateway would serve them: the clinic mapped to the Host at '/', else 404.
    pages = createServer((req, res) => {
      const name = (req.headers.host ?? '').replace(/:\d+$/, '');
      const forced = answers.get(name);
      if (forced) return void res.writeHead(forced.status, { 'content-type': 'text/html' }).end(forced.body);
      void t.dataSource
        .query(
          `SELECT c."name" FROM "tenant"."domain_mappings" m JOIN "tenant"."clients" c ON c."id" = m."client_id" WHERE m."domain" = $1 AND m."path" = '/' AND m."is_active"`,
          [name],
        )
        .then((rows: Array<{ name: string }>) => {
          if (!rows[0]) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>No clinic at this address</h1>');
          res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>${escapeHtml(rows[0].name)}</title><h1>${escapeHtml(rows[0].name)}</h1>`);
        });
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    const tenantPort = await freePort();
    // Leaves of 30 days (the health check wants more than 14), signed by a CA the helper makes for Caddy.
    edge = await startCaddy({
      askUrl: `http://127.0.0.1:${tenantPort}/internal/domains/ask`,
      upstream: `127.0.0.1:${(pages.address() as { port: number }).port}`,
      leafLifetime: '720h',
    });
    t = await startTenant({
      env: {
        EDGE_HOST,
        DNS_RESOLVER: dns.server,
        DNS_TIMEOUT_MS: '500',
        PUBLIC_BASE_URL: 'http://app.healthads.test:8080',
        EDGE_TLS_ADDRESS: edge.address,
        EDGE_CA_FILE: edge.caFile,
        EDGE_PROBE_TIMEOUT_MS: '30000',
        SMTP_URL: smtp.url,
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: tenantPort });
    redis = queueRedis(t.config);
    queues = new DomainQueues(redis);
  }, 60_000);

  afterAll(async () => {
    await queues?.close();
    await shortEdge?.stop();
    await edge?.stop();
    await t?.close();
    await new Promise<void>((resolve) => pages.close(() => resolve()));
    await smtp?.close();
    await dns?.close();
  });

  describe('the certificate step (tenant.domain-certificate)', () => {
    it('verified → certificate_issued → active: the edge obtains a certificate at the first handshake, the host maps to the clinic, each step audited', async () => {
      const client = await createClient(t.dataSource);
      const d = await verifiedDomain(client.id);
      const id = await idOf(d.domain);
      // Verifying queued the certificate step's first try, at once.
      expect(d.nextCheckAt).not.toBeNull();
      const job = await queues.get('tenant.domain-certificate').queue.getJob(`domain-certificate-${id}-1`);
      expect(job?.data).toEqual({ domainId: id, attempt: 1 });
      expect(job?.opts.delay ?? 0).toBe(0);
      expect(await mappingsOf(d.domain)).toEqual([]);

      const out = CustomDomainSchema.strict().parse(await workerHandlers()['tenant.domain-certificate'](job!.data, JOB));
      expect(out).toMatchObject({ status: 'active', reason: null, nextCheckAt: null, failingSince: null });
      // Caddy's internal CA signed a 30-day leaf for the name.
      const days = (new Date(out.certificateExpiresAt!).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(28);
      expect(days).toBeLessThan(31);
      const row = await repo().findOneByOrFail({ id });
      expect(row.certificateAt).not.toBeNull();
      expect(row.activatedAt).not.toBeNull();
      expect(await mappingsOf(d.domain)).toEqual([expect.objectContaining({ path: '/', clientId: client.id, isActive: true })]);
      const steps = (await auditRows(t.dataSource, 'client_domain', id)).map((r) => (r.changes as { after?: { status: string } }).after?.status);
      expect(steps).toEqual(['pending', 'verified', 'certificate_issued', 'active']);
      // The clinic's site is the domain now (the portal's page links, the admin's live-page buttons), and the host mapping was audited.
      const [site] = await t.dataSource.query(`SELECT "domain" FROM "tenant"."clients" WHERE "id" = $1`, [client.id]);
      expect(site.domain).toBe(d.domain);
      expect((await auditRows(t.dataSource, 'client', client.id)).map((r) => r.changes)).toContainEqual(expect.objectContaining({ before: { domain: client.domain ?? null }, after: { domain: d.domain } }));
      const [mapping] = await mappingsOf(d.domain);
      expect((await auditRows(t.dataSource, 'domain_mapping', mapping.id)).map((r) => r.action)).toEqual(['create']);

      // The clinic's page over HTTPS by its name, through the edge, with the certificate it obtained.
      const probe = new EdgeProbe({ address: edge.address, extraCaPem: readFileSync(edge.caFile, 'utf8'), timeoutMs: 10_000 });
      expect(await probe.page(d.domain, client.name)).toEqual({ ok: true });
      // A late try does nothing.
      expect(await workerHandlers()['tenant.domain-certificate']({ domainId: id, attempt: 2 }, JOB)).toBeNull();
    });

    it('gives an unverified name no certificate: the ask answers 404, so the edge refuses the handshake', async () => {
      const client = await createClient(t.dataSource);
      const claimed = await t.api.post(`/api/clients/${client.id}/domains`, ADMIN).send({ domain: host() });
      const pending = CustomDomainSchema.parse(claimed.body.data);
      serveAll(pending); // DNS in place but not verified yet: still no certificate
      expect((await request(t.app.server).get(`/internal/domains/ask?domain=${pending.domain}`)).status).toBe(404);
      const probe = new EdgeProbe({ address: edge.address, extraCaPem: readFileSync(edge.caFile, 'utf8'), timeoutMs: 10_000 });
      expect(await probe.certificate(pending.domain)).toEqual({ ok: false, reason: M.handshakeRefused(pending.domain) });
      expect(await probe.certificate(`never-claimed-${uniq()}.example`)).toMatchObject({ ok: false });
      expect(await probe.page(pending.domain, client.name)).toEqual({ ok: false, reason: M.handshakeRefused(pending.domain) });
      // The step does nothing for a claim that is not verified.
      expect(await workerHandlers()['tenant.domain-certificate']({ domainId: await idOf(pending.domain), attempt: 1 }, JOB)).toBeNull();
      expect((await repo().findOneByOrFail({ domain: pending.domain })).status).toBe('pending');
    });

    it('without a certificate: stays verified with the edge’s words and tries again later; after 6 hours, failing with the reason', async () => {
      const client = await createClient(t.dataSource);
      const d = await verifiedDomain(client.id);
      const id = await idOf(d.domain);
      const closed = await freePort();
      const unreachable = new EdgeProbe({ address: `127.0.0.1:${closed}`, extraCaPem: null, timeoutMs: 5_000 });
      const handlers = workerHandlers(unreachable);

      const first = (await handlers['tenant.domain-certificate']({ domainId: id, attempt: 1 }, JOB)) as CustomDomain;
      expect(first).toMatchObject({ status: 'verified', reason: M.edgeUnreachable(`127.0.0.1:${closed}`, 'ECONNREFUSED') });
      const next = await queues.get('tenant.domain-certificate').queue.getJob(`domain-certificate-${id}-2`);
      expect(next?.opts.delay).toBe(15_000);
      await next?.remove();

      await repo().update({ id }, { verifiedAt: new Date(Date.now() - 6 * 3600_000 - 1000) });
      const last = (await handlers['tenant.domain-certificate']({ domainId: id, attempt: 9 }, JOB)) as CustomDomain;
      expect(last).toMatchObject({ status: 'failing', reason: M.noCertificate(6, M.edgeUnreachable(`127.0.0.1:${closed}`, 'ECONNREFUSED')), nextCheckAt: null });
      expect(last.failingSince).not.toBeNull();
      expect(await queues.get('tenant.domain-certificate').queue.getJob(`domain-certificate-${id}-10`)).toBeUndefined();
      expect(await mappingsOf(d.domain)).toEqual([]);
      // The re-check row checks DNS again: verified, and the step is queued once more.
      const again = await t.api.post(`/api/clients/${client.id}/domains/${d.domain}/verify`, ADMIN);
      expect(again.body.data).toMatchObject({ status: 'verified', reason: null, failingSince: null });
    });

    it('stays verified and queues nothing without EDGE_TLS_ADDRESS', async () => {
      const bare = await startTenant({ env: { EDGE_HOST, DNS_RESOLVER: dns.server, DNS_TIMEOUT_MS: '500', EDGE_TLS_ADDRESS: '' } });
      try {
        const client = await createClient(bare.dataSource);
        const claimed = await bare.api.post(`/api/clients/${client.id}/domains`, ADMIN).send({ domain: host() });
        const d = CustomDomainSchema.parse(claimed.body.data);
        serveAll(d);
        const verified = await bare.api.post(`/api/clients/${client.id}/domains/${d.domain}/verify`, ADMIN);
        expect(verified.body.data).toMatchObject({ status: 'verified', nextCheckAt: null });
        expect(await queues.get('tenant.domain-certificate').queue.getJob(`domain-certificate-${await idOf(d.domain)}-1`)).toBeUndefined();
      } finally {
        await bare.close();
      }
    });
  });

  describe('the daily health check (tenant.domain-health-sweep, tenant.domain-health)', () => {
    it('passes for an active domain: DNS points here, a certificate for more than 14 days, the clinic’s page', async () => {
      const client = await createClient(t.dataSource);
      const { id } = await activeDomain(client.id);
      const out = await health(id);
      expect(out).toMatchObject({ status: 'active', reason: null, failingSince: null });
      expect(out.lastHealthCheckAt).not.toBeNull();
    });

    it('DNS record removed: failing with the reason, the mapping kept, owner and admin e-mailed once; recovers when it is back', async () => {
      const client = await createClient(t.dataSource, { name: `Smith & Sons Clinic ${uniq()}` });
      const owner = await createClinicUser(t.dataSource, client.id, { role: 'owner' });
      const staff = await createClinicUser(t.dataSource, client.id, { role: 'front_desk' });
      const users = t.dataSource.getRepository(UserEntity);
      const admin = await users.save(users.create({ email: `admin-${uniq()}@agency.test`, passwordHash: '$argon2id$not-a-real-hash', name: 'Agency Admin', isAdmin: true }));
      const { d, id } = await activeDomain(client.id);

      dns.clear(d.domain);
      const failing = await health(id);
      expect(failing).toMatchObject({ status: 'failing', reason: M.dnsMoved });
      expect(failing.failingSince).not.toBeNull();
      // Pages are still served while the edge can: the mapping stays, and the ask still answers (renewals).
      expect(await mappingsOf(d.domain)).toHaveLength(1);
      expect((await request(t.app.server).get(`/internal/domains/ask?domain=${d.domain}`)).status).toBe(200);
      // The name stays this clinic's.
      const other = await t.api.post(`/api/clients/${(await createClient(t.dataSource)).id}/domains`, ADMIN).send({ domain: d.domain });
      expect(other.status).toBe(409);
      expect(mailsTo(owner.email)).toHaveLength(1);
      expect(mailsTo(admin.email)).toHaveLength(1);
      expect(mailsTo(staff.email)).toHaveLength(0);
      const raw = mailsTo(owner.email)[0].raw.replace(/=\r?\n/g, '');
      expect(raw).toContain(d.domain);
      expect(raw).toContain('DNS no longer points here');

      // The next day's check: still failing, no second e-mail, the same failingSince.
      const still = await health(id);
      expect(still).toMatchObject({ status: 'failing', reason: M.dnsMoved, failingSince: failing.failingSince });
      expect(mailsTo(owner.email)).toHaveLength(1);
      expect(mailsTo(admin.email)).toHaveLength(1);

      serveAll(d);
      const back = await health(id);
      expect(back).toMatchObject({ status: 'active', reason: null, failingSince: null });
      expect((await repo().findOneByOrFail({ id })).alertedAt).toBeNull();
      const statuses = (await auditRows(t.dataSource, 'client_domain', id)).map((r) => (r.changes as { after?: { status: string } }).after?.status);
      expect(statuses.slice(-2)).toEqual(['failing', 'active']);

      // A new failure is a new alert.
      dns.clear(d.domain);
      expect((await health(id)).status).toBe('failing');
      expect(mailsTo(owner.email)).toHaveLength(2);
      serveAll(d);
      await users.delete({ id: admin.id });
    });

    it('page not 200, or another site’s content: failing with the words; the re-check row runs the check and recovers it', async () => {
      const client = await createClient(t.dataSource);
      const { d, id } = await activeDomain(client.id);

      answers.set(d.domain, { status: 503, body: 'Service Unavailable' });
      expect(await health(id)).toMatchObject({ status: 'failing', reason: M.pageStatus(d.domain, 503) });
      answers.set(d.domain, { status: 200, body: '<h1>Domain parked by the registrar</h1>' });
      expect(await health(id)).toMatchObject({ status: 'failing', reason: M.pageContent(d.domain, client.name) });

      answers.delete(d.domain);
      // On demand: the admin's (or owner's) re-check runs the health check of an active or failing domain.
      const recheck = await t.api.post(`/api/clients/${client.id}/domains/${d.domain}/verify`, ADMIN);
      expect(recheck.status).toBe(200);
      expect(CustomDomainSchema.strict().parse(recheck.body.data)).toMatchObject({ status: 'active', reason: null, failingSince: null });
      expect(recheck.body.data.lastHealthCheckAt).not.toBeNull();
    });

    it('a certificate valid for 14 days or less (an edge that issues 12-hour leaves): failing; recovers once the edge serves a longer one', async () => {
      const client = await createClient(t.dataSource);
      const { d, id } = await activeDomain(client.id);
      // Another real Caddy with its own local CA's defaults, asking the same tenant.
      shortEdge = await startCaddy({ askUrl: `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/internal/domains/ask`, upstream: '127.0.0.1:9' });
      const short = EdgeProbe.fromSettings({ address: shortEdge.address, caFile: shortEdge.caFile, timeoutMs: 30_000 })!;
      const seen = await short.certificate(d.domain);
      expect(seen.ok && (seen.validTo.getTime() - Date.now()) / 3_600_000).toBeLessThanOrEqual(12);
      const failing = await health(id, { certificate: (name, ms) => short.certificate(name, ms), page: (name, clinic, ms) => new EdgeProbe({ address: edge.address, extraCaPem: readFileSync(edge.caFile, 'utf8'), timeoutMs: 10_000 }).page(name, clinic, ms) });
      expect(failing).toMatchObject({ status: 'failing', reason: M.certificateExpiring(d.domain, 0) });
      expect(new Date(failing.certificateExpiresAt!).getTime()).toBe(seen.ok ? seen.validTo.getTime() : NaN);

      const back = await health(id);
      expect(back).toMatchObject({ status: 'active', reason: null });
      expect(new Date(back.certificateExpiresAt!).getTime() - Date.now()).toBeGreaterThan(14 * 86_400_000);
    });

    it('the 14-day rule at its edge, and every reason at once (injected probe results)', async () => {
      const client = await createClient(t.dataSource);
      const { d, id } = await activeDomain(client.id);
      const service = (validForMs: number, page = true) =>
        new ClientDomainService({
          dataSource: t.dataSource,
          clients: new ClientRepository(t.dataSource),
          dns: new DnsCheck(edgeFromConfig(t.config), { server: dns.server, timeoutMs: 500, tries: 1 }),
          edge: edgeFromConfig(t.config),
          platformHosts: [],
          scheduler: null,
          probe: {
            certificate: async () => ({ ok: true, validTo: new Date(Date.now() + validForMs), issuer: 'Test' }),
            page: async (domain) => (page ? { ok: true } : { ok: false, reason: M.pageStatus(domain, 500) }),
          },
        });
      const day = 86_400_000;
      expect(await service(14 * day + 3_600_000).runHealth(id)).toMatchObject({ status: 'active', reason: null });
      expect(await service(14 * day - 3_600_000).runHealth(id)).toMatchObject({ status: 'failing', reason: M.certificateExpiring(d.domain, 13) });
      expect(await service(15 * day).runHealth(id)).toMatchObject({ status: 'active', reason: null });
      dns.clear(d.domain);
      expect(await service(1.5 * day, false).runHealth(id)).toMatchObject({
        status: 'failing',
        reason: [M.dnsMoved, M.certificateExpiring(d.domain, 1), M.pageStatus(d.domain, 500)].join(' '),
      });
      serveAll(d);
    });

    it('the sweep queues one check per active (or once-active failing) domain for the day; the worker schedules it daily', async () => {
      const client = await createClient(t.dataSource);
      const { id: active } = await activeDomain(client.id);
      const { id: failing } = await activeDomain(client.id);
      await repo().update({ id: failing }, { status: 'failing', reason: 'test', failingSince: new Date() });
      const pending = await t.api.post(`/api/clients/${client.id}/domains`, ADMIN).send({ domain: host() });
      const pendingId = await idOf(pending.body.data.domain);
      const day = utcDay(new Date());
      const healthQueue: JobQueue<'tenant.domain-health'> = queues.get('tenant.domain-health');

      const out = (await workerHandlers()['tenant.domain-health-sweep']({ trigger: 'now' }, JOB)) as { queued: number; day: string };
      expect(out.day).toBe(day);
      expect((await healthQueue.queue.getJob(`domain-health-${active}-${day}`))?.data).toEqual({ domainId: active, day });
      expect((await healthQueue.queue.getJob(`domain-health-${failing}-${day}`))?.data).toEqual({ domainId: failing, day });
      expect(await healthQueue.queue.getJob(`domain-health-${pendingId}-${day}`)).toBeUndefined();
      // Without an edge to probe, nothing is checked.
      expect(await workerHandlers(null)['tenant.domain-health-sweep']({ trigger: 'now' }, JOB)).toEqual({ queued: 0, day });

      // The job scheduler: one daily schedule however often workers upsert it.
      const sweep = createQueue('tenant.domain-health-sweep', { ...redis, prefix: `${redis.prefix}_sched_${uniq()}` });
      try {
        await scheduleDailyHealth(sweep, '0 6 * * *');
        await scheduleDailyHealth(sweep, '0 6 * * *');
        const schedulers = await sweep.queue.getJobSchedulers();
        expect(schedulers).toEqual([expect.objectContaining({ key: DOMAIN_HEALTH_SCHEDULER_ID, pattern: '0 6 * * *' })]);
        const [next] = await sweep.queue.getDelayed();
        expect(next.data).toEqual({ trigger: 'daily' });
        expect(new Date(next.timestamp + (next.opts.delay ?? 0)).getUTCHours()).toBe(6);
      } finally {
        await sweep.queue.obliterate({ force: true });
        await sweep.close();
      }
    });

    it('a resolver that cannot be asked is no alarm: the domain stays active and nobody is e-mailed', async () => {
      const client = await createClient(t.dataSource);
      const { id } = await activeDomain(client.id);
      const sent = smtp.received.length;
      const down = dnsCheckFromConfig({ ...t.config, DNS_RESOLVER: `127.0.0.1:${await freePort()}`, DNS_TIMEOUT_MS: 300 });
      const out = CustomDomainSchema.parse(await workerHandlers(undefined, down)['tenant.domain-health']({ domainId: id, day: utcDay(new Date()) }, JOB));
      expect(out).toMatchObject({ status: 'active', reason: null, failingSince: null });
      expect(smtp.received.length).toBe(sent);
    });

    it('removing a failing domain that had been active removes its host mapping', async () => {
      const client = await createClient(t.dataSource);
      const { d, id } = await activeDomain(client.id);
      dns.clear(d.domain);
      expect((await health(id)).status).toBe('failing');
      expect(await mappingsOf(d.domain)).toHaveLength(1);
      expect((await t.api.delete(`/api/clients/${client.id}/domains/${d.domain}`, ADMIN)).status).toBe(200);
      expect(await mappingsOf(d.domain)).toEqual([]);
      // The clinic's site no longer names it.
      const [site] = await t.dataSource.query(`SELECT "domain" FROM "tenant"."clients" WHERE "id" = $1`, [client.id]);
      expect(site.domain).toBeNull();
    });
  });
});
