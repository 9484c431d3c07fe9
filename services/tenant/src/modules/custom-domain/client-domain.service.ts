import { randomBytes } from 'node:crypto';
import { In, type DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCode,
  CustomDomainMessages as M,
  DOMAIN_VERIFY_WINDOW_MS,
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
} from '@hap/service-kit';
import type { ClientRepository } from '../client/client.repository';
import { DomainMappingEntity } from '../domain-mapping/domain-mapping.entity';
import { ClientDomainEntity } from './client-domain.entity';
import type { DnsCheck, EdgeTarget } from './dns-check';
import { checkHostName } from './host-name.rules';

/** Queues the next DNS check of a claim (the tenant.domain-check job), `delayMs` from now. */
export interface DomainCheckScheduler {
  schedule(domainId: number, check: number, delayMs: number): Promise<void>;
}

/** The job's pace: 1 minute, then doubling, at most an hour apart, for 72 hours from the claim. */
export const checkDelayMs = (check: number): number => Math.min(60_000 * 2 ** Math.max(0, check - 1), 60 * 60_000);

export interface ClientDomainDeps {
  dataSource: DataSource;
  clients: ClientRepository;
  dns: DnsCheck;
  edge: EdgeTarget;
  /** The platform's own host names (the edge, PUBLIC_BASE_URL's host): never a clinic's. */
  platformHosts: readonly string[];
  scheduler: DomainCheckScheduler | null;
  now?: () => Date;
}

const SYSTEM: Actor = { identity: { kind: 'service', service: 'tenant' }, requestId: 'domain-check' };

