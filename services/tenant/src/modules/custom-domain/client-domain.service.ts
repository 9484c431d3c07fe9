import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ErrorCode,
  CustomDomainMessages as M,
  DOMAIN_VERIFY_WINDOW_MS,
  MAX_DOMAINS_PER_CLINIC,
  Messages,
  isVerifiedOrLater,
  type CustomDomain,
  type DnsRecord,
} from '@hap/contracts';
import {
  AppError,
  assertAdmin,
  auditedTransaction,
  badRequest,
  conflict,
  forbidden,
  isPrivileged,
  isUniqueViolation,
  notFound,
  recordAudit,
  requireClinicOwner,
  requireClinicUser,
  type Actor,
  type Mailer,
} from '@hap/service-kit';
import type { ClientRepository } from '../client/client.repository';
import { DomainMappingRepository } from '../domain-mapping/domain-mapping.repository';
import { UserRepository } from '../user/user.repository';
import { dnsRecordsOf, toCustomDomainDto } from './client-domain.dto';
import type { ClientDomainEntity } from './client-domain.entity';
import { ClientDomainRepository } from './client-domain.repository';
import { checkDelayMs, holdsName, isHealthChecked, liveDomainOf } from './client-domain.rules';
import type { DnsCheck, EdgeTarget } from './dns-check';
import { DomainSiteLink } from './domain-site-link';
import { ClientDomainChecks } from './client-domain.checks';
import type { EdgeProbe } from './edge-probe';
import { checkHostName } from './host-name.rules';

/** Queues a domain's next job, `delayMs` from now: its next DNS check (tenant.domain-check), its next certificate try (tenant.domain-certificate). */
export interface DomainCheckScheduler {
  schedule(domainId: number, check: number, delayMs: number): Promise<void>;
  scheduleCertificate(domainId: number, attempt: number, delayMs: number): Promise<void>;
}

/** The edge as the certificate step and the health check see it (EdgeProbe; a test may inject results). */
export type EdgeProbing = Pick<EdgeProbe, 'certificate' | 'page'>;

export interface ClientDomainDeps {
  dataSource: DataSource;
  clients: ClientRepository;
  dns: DnsCheck;
  edge: EdgeTarget;
  /** The platform's own host names (the edge, PUBLIC_BASE_URL's host): never a clinic's. */
  platformHosts: readonly string[];
  /** Names reserved for testing (`.test`, `.example`) may be claimed: not in production (host-name.rules.ts). */
  allowTestNames?: boolean;
  scheduler: DomainCheckScheduler | null;
  /** The edge's HTTPS as a client sees it (EDGE_TLS_ADDRESS); null: no certificate step and no health check. */
  probe?: EdgeProbing | null;
  /** A failing domain's alert to the clinic's owners and the agency's admins; null: e-mail is off. */
  mailer?: Mailer | null;
  log?: { warn(obj: object, msg: string): void };
  now?: () => Date;
}

/** What a client's read says about its address (ClientSchema `domainClaim`, `siteDomain`). */
export interface ClientSiteFacts {
  domainClaim: { status: ClientDomainEntity['status']; reason: string | null } | null;
  siteDomain: string | null;
}

/**
 * A clinic's own domains: claims, their DNS proof, the edge's ask,
 * and the host mapping an active domain keeps. Only an `active` domain maps
 * to its clinic: it writes (or takes over) the `domain_mappings` row of its
 * host at path `/`, and removing it or its failing removes that row, so client
 * resolution keeps reading one table. A failing domain that had been active
 * keeps its row (its pages are served while the edge can) until it recovers
 * or is removed.
 */
export class ClientDomainService {
  private readonly now: () => Date;

  private readonly domains: ClientDomainRepository;
  private readonly users: UserRepository;
  private readonly site: DomainSiteLink;
  private readonly checks: ClientDomainChecks;

  constructor(private readonly deps: ClientDomainDeps) {
    this.now = deps.now ?? (() => new Date());
    this.domains = new ClientDomainRepository(deps.dataSource);
    this.users = new UserRepository(deps.dataSource);
    this.site = new DomainSiteLink(deps.clients, new DomainMappingRepository(deps.dataSource));
    this.checks = new ClientDomainChecks(deps, { now: this.now, domains: this.domains, users: this.users, site: this.site, toDto: (row) => this.toDto(row) });
  }

  private get configured(): boolean {
    const { host, ipv4, ipv6 } = this.deps.edge;
    return Boolean(host) || ipv4.length > 0 || ipv6.length > 0;
  }

