import { randomBytes } from 'node:crypto';
import { getDomain } from 'tldts';
import { In, IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
import {
  CLIENT_SITE_DOMAIN_STATUSES,
  ErrorCode,
  CustomDomainMessages as M,
  DOMAIN_CERTIFICATE_MIN_DAYS,
  DOMAIN_CERTIFICATE_WINDOW_MS,
  DOMAIN_VERIFY_WINDOW_MS,
  MAX_DOMAINS_PER_CLINIC,
  Messages,
  challengeNameOf,
  challengeValueOf,
  isVerifiedOrLater,
  VERIFIED_OR_LATER,
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
import { ClientEntity } from '../client/client.entity';
import type { ClientRepository } from '../client/client.repository';
import { UserEntity } from '../user/user.entity';
import { DomainMappingEntity } from '../domain-mapping/domain-mapping.entity';
import { ClientDomainEntity } from './client-domain.entity';
import type { DnsCheck, EdgeTarget } from './dns-check';
import { domainAlertMail } from './domain-alert.mail';
import type { EdgeProbe } from './edge-probe';
import { checkHostName, unicodeFormOf } from './host-name.rules';

/** Queues a domain's next job, `delayMs` from now: its next DNS check (tenant.domain-check), its next certificate try (tenant.domain-certificate). */
export interface DomainCheckScheduler {
  schedule(domainId: number, check: number, delayMs: number): Promise<void>;
  scheduleCertificate(domainId: number, attempt: number, delayMs: number): Promise<void>;
}

/** The job's pace: 1 minute, then doubling, at most an hour apart, for 72 hours from the claim. */
export const checkDelayMs = (check: number): number => Math.min(60_000 * 2 ** Math.max(0, check - 1), 60 * 60_000);

/** The certificate step's pace: at once, then 15 s doubling, at most 30 minutes apart, for 6 hours from verification. */
export const certificateDelayMs = (attempt: number): number => (attempt <= 1 ? 0 : Math.min(15_000 * 2 ** (attempt - 2), 30 * 60_000));

/** A health check run from the re-check button answers within the gateway's wait (10 s): each probe gets this long. */
export const MANUAL_PROBE_TIMEOUT_MS = 8_000;

const DAY_MS = 24 * 60 * 60 * 1000;

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

/** The clinic's live domain among its claims: a certificate, active or failing, the newest certificate first (as `GET /internal/clients/:id/site`). */
export function liveDomainOf(rows: readonly ClientDomainEntity[]): string | null {
  const live = rows
    .filter((r) => r.certificateAt !== null && (CLIENT_SITE_DOMAIN_STATUSES as readonly string[]).includes(r.status))
    .sort((a, b) => b.certificateAt!.getTime() - a.certificateAt!.getTime() || b.id - a.id);
  return live[0]?.domain ?? null;
}

const SYSTEM: Actor = { identity: { kind: 'service', service: 'tenant' }, requestId: 'domain-check' };

/** A failing domain that had been active: its pages are still served (mapping kept), it is health-checked to recover, and its name stays its clinic's. */
const wasActive = (row: ClientDomainEntity): boolean => row.status === 'failing' && row.activatedAt !== null;
/** Active, or failing after being active: what the daily health check covers. */
const isHealthChecked = (row: ClientDomainEntity): boolean => row.status === 'active' || wasActive(row);
/** The name is this clinic's: nobody else may claim or verify it (the partial unique index says the same). */
const holdsName = (row: ClientDomainEntity): boolean => isVerifiedOrLater(row.status) || wasActive(row);

/**
 * A clinic's own domains (issue 28): claims, their DNS proof, the edge's ask,
 * and the host mapping an active domain keeps. Only an `active` domain maps
 * to its clinic: it writes (or takes over) the `domain_mappings` row of its
 * host at path `/`, and removing it or its failing removes that row, so client
 * resolution keeps reading one table. A failing domain that had been active
 * keeps its row (its pages are served while the edge can) until it recovers
 * or is removed.
 */
export class ClientDomainService {
  private readonly now: () => Date;

  constructor(private readonly deps: ClientDomainDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private get configured(): boolean {
    const { host, ipv4, ipv6 } = this.deps.edge;
    return Boolean(host) || ipv4.length > 0 || ipv6.length > 0;
  }

  /** The records to set: the routing record(s) first, then the TXT proof. */
  recordsOf(domain: string, token: string): DnsRecord[] {
    const { host, ipv4, ipv6 } = this.deps.edge;
    // The registrable domain (by the public suffix list: clinic.co.uk too) is a zone's apex, which cannot hold a CNAME.
    const apex = getDomain(domain, { allowPrivateDomains: true }) === domain;
    const records: DnsRecord[] = [];
    if (host && !(apex && ipv4.length + ipv6.length > 0)) {
      records.push({
        type: 'CNAME',
        name: domain,
        value: host,
        help: apex
          ? `At your DNS provider, point ${domain} to ${host}. Many providers call this an ALIAS, ANAME or "CNAME flattening" record on the bare domain.`
          : `At your DNS provider, add a CNAME record: host (or name) ${domain}, pointing to (target or value) ${host}.`,
      });
    } else {
      for (const address of ipv4) {
        records.push({ type: 'A', name: domain, value: address, help: `At your DNS provider, add an A record: host ${domain} (often written @ for the bare domain), value ${address}.` });
      }
      for (const address of ipv6) {
        records.push({ type: 'AAAA', name: domain, value: address, help: `At your DNS provider, add an AAAA record: host ${domain} (often written @), value ${address}.` });
      }
    }
    records.push({
      type: 'TXT',
      name: challengeNameOf(domain),
      value: challengeValueOf(token),
      help: `At your DNS provider, add a TXT record: host (or name) ${challengeNameOf(domain)}, value ${challengeValueOf(token)}. If the provider adds your domain to the host by itself, enter only the part before it. It proves the domain is yours; leave it in place.`,
    });
    return records;
  }

  toDto(row: ClientDomainEntity): CustomDomain {
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      domain: row.domain,
      ...unicodeFormOf(row.domain),
      clientId: row.clientId,
      status: row.status,
      reason: row.reason,
      records: this.recordsOf(row.domain, row.token),
      createdAt: row.createdAt.toISOString(),
      lastCheckedAt: iso(row.lastCheckedAt),
      nextCheckAt: iso(row.nextCheckAt),
      verifiedAt: iso(row.verifiedAt),
      checkUntil: row.checkUntil.toISOString(),
      certificateExpiresAt: iso(row.certificateExpiresAt),
      failingSince: iso(row.failingSince),
      lastHealthCheckAt: iso(row.lastHealthCheckAt),
    };
  }

  private repo(manager?: EntityManager) {
    return (manager ?? this.deps.dataSource.manager).getRepository(ClientDomainEntity);
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
    const row = await this.repo(manager).findOne({ where: { clientId, domain: key }, ...(manager && { lock: { mode: 'pessimistic_write' as const } }) });
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
    return (await this.repo().find({ where: { clientId }, order: { id: 'ASC' } })).map((row) => this.toDto(row));
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
        const claims = await this.repo(manager).find({ where: { domain } });
        if (claims.some((r) => r.clientId !== clientId && holdsName(r))) throw conflict(M.claimedElsewhere(domain));
        if (claims.some((r) => r.clientId === clientId)) throw conflict(M.alreadyAdded(domain));
        if ((await this.repo(manager).countBy({ clientId })) >= MAX_DOMAINS_PER_CLINIC) throw conflict(M.tooMany(MAX_DOMAINS_PER_CLINIC));
        const now = this.now();
        const saved = await this.repo(manager).save(
          this.repo(manager).create({
            clientId,
            domain,
            status: 'pending',
            reason: null,
            token: randomBytes(18).toString('base64url'),
            createdAt: now,
            checkUntil: new Date(now.getTime() + DOMAIN_VERIFY_WINDOW_MS),
            nextCheckAt: this.deps.scheduler ? new Date(now.getTime() + checkDelayMs(1)) : null,
          }),
        );
        const dto = this.toDto(saved);
        // One fact: a clinic without a site address takes the one it claims (its `domain`, Edit Client's field).
        await this.setSite(manager, actor, clientId, (current) => (current ? null : domain));
        return { result: saved, audit: { action: 'create', entity: 'client_domain', entityId: saved.id, changes: { after: { domain, clientId, status: dto.status } } } };
      });
      if (this.deps.scheduler) {
        try {
          await this.deps.scheduler.schedule(row.id, 1, checkDelayMs(1));
        } catch {
          // The claim stands without its job (Redis away): no next check is promised; the re-check row still works.
          await this.repo().update({ id: row.id }, { nextCheckAt: null });
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
    if (isHealthChecked(row)) return (this.deps.probe && (await this.runHealth(row.id, { actor, manual: true }))) || this.toDto(row);
    if (isVerifiedOrLater(row.status)) return this.toDto(row);
    return this.toDto(await this.checkAndRecord(actor, row.id, { manual: true }));
  }

  /**
   * Asks DNS (outside any transaction: a slow resolver holds no lock), then
   * records the outcome on the locked row. Manual checks may verify after the
   * 72 hours; the job gives up then.
   */
  private async checkAndRecord(actor: Actor, id: number, { manual }: { manual: boolean }): Promise<ClientDomainEntity> {
    const before = await this.repo().findOneBy({ id });
    if (!before) throw notFound(M.notFound(String(id)));
    const result = await this.deps.dns.check(before.domain, before.token);
    const certificateStep = Boolean(this.deps.probe && this.deps.scheduler);
    let turnedVerified = false;
    try {
      const saved = await this.deps.dataSource.transaction(async (manager) => {
        const row = await this.repo(manager).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!row) throw notFound(M.notFound(before.domain));
        if (isVerifiedOrLater(row.status)) return row;
        const now = this.now();
        const was = { status: row.status, reason: row.reason };
        row.lastCheckedAt = now;
        if (!result.reason) {
          const elsewhere = await this.repo(manager).find({ where: { domain: row.domain } });
          if (elsewhere.some((r) => r.id !== row.id && holdsName(r))) throw conflict(M.claimedElsewhere(row.domain));
          // With an edge to ask, the certificate step runs next (nextCheckAt: its first try).
          Object.assign(row, { status: 'verified', reason: null, verifiedAt: now, failingSince: null, nextCheckAt: certificateStep ? now : null });
          turnedVerified = true;
        } else if (now >= row.checkUntil && !result.unavailable) {
          // A resolver that is down says nothing about the records: the claim is not given up on its account.
          Object.assign(row, { status: 'failing', reason: M.expired, nextCheckAt: null });
        } else {
          Object.assign(row, { status: 'pending', reason: result.reason });
          if (!manual) row.nextCheckAt = null;
        }
        // A check that changes nothing (still pending, same reason) is not an audited write.
        return this.record(manager, actor, row, was);
      });
      if (turnedVerified && certificateStep) await this.queueCertificate(saved, 1);
      return saved;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(M.claimedElsewhere(before.domain));
      throw err;
    }
  }

  /** Queues the certificate step's try `attempt`; with Redis away no next try is promised (nextCheckAt null; the state stays as it is). */
  private async queueCertificate(row: ClientDomainEntity, attempt: number, delayMs = certificateDelayMs(attempt)): Promise<void> {
    try {
      await this.deps.scheduler!.scheduleCertificate(row.id, attempt, delayMs);
    } catch (err) {
      this.deps.log?.warn({ err, domain: row.domain }, 'could not queue the certificate step');
      await this.repo().update({ id: row.id }, { nextCheckAt: null });
      row.nextCheckAt = null;
    }
  }

  private async remove(actor: Actor, clientId: number, domain: string): Promise<{ domain: string }> {
    return auditedTransaction(this.deps.dataSource, actor, async (manager) => {
      await this.clinicOf(clientId, manager);
      const row = await this.find(clientId, domain, manager);
      await this.unmap(manager, actor, row);
      await this.repo(manager).delete({ id: row.id });
      // One fact: a removed claim is no longer the clinic's site address (Edit Client's field empties).
      await this.setSite(manager, actor, clientId, (current) => (current?.toLowerCase() === row.domain ? undefined : null));
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
    const claims = await this.repo(manager).find({ where: { domain } });
    if (claims.some((r) => r.clientId === clientId) || !this.configured) return { domain, claimId: null };
    const atField = (message: string) => conflict(message, [{ path: 'domain', message }]);
    if (claims.some((r) => r.clientId !== clientId && holdsName(r))) throw atField(M.claimedElsewhere(domain));
    if ((await this.repo(manager).countBy({ clientId })) >= MAX_DOMAINS_PER_CLINIC) throw atField(M.tooMany(MAX_DOMAINS_PER_CLINIC));
    const now = this.now();
    const saved = await this.repo(manager).save(
      this.repo(manager).create({
        clientId,
        domain,
        status: 'pending',
        reason: null,
        token: randomBytes(18).toString('base64url'),
        createdAt: now,
        checkUntil: new Date(now.getTime() + DOMAIN_VERIFY_WINDOW_MS),
        nextCheckAt: this.deps.scheduler ? new Date(now.getTime() + checkDelayMs(1)) : null,
      }),
    );
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
      await this.repo().update({ id: claimId }, { nextCheckAt: null });
    }
  }

  /** A claim the clinic's `domain` no longer names, while nothing was proved or served on it: removed, audited. */
  private async withdraw(manager: EntityManager, actor: Actor, clientId: number, domain: string): Promise<void> {
    const row = await this.repo(manager).findOne({ where: { clientId, domain }, lock: { mode: 'pessimistic_write' } });
    if (!row || !(row.status === 'pending' || (row.status === 'failing' && row.activatedAt === null))) return;
    await this.repo(manager).delete({ id: row.id });
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
    const rows = await this.repo(manager).find({ where: { clientId: In(clients.map((c) => c.id)) }, order: { id: 'ASC' } });
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
    const row = await this.repo().findOne({
      where: [
        { domain: key, status: In([...VERIFIED_OR_LATER]) },
        { domain: key, status: 'failing', activatedAt: Not(IsNull()) },
      ],
    });
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
      const rows = await this.repo(manager).find({ where: { domain: key }, lock: { mode: 'pessimistic_write' } });
      const row = rows.find(holdsName);
      if (!row) throw notFound(M.notFound(key));
      const was = row.status;
      const saved = await this.activate(manager, actor, row);
      return {
        result: this.toDto(saved),
        audit: { action: 'update', entity: 'client_domain', entityId: saved.id, changes: { before: { status: was }, after: { status: 'active' } } },
      };
    });
  }

  // ---- the job ----

  /** tenant.domain-check: one check of a pending claim, then the next one queued until verified or 72 hours have passed. */
  async runCheck(domainId: number, check: number): Promise<CustomDomain | null> {
    const row = await this.repo().findOneBy({ id: domainId });
    if (!row || row.status !== 'pending') return null;
    let after: ClientDomainEntity;
    try {
      after = await this.checkAndRecord(SYSTEM, domainId, { manual: false });
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 409)) throw err;
      // Another clinic verified the name first: this claim can no longer succeed.
      const reason = M.claimedElsewhere(row.domain);
      await this.deps.dataSource.transaction(async (manager) => {
        await this.repo(manager).update({ id: domainId }, { status: 'failing', reason, nextCheckAt: null });
        await recordAudit(manager, SYSTEM, {
          action: 'update',
          entity: 'client_domain',
          entityId: domainId,
          changes: { before: { status: row.status, reason: row.reason }, after: { status: 'failing', reason } },
        });
      });
      return this.toDto(await this.repo().findOneByOrFail({ id: domainId }));
    }
    if (after.status === 'pending' && this.deps.scheduler) {
      // The last check falls at the window's end; past it (DNS could not be asked then), at the job's usual pace.
      const left = after.checkUntil.getTime() - this.now().getTime();
      const delay = left > 0 ? Math.min(checkDelayMs(check + 1), left) : checkDelayMs(check + 1);
      await this.repo().update({ id: domainId }, { nextCheckAt: new Date(this.now().getTime() + delay) });
      await this.deps.scheduler.schedule(domainId, check + 1, delay);
      return this.toDto({ ...after, nextCheckAt: new Date(this.now().getTime() + delay) });
    }
    return this.toDto(after);
  }

  // ---- the host mapping an active domain keeps ----

  /**
   * The active domain's host mapping at `/`, and the clinic's site (its `domain`, which the
   * portal's page links and the admin's live-page buttons use) set to it. Both audited.
   */
  private async map(manager: EntityManager, actor: Actor, row: ClientDomainEntity): Promise<void> {
    const mappings = manager.getRepository(DomainMappingEntity);
    const existing = await mappings.findOneBy({ domain: row.domain, path: '/' });
    // The DNS proof outranks a mapping typed by hand: the host at / is this clinic's.
    if (existing && (existing.clientId !== row.clientId || !existing.isActive)) {
      await mappings.update({ id: existing.id }, { clientId: row.clientId, isActive: true });
      await recordAudit(manager, actor, {
        action: 'update',
        entity: 'domain_mapping',
        entityId: existing.id,
        changes: { before: { clientId: existing.clientId, isActive: existing.isActive }, after: { clientId: row.clientId, isActive: true, by: `custom domain ${row.domain}` } },
      });
    } else if (!existing) {
      const { identifiers } = await mappings.insert({ domain: row.domain, path: '/', clientId: row.clientId, priority: 100, isActive: true });
      await recordAudit(manager, actor, {
        action: 'create',
        entity: 'domain_mapping',
        entityId: Number(identifiers[0]?.id),
        changes: { after: { domain: row.domain, path: '/', clientId: row.clientId, by: `custom domain ${row.domain}` } },
      });
    }
    await this.setSite(manager, actor, row.clientId, (current) => (current?.toLowerCase() === row.domain ? null : row.domain));
  }

  /** A removed domain that had been active: its mapping goes, and the clinic's site if it was this domain. */
  private async unmap(manager: EntityManager, actor: Actor, row: ClientDomainEntity): Promise<void> {
    if (!isHealthChecked(row)) return;
    await manager.getRepository(DomainMappingEntity).delete({ domain: row.domain, path: '/', clientId: row.clientId });
    await this.setSite(manager, actor, row.clientId, (current) => (current?.toLowerCase() === row.domain ? undefined : null));
  }

  /**
   * Changes the clinic's `domain` to what `next` answers for the current one (`null`: leave it;
   * `undefined`: clear it), audited as a client change.
   */
  private async setSite(manager: EntityManager, actor: Actor, clientId: number, next: (current: string | null) => string | null | undefined): Promise<void> {
    const clients = manager.getRepository(ClientEntity);
    const clinic = await clients.findOne({ select: { id: true, domain: true }, where: { id: clientId } });
    if (!clinic) return;
    const wanted = next(clinic.domain);
    if (wanted === null) return;
    const domain = wanted ?? null;
    await clients.update({ id: clientId }, { domain });
    await recordAudit(manager, actor, { action: 'update', entity: 'client', entityId: clientId, changes: { before: { domain: clinic.domain }, after: { domain } } });
  }

  /** The one way a domain turns active (the certificate step, the edge's report): status, times, and its host mapping. */
  private async activate(manager: EntityManager, actor: Actor, row: ClientDomainEntity): Promise<ClientDomainEntity> {
    const now = this.now();
    Object.assign(row, {
      status: 'active',
      reason: null,
      certificateAt: row.certificateAt ?? now,
      activatedAt: row.activatedAt ?? now,
      failingSince: null,
      alertedAt: null,
      nextCheckAt: null,
    });
    const saved = await this.repo(manager).save(row);
    await this.map(manager, actor, saved);
    return saved;
  }

  /** Saves `row` and audits the change from `was` when its status or reason changed (a check that changes nothing is no audited write). */
  private async record(manager: EntityManager, actor: Actor, row: ClientDomainEntity, was: { status: string; reason: string | null }): Promise<ClientDomainEntity> {
    const saved = await this.repo(manager).save(row);
    if (was.status !== saved.status || was.reason !== saved.reason) {
      await recordAudit(manager, actor, {
        action: 'update',
        entity: 'client_domain',
        entityId: saved.id,
        changes: { before: was, after: { status: saved.status, reason: saved.reason } },
      });
    }
    return saved;
  }

  // ---- the certificate step (tenant.domain-certificate) ----

  /**
   * One try of a verified domain's certificate: a TLS handshake with its name
   * at the edge (the first one makes Caddy's on-demand TLS obtain it). A valid
   * certificate for the name: certificate_issued (when and until when), then
   * active with its host mapping, each audited. None yet: the next try is
   * queued later each time, for 6 hours from verification; then failing with
   * the edge's reason.
   */
  async runCertificate(domainId: number, attempt: number): Promise<CustomDomain | null> {
    const { probe } = this.deps;
    const row = await this.repo().findOneBy({ id: domainId });
    if (!probe || !row || (row.status !== 'verified' && row.status !== 'certificate_issued')) return null;
    if (row.status === 'verified') {
      const seen = await probe.certificate(row.domain);
      const now = this.now();
      const until = (row.verifiedAt ?? row.createdAt).getTime() + DOMAIN_CERTIFICATE_WINDOW_MS;
      const giveUp = !seen.ok && now.getTime() >= until;
      const after = await this.deps.dataSource.transaction(async (manager) => {
        const locked = await this.repo(manager).findOne({ where: { id: domainId }, lock: { mode: 'pessimistic_write' } });
        if (!locked || locked.status !== 'verified') return null;
        const was = { status: locked.status, reason: locked.reason };
        locked.lastCheckedAt = now;
        if (seen.ok) {
          Object.assign(locked, { status: 'certificate_issued', reason: null, certificateAt: now, certificateExpiresAt: seen.validTo, nextCheckAt: null });
        } else if (giveUp) {
          Object.assign(locked, {
            status: 'failing',
            reason: M.noCertificate(DOMAIN_CERTIFICATE_WINDOW_MS / 3_600_000, seen.reason),
            failingSince: now,
            nextCheckAt: null,
          });
        } else {
          // Still verified; the reason says what the edge answered, as a pending claim's says what DNS lacks.
          Object.assign(locked, { reason: seen.reason, nextCheckAt: new Date(now.getTime() + Math.min(certificateDelayMs(attempt + 1), until - now.getTime())) });
        }
        return this.record(manager, SYSTEM, locked, was);
      });
      if (!after) return null;
      if (after.status === 'verified') {
        if (this.deps.scheduler) await this.queueCertificate(after, attempt + 1, Math.max(0, after.nextCheckAt!.getTime() - now.getTime()));
        return this.toDto(after);
      }
      if (after.status !== 'certificate_issued') return this.toDto(after);
    }
    // certificate_issued (just now, or left so by a try that stopped before this point): the domain turns active.
    const active = await this.deps.dataSource.transaction(async (manager) => {
      const locked = await this.repo(manager).findOne({ where: { id: domainId }, lock: { mode: 'pessimistic_write' } });
      if (!locked || locked.status !== 'certificate_issued') return locked;
      const was = { status: locked.status, reason: locked.reason };
      const saved = await this.activate(manager, SYSTEM, locked);
      await recordAudit(manager, SYSTEM, { action: 'update', entity: 'client_domain', entityId: saved.id, changes: { before: was, after: { status: saved.status, reason: null } } });
      return saved;
    });
    return active ? this.toDto(active) : null;
  }

  // ---- the daily health check (tenant.domain-health-sweep, tenant.domain-health) ----

  /** The domains the daily sweep checks: active ones, and failing ones that had been active (so they can recover); none without an edge to probe. */
  async healthCheckedIds(): Promise<number[]> {
    if (!this.deps.probe) return [];
    const rows = await this.repo().find({
      select: { id: true },
      where: [{ status: 'active' }, { status: 'failing', activatedAt: Not(IsNull()) }],
      order: { id: 'ASC' },
    });
    return rows.map((r) => r.id);
  }

  /**
   * One health check: DNS still points here (the routing record), the
   * certificate the edge serves is valid for more than 14 days, and the page
   * answers 200 with the clinic's name. Any failing: the domain is failing with
   * the reasons (its host mapping stays, so pages are served while the edge
   * can), and the clinic's owners and the agency's admins are e-mailed once
   * per failure. All passing: active again, reason cleared.
   */
  async runHealth(domainId: number, { actor = SYSTEM, manual = false }: { actor?: Actor; manual?: boolean } = {}): Promise<CustomDomain | null> {
    const { probe } = this.deps;
    const row = await this.repo().findOneBy({ id: domainId });
    if (!probe || !row || !isHealthChecked(row)) return null;
    const clinic = await this.deps.dataSource.getRepository(ClientEntity).findOne({ select: { name: true }, where: { id: row.clientId } });
    if (!clinic) return null;
    const clinicName = clinic.name;
    const timeoutMs = manual ? MANUAL_PROBE_TIMEOUT_MS : undefined;
    const [routed, cert, page] = await Promise.all([
      this.deps.dns.pointsHere(row.domain),
      probe.certificate(row.domain, timeoutMs),
      probe.page(row.domain, clinicName, timeoutMs),
    ]);
    const now = this.now();
    const reasons: string[] = [];
    // DNS that could not be asked is no evidence that the domain moved: no alarm on its account.
    if (routed === 'no') reasons.push(M.dnsMoved);
    if (!cert.ok) reasons.push(cert.reason);
    else if (cert.validTo.getTime() - now.getTime() <= DOMAIN_CERTIFICATE_MIN_DAYS * DAY_MS) {
      reasons.push(M.certificateExpiring(row.domain, Math.max(0, Math.floor((cert.validTo.getTime() - now.getTime()) / DAY_MS))));
    }
    // The page's TLS failure is the certificate's, said once.
    if (!page.ok && !reasons.includes(page.reason)) reasons.push(page.reason);
    const reason = reasons.length ? reasons.join(' ') : null;

    const after = await this.deps.dataSource.transaction(async (manager) => {
      const locked = await this.repo(manager).findOne({ where: { id: domainId }, lock: { mode: 'pessimistic_write' } });
      if (!locked || !isHealthChecked(locked)) return null;
      const was = { status: locked.status, reason: locked.reason };
      locked.lastHealthCheckAt = now;
      if (cert.ok) locked.certificateExpiresAt = cert.validTo;
      if (reason) {
        Object.assign(locked, { status: 'failing', reason, failingSince: locked.failingSince ?? now });
      } else {
        Object.assign(locked, { status: 'active', reason: null, failingSince: null, alertedAt: null });
        // The mapping was kept while failing; written again in case someone removed it meanwhile.
        if (was.status !== 'active') await this.map(manager, actor, locked);
      }
      return this.record(manager, actor, locked, was);
    });
    if (!after) return null;
    if (after.status === 'failing' && !after.alertedAt) await this.alert(after, clinicName);
    return this.toDto(after);
  }

  /** E-mails the failure to the clinic's owners and the agency's admins (enabled accounts), once per failure: alertedAt marks it sent. */
  private async alert(row: ClientDomainEntity, clinicName: string): Promise<void> {
    const { mailer } = this.deps;
    if (!mailer) return;
    const users = await this.deps.dataSource
      .getRepository(UserEntity)
      .find({ where: [{ isAdmin: true, disabledAt: IsNull() }, { clientId: row.clientId, role: 'owner', disabledAt: IsNull() }], order: { id: 'ASC' } });
    let sent = 0;
    for (const user of users) {
      try {
        await mailer.send(domainAlertMail(user.email, { domain: row.domain, clinicName, reason: row.reason ?? '', since: row.failingSince ?? this.now(), admin: user.isAdmin }));
        sent++;
      } catch (err) {
        this.deps.log?.warn({ err, domain: row.domain }, 'could not e-mail a failing domain’s alert');
      }
    }
    // Nobody reached (SMTP away): the next check tries again.
    if (sent > 0) await this.repo().update({ id: row.id }, { alertedAt: this.now() });
  }
}