/**
 * A clinic's own domains (issue 28): claims, their DNS proof, the edge's ask,
 * and the host mapping an active domain keeps. Only an `active` domain maps
 * to its clinic: it writes (or takes over) the `domain_mappings` row of its
 * host at path `/`, and removing it or its failing removes that row, so client
 * resolution keeps reading one table.
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
    // No public suffix list here: a two-label name (clinic.com) is taken for an apex, which cannot hold a CNAME.
    const apex = domain.split('.').length === 2;
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
      clientId: row.clientId,
      status: row.status,
      reason: row.reason,
      records: this.recordsOf(row.domain, row.token),
      createdAt: row.createdAt.toISOString(),
      lastCheckedAt: iso(row.lastCheckedAt),
      nextCheckAt: iso(row.nextCheckAt),
      verifiedAt: iso(row.verifiedAt),
      checkUntil: row.checkUntil.toISOString(),
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
    const checked = checkHostName(domain);
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
    const checked = checkHostName(input, this.deps.platformHosts);
    if (!checked.ok) throw badRequest(checked.message, [{ path: 'domain', message: checked.message }]);
    if (!this.configured) throw new AppError(503, ErrorCode.NOT_CONFIGURED, M.notConfigured);
    const domain = checked.domain;
    try {
      const row = await auditedTransaction(this.deps.dataSource, actor, async (manager) => {
        await this.clinicOf(clientId, manager);
        const claims = await this.repo(manager).find({ where: { domain } });
        if (claims.some((r) => r.clientId !== clientId && isVerifiedOrLater(r.status))) throw conflict(M.claimedElsewhere(domain));
        if (claims.some((r) => r.clientId === clientId)) throw conflict(M.alreadyAdded(domain));
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

  /** Checks now (the admin's or owner's button): pending or failing claims are checked; a verified-or-later one answers as it is. */
  private async verify(actor: Actor, clientId: number, domain: string): Promise<CustomDomain> {
    await this.clinicOf(clientId);
    const row = await this.find(clientId, domain);
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
    try {
      return await this.deps.dataSource.transaction(async (manager) => {
        const row = await this.repo(manager).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!row) throw notFound(M.notFound(before.domain));
        if (isVerifiedOrLater(row.status)) return row;
        const now = this.now();
        const was = { status: row.status, reason: row.reason };
        row.lastCheckedAt = now;
        if (!result.reason) {
          const elsewhere = await this.repo(manager).find({ where: { domain: row.domain } });
          if (elsewhere.some((r) => r.id !== row.id && isVerifiedOrLater(r.status))) throw conflict(M.claimedElsewhere(row.domain));
          Object.assign(row, { status: 'verified', reason: null, verifiedAt: now, nextCheckAt: null });
        } else if (now >= row.checkUntil) {
          Object.assign(row, { status: 'failing', reason: M.expired, nextCheckAt: null });
        } else {
          Object.assign(row, { status: 'pending', reason: result.reason });
          if (!manual) row.nextCheckAt = null;
        }
        const saved = await this.repo(manager).save(row);
        // A check that changes nothing (still pending, same reason) is not an audited write.
        if (was.status !== saved.status || was.reason !== saved.reason) {
          await recordAudit(manager, actor, {
            action: 'update',
            entity: 'client_domain',
            entityId: saved.id,
            changes: { before: was, after: { status: saved.status, reason: saved.reason } },
          });
        }
        return saved;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(M.claimedElsewhere(before.domain));
      throw err;
    }
  }

  private async remove(actor: Actor, clientId: number, domain: string): Promise<{ domain: string }> {
    return auditedTransaction(this.deps.dataSource, actor, async (manager) => {
      await this.clinicOf(clientId, manager);
      const row = await this.find(clientId, domain, manager);
      await this.unmap(manager, row);
      await this.repo(manager).delete({ id: row.id });
      return {
        result: { domain: row.domain },
        audit: { action: 'delete', entity: 'client_domain', entityId: row.id, changes: { before: { domain: row.domain, clientId, status: row.status } } },
      };
    });
  }

  // ---- the edge ----

  /** Caddy's ask: the domain's clinic when it is verified or later, else 404 (no certificate for names we do not serve). */
  async ask(domain: string): Promise<{ domain: string; clientId: number }> {
    const key = this.keyOf(domain);
    // Asked on every TLS handshake with a name not yet served: one row by the verified-domain index.
    const row = await this.repo().findOne({ where: { domain: key, status: In([...VERIFIED_OR_LATER]) } });
    if (!row) throw notFound(M.notFound(key));
    return { domain: row.domain, clientId: row.clientId };
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
      const row = rows.find((r) => isVerifiedOrLater(r.status));
      if (!row) throw notFound(M.notFound(key));
      const was = row.status;
      const now = this.now();
      Object.assign(row, { status: 'active', reason: null, certificateAt: row.certificateAt ?? now });
      const saved = await this.repo(manager).save(row);
      await this.map(manager, saved);
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
      const delay = Math.max(0, Math.min(checkDelayMs(check + 1), after.checkUntil.getTime() - this.now().getTime()));
      await this.repo().update({ id: domainId }, { nextCheckAt: new Date(this.now().getTime() + delay) });
      await this.deps.scheduler.schedule(domainId, check + 1, delay);
      return this.toDto({ ...after, nextCheckAt: new Date(this.now().getTime() + delay) });
    }
    return this.toDto(after);
  }

  // ---- the host mapping an active domain keeps ----

  private async map(manager: EntityManager, row: ClientDomainEntity): Promise<void> {
    const mappings = manager.getRepository(DomainMappingEntity);
    const existing = await mappings.findOneBy({ domain: row.domain, path: '/' });
    // The DNS proof outranks a mapping typed by hand: the host at / is this clinic's.
    if (existing) await mappings.update({ id: existing.id }, { clientId: row.clientId, isActive: true });
    else await mappings.insert({ domain: row.domain, path: '/', clientId: row.clientId, priority: 100, isActive: true });
  }

  private async unmap(manager: EntityManager, row: ClientDomainEntity): Promise<void> {
    if (row.status !== 'active') return;
    await manager.getRepository(DomainMappingEntity).delete({ domain: row.domain, path: '/', clientId: row.clientId });
  }
}