  /** The records to set: the routing record(s) first, then the TXT proof. */
  recordsOf(domain: string, token: string): DnsRecord[] {
    return dnsRecordsOf(this.deps.edge, domain, token);
  }

  toDto(row: ClientDomainEntity): CustomDomain {
    return toCustomDomainDto(row, this.deps.edge);
  }


  /** A new claim of `domain`, pending its first DNS check (docs/domains.md): a fresh token, the verify window from now. */
  private insertPendingClaim(clientId: number, domain: string, manager: EntityManager) {
    const now = this.now();
    return this.domains.insertClaim(
      {
        clientId,
        domain,
        status: 'pending',
        reason: null,
        token: randomBytes(18).toString('base64url'),
        createdAt: now,
        checkUntil: new Date(now.getTime() + DOMAIN_VERIFY_WINDOW_MS),
        nextCheckAt: this.deps.scheduler ? new Date(now.getTime() + checkDelayMs(1)) : null,
      },
      manager,
    );
  }

  private async clinicOf(clientId: number, manager?: EntityManager): Promise<void> {
    if (!(await this.deps.clients.exists(clientId, manager))) throw notFound(Messages.clientNotFound(clientId));
  }

  /** The stored form of a domain in a path: the rules' ASCII form when it is a valid name, else as typed (then simply not found). */
  private keyOf(domain: string): string {
    const checked = checkHostName(domain, [], { allowTestNames: this.deps.allowTestNames ?? false });
    return checked.ok ? checked.domain : domain.trim().toLowerCase();
  }

  private async find(clientId: number, domain: string, manager?: EntityManager): Promise<ClientDomainEntity> {
    const key = this.keyOf(domain);
    const row = await this.domains.claimOf(clientId, key, manager, true);
    if (!row) throw notFound(M.notFound(key));
    return row;
  }

  // ---- who may: admins for any clinic, a clinic's owner (writes) or user (reads) for their own ----

  async listFor(actor: Actor, clientId: number): Promise<CustomDomain[]> {
    assertAdmin(actor);
    await this.clinicOf(clientId);
    return this.list(clientId);
  }

  async listOwn(actor: Actor): Promise<CustomDomain[]> {
    return this.list(requireClinicUser(actor.identity).clientId);
  }

  private async list(clientId: number): Promise<CustomDomain[]> {
    return (await this.domains.ofClients([clientId])).map((row) => this.toDto(row));
  }

  addFor = (actor: Actor, clientId: number, domain: string) => (assertAdmin(actor), this.add(actor, clientId, domain));
  addOwn = (actor: Actor, domain: string) => this.add(actor, requireClinicOwner(actor.identity).clientId, domain);
  verifyFor = (actor: Actor, clientId: number, domain: string) => (assertAdmin(actor), this.verify(actor, clientId, domain));
  verifyOwn = (actor: Actor, domain: string) => this.verify(actor, requireClinicOwner(actor.identity).clientId, domain);
  removeFor = (actor: Actor, clientId: number, domain: string) => (assertAdmin(actor), this.remove(actor, clientId, domain));
  removeOwn = (actor: Actor, domain: string) => this.remove(actor, requireClinicOwner(actor.identity).clientId, domain);

  // ---- the writes ----

  private async add(actor: Actor, clientId: number, input: string): Promise<CustomDomain> {
    const checked = checkHostName(input, this.deps.platformHosts, { allowTestNames: this.deps.allowTestNames ?? false });
    if (!checked.ok) throw badRequest(checked.message, [{ path: 'domain', message: checked.message }]);
    if (!this.configured) throw new AppError(503, ErrorCode.NOT_CONFIGURED, M.notConfigured);
    const domain = checked.domain;
    try {
      const row = await auditedTransaction(this.deps.dataSource, actor, async (manager) => {
        await this.clinicOf(clientId, manager);
        const claims = await this.domains.claimsOn(domain, manager);
        if (claims.some((r) => r.clientId !== clientId && holdsName(r))) throw conflict(M.claimedElsewhere(domain));
        if (claims.some((r) => r.clientId === clientId)) throw conflict(M.alreadyAdded(domain));
        if ((await this.domains.countOf(clientId, manager)) >= MAX_DOMAINS_PER_CLINIC) throw conflict(M.tooMany(MAX_DOMAINS_PER_CLINIC));
        const saved = await this.insertPendingClaim(clientId, domain, manager);
        const dto = this.toDto(saved);
        // One fact: a clinic without a site address takes the one it claims (its `domain`, Edit Client's field).
        await this.site.setSite(manager, actor, clientId, (current) => (current ? null : domain));
        return { result: saved, audit: { action: 'create', entity: 'client_domain', entityId: saved.id, changes: { after: { domain, clientId, status: dto.status } } } };
      });
      if (this.deps.scheduler) {
        try {
          await this.deps.scheduler.schedule(row.id, 1, checkDelayMs(1));
        } catch {
          // The claim stands without its job (Redis away): no next check is promised; the re-check row still works.
          await this.domains.patch(row.id, { nextCheckAt: null });
          row.nextCheckAt = null;
        }
      }
      return this.toDto(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(M.alreadyAdded(domain));
      throw err;
    }
  }

  /**
   * Checks now (the admin's or owner's button): pending or failing claims get
   * their DNS checked; an active domain, or a failing one that had been
   * active, gets its health check (when the edge is configured); a verified
   * or certificate_issued one answers as it is (its certificate step is queued).
   */
  private async verify(actor: Actor, clientId: number, domain: string): Promise<CustomDomain> {
    await this.clinicOf(clientId);
    const row = await this.find(clientId, domain);
    if (isHealthChecked(row)) return (this.deps.probe && (await this.checks.runHealth(row.id, { actor, manual: true }))) || this.toDto(row);
    if (isVerifiedOrLater(row.status)) return this.toDto(row);
    return this.toDto(await this.checks.checkAndRecord(actor, row.id, { manual: true }));
  }

  private async remove(actor: Actor, clientId: number, domain: string): Promise<{ domain: string }> {
    return auditedTransaction(this.deps.dataSource, actor, async (manager) => {
      await this.clinicOf(clientId, manager);
      const row = await this.find(clientId, domain, manager);
      await this.site.unmap(manager, actor, row);
      await this.domains.delete(row.id, manager);
      // One fact: a removed claim is no longer the clinic's site address (Edit Client's field empties).
      await this.site.setSite(manager, actor, clientId, (current) => (current?.toLowerCase() === row.domain ? undefined : null));
      return {
        result: { domain: row.domain },
        audit: { action: 'delete', entity: 'client_domain', entityId: row.id, changes: { before: { domain: row.domain, clientId, status: row.status } } },
      };
    });
  }

  // ---- the clinic's `domain` field (Edit Client, onboarding, the client API): the same fact as its claim ----

  /**
   * The clinic's `domain` is being set to `input` (from `previous`), inside the
   * caller's transaction: the host name rules apply (400 at the field `domain`),
   * and the claim on it is started (pending, with its DNS records, as the
   * Domains screen's Add) or kept. A previous address whose claim was never
   * proved (pending, or failing before it was ever active) is withdrawn with it:
   * it no longer names the clinic's site. A proved one stays on the Domains
   * screen (it may be serving pages; removing it is that screen's). Without an
   * edge configured, the address is kept without a claim (`domainClaim` null).
   * A claim is not a mapping: nothing is served on the name until DNS proves
   * the clinic holds it, so anyone may start one (onboarding included).
   * Answers the address as stored (ASCII, lower case) and the new claim's id,
   * whose first check `started` queues once the transaction has committed.
   */
  async claimSite(manager: EntityManager, actor: Actor, clientId: number, input: string | null, previous: string | null): Promise<{ domain: string | null; claimId: number | null }> {
    const same = (input ?? '').trim().toLowerCase() === (previous ?? '').trim().toLowerCase();
    if (same) return { domain: previous, claimId: null };
    if (previous) await this.withdraw(manager, actor, clientId, this.keyOf(previous));
    if (input === null || input.trim() === '') return { domain: null, claimId: null };
    const checked = checkHostName(input, this.deps.platformHosts, { allowTestNames: this.deps.allowTestNames ?? false });
    if (!checked.ok) throw badRequest(checked.message, [{ path: 'domain', message: checked.message }]);
    const domain = checked.domain;
    const claims = await this.domains.claimsOn(domain, manager);
    if (claims.some((r) => r.clientId === clientId) || !this.configured) return { domain, claimId: null };
    const atField = (message: string) => conflict(message, [{ path: 'domain', message }]);
    if (claims.some((r) => r.clientId !== clientId && holdsName(r))) throw atField(M.claimedElsewhere(domain));
    if ((await this.domains.countOf(clientId, manager)) >= MAX_DOMAINS_PER_CLINIC) throw atField(M.tooMany(MAX_DOMAINS_PER_CLINIC));
    const saved = await this.insertPendingClaim(clientId, domain, manager);
    await recordAudit(manager, actor, {
      action: 'create',
      entity: 'client_domain',
      entityId: saved.id,
      changes: { after: { domain, clientId, status: saved.status, by: 'the clinic’s domain field' } },
    });
    return { domain, claimId: saved.id };
  }

  /** After the transaction of claimSite committed: the new claim's first DNS check is queued (with Redis away, none is promised). */
  async started(claimId: number): Promise<void> {
    if (!this.deps.scheduler) return;
    try {
      await this.deps.scheduler.schedule(claimId, 1, checkDelayMs(1));
    } catch (err) {
      this.deps.log?.warn({ err, claimId }, 'could not queue a claimed domain’s first check');
      await this.domains.patch(claimId, { nextCheckAt: null });
    }
  }

  /** A claim the clinic's `domain` no longer names, while nothing was proved or served on it: removed, audited. */
  private async withdraw(manager: EntityManager, actor: Actor, clientId: number, domain: string): Promise<void> {
    const row = await this.domains.claimOf(clientId, domain, manager, true);
    if (!row || !(row.status === 'pending' || (row.status === 'failing' && row.activatedAt === null))) return;
    await this.domains.delete(row.id, manager);
    await recordAudit(manager, actor, {
      action: 'delete',
      entity: 'client_domain',
      entityId: row.id,
      changes: { before: { domain: row.domain, clientId, status: row.status }, after: { by: 'the clinic’s domain field changed' } },
    });
  }

  /**
   * What the client's read says about its address (ClientSchema): the claim on
   * its `domain` (status, reason) and the live domain its pages are on (the one
   * with a certificate, active or failing, newest first: ClientSiteService's
   * rule, which ads' landing URLs use). One query for a page of clients.
   */
  async siteFacts(clients: ReadonlyArray<{ id: number; domain: string | null }>, manager?: EntityManager): Promise<Map<number, ClientSiteFacts>> {
    const facts = new Map<number, ClientSiteFacts>();
    if (clients.length === 0) return facts;
    const rows = await this.domains.ofClients(clients.map((c) => c.id), manager);
    for (const client of clients) {
      const own = rows.filter((r) => r.clientId === client.id);
      const key = client.domain ? this.keyOf(client.domain) : null;
      const claim = key ? own.find((r) => r.domain === key) : undefined;
      facts.set(client.id, {
        domainClaim: claim ? { status: claim.status, reason: claim.reason } : null,
        siteDomain: liveDomainOf(own),
      });
    }
    return facts;
  }

  // ---- the edge ----

  /** Caddy's ask: the domain's clinic when it is verified or later, else 404 (no certificate for names we do not serve). */
  async ask(domain: string): Promise<{ domain: string }> {
    const key = this.keyOf(domain);
    // Asked on every TLS handshake with a name not yet served: one row by the verified-domain index. A failing
    // domain that had been active is still served (its certificate may be renewed: that is how it recovers).
    const row = await this.domains.served(key);
    if (!row) throw notFound(M.notFound(key));
    return { domain: row.domain };
  }

  /**
   * The edge holds a certificate for a verified domain and serves it: the
   * domain is active and maps to its clinic. Backend services only.
   */
  async reportCertificate(actor: Actor, domain: string): Promise<CustomDomain> {
    if (actor.identity.kind !== 'service' || !isPrivileged(actor.identity)) throw forbidden('Only the platform’s edge may report certificates.');
    const key = this.keyOf(domain);
    return auditedTransaction(this.deps.dataSource, actor, async (manager) => {
      const rows = await this.domains.claimsOn(key, manager, true);
      const row = rows.find(holdsName);
      if (!row) throw notFound(M.notFound(key));
      const was = row.status;
      const saved = await this.checks.activate(manager, actor, row);
      return {
        result: this.toDto(saved),
        audit: { action: 'update', entity: 'client_domain', entityId: saved.id, changes: { before: { status: was }, after: { status: 'active' } } },
      };
    });
  }

  // ---- the jobs (client-domain.checks.ts) ----

  runCheck = (domainId: number, check: number) => this.checks.runCheck(domainId, check);
  runCertificate = (domainId: number, attempt: number) => this.checks.runCertificate(domainId, attempt);
  healthCheckedIds = () => this.checks.healthCheckedIds();
  runHealth = (domainId: number, options?: { actor?: Actor; manual?: boolean }) => this.checks.runHealth(domainId, options);
}
