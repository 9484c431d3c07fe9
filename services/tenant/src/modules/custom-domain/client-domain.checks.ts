import type { EntityManager } from 'typeorm';
import {
  CustomDomainMessages as M,
  DOMAIN_CERTIFICATE_MIN_DAYS,
  DOMAIN_CERTIFICATE_WINDOW_MS,
  isVerifiedOrLater,
  type CustomDomain,
} from '@hap/contracts';
import { AppError, conflict, isUniqueViolation, notFound, recordAudit, type Actor } from '@hap/service-kit';
import type { UserRepository } from '../user/user.repository';
import type { ClientDomainEntity } from './client-domain.entity';
import type { ClientDomainRepository } from './client-domain.repository';
import { certificateDelayMs, checkDelayMs, holdsName, isHealthChecked, MANUAL_PROBE_TIMEOUT_MS } from './client-domain.rules';
import type { ClientDomainDeps } from './client-domain.service';
import { sendDomainAlert } from './domain-alerts';
import type { DomainSiteLink } from './domain-site-link';

const DAY_MS = 24 * 60 * 60 * 1000;

const SYSTEM: Actor = { identity: { kind: 'service', service: 'tenant' }, requestId: 'domain-check' };

/**
 * A claim's state machine (docs/domains.md#claims-proof-certificates-and-health):
 * its DNS checks (pending → verified, or failing when 72 hours pass), the
 * certificate step (verified → certificate_issued → active, with its host
 * mapping), and the daily health check (active ⇄ failing, with the alert
 * e-mail). Each transition is saved on the locked row and audited when the
 * status or reason changes. ClientDomainService runs these for its buttons
 * and the jobs.
 */
export class ClientDomainChecks {
  private readonly now: () => Date;
  private readonly domains: ClientDomainRepository;
  private readonly users: UserRepository;
  private readonly site: DomainSiteLink;
  private readonly toDto: (row: ClientDomainEntity) => CustomDomain;

  constructor(
    private readonly deps: ClientDomainDeps,
    parts: { now: () => Date; domains: ClientDomainRepository; users: UserRepository; site: DomainSiteLink; toDto: (row: ClientDomainEntity) => CustomDomain },
  ) {
    ({ now: this.now, domains: this.domains, users: this.users, site: this.site, toDto: this.toDto } = parts);
  }

  /**
   * Asks DNS (outside any transaction: a slow resolver holds no lock), then
   * records the outcome on the locked row. Manual checks may verify after the
   * 72 hours; the job gives up then.
   */
  async checkAndRecord(actor: Actor, id: number, { manual }: { manual: boolean }): Promise<ClientDomainEntity> {
    const before = await this.domains.findById(id);
    if (!before) throw notFound(M.notFound(String(id)));
    const result = await this.deps.dns.check(before.domain, before.token);
    const certificateStep = Boolean(this.deps.probe && this.deps.scheduler);
    let turnedVerified = false;
    try {
      const saved = await this.deps.dataSource.transaction(async (manager) => {
        const row = await this.domains.lockedById(id, manager);
        if (!row) throw notFound(M.notFound(before.domain));
        if (isVerifiedOrLater(row.status)) return row;
        const now = this.now();
        const was = { status: row.status, reason: row.reason };
        row.lastCheckedAt = now;
        if (!result.reason) {
          const elsewhere = await this.domains.claimsOn(row.domain, manager);
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
  async queueCertificate(row: ClientDomainEntity, attempt: number, delayMs = certificateDelayMs(attempt)): Promise<void> {
    try {
      await this.deps.scheduler!.scheduleCertificate(row.id, attempt, delayMs);
    } catch (err) {
      this.deps.log?.warn({ err, domain: row.domain }, 'could not queue the certificate step');
      await this.domains.patch(row.id, { nextCheckAt: null });
      row.nextCheckAt = null;
    }
  }

  // ---- the job ----

  /** tenant.domain-check: one check of a pending claim, then the next one queued until verified or 72 hours have passed. */
  async runCheck(domainId: number, check: number): Promise<CustomDomain | null> {
    const row = await this.domains.findById(domainId);
    if (!row || row.status !== 'pending') return null;
    let after: ClientDomainEntity;
    try {
      after = await this.checkAndRecord(SYSTEM, domainId, { manual: false });
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 409)) throw err;
      // Another clinic verified the name first: this claim can no longer succeed.
      const reason = M.claimedElsewhere(row.domain);
      await this.deps.dataSource.transaction(async (manager) => {
        await this.domains.patch(domainId, { status: 'failing', reason, nextCheckAt: null }, manager);
        await recordAudit(manager, SYSTEM, {
          action: 'update',
          entity: 'client_domain',
          entityId: domainId,
          changes: { before: { status: row.status, reason: row.reason }, after: { status: 'failing', reason } },
        });
      });
      return this.toDto((await this.domains.findById(domainId))!);
    }
    if (after.status === 'pending' && this.deps.scheduler) {
      // The last check falls at the window's end; past it (DNS could not be asked then), at the job's usual pace.
      const left = after.checkUntil.getTime() - this.now().getTime();
      const delay = left > 0 ? Math.min(checkDelayMs(check + 1), left) : checkDelayMs(check + 1);
      await this.domains.patch(domainId, { nextCheckAt: new Date(this.now().getTime() + delay) });
      await this.deps.scheduler.schedule(domainId, check + 1, delay);
      return this.toDto({ ...after, nextCheckAt: new Date(this.now().getTime() + delay) });
    }
    return this.toDto(after);
  }

  /** The one way a domain turns active (the certificate step, the edge's report): status, times, and its host mapping. */
  async activate(manager: EntityManager, actor: Actor, row: ClientDomainEntity): Promise<ClientDomainEntity> {
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
    const saved = await this.domains.save(row, manager);
    await this.site.map(manager, actor, saved);
    return saved;
  }

  /** Saves `row` and audits the change from `was` when its status or reason changed (a check that changes nothing is no audited write). */
  private async record(manager: EntityManager, actor: Actor, row: ClientDomainEntity, was: { status: string; reason: string | null }): Promise<ClientDomainEntity> {
    const saved = await this.domains.save(row, manager);
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
    const row = await this.domains.findById(domainId);
    if (!probe || !row || (row.status !== 'verified' && row.status !== 'certificate_issued')) return null;
    if (row.status === 'verified') {
      const seen = await probe.certificate(row.domain);
      const now = this.now();
      const until = (row.verifiedAt ?? row.createdAt).getTime() + DOMAIN_CERTIFICATE_WINDOW_MS;
      const giveUp = !seen.ok && now.getTime() >= until;
      const after = await this.deps.dataSource.transaction(async (manager) => {
        const locked = await this.domains.lockedById(domainId, manager);
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
      const locked = await this.domains.lockedById(domainId, manager);
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
    return this.domains.healthCheckedIds();
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
    const row = await this.domains.findById(domainId);
    if (!probe || !row || !isHealthChecked(row)) return null;
    const clinic = await this.deps.clients.nameOf(row.clientId);
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
      const locked = await this.domains.lockedById(domainId, manager);
      if (!locked || !isHealthChecked(locked)) return null;
      const was = { status: locked.status, reason: locked.reason };
      locked.lastHealthCheckAt = now;
      if (cert.ok) locked.certificateExpiresAt = cert.validTo;
      if (reason) {
        Object.assign(locked, { status: 'failing', reason, failingSince: locked.failingSince ?? now });
      } else {
        Object.assign(locked, { status: 'active', reason: null, failingSince: null, alertedAt: null });
        // The mapping was kept while failing; written again in case someone removed it meanwhile.
        if (was.status !== 'active') await this.site.map(manager, actor, locked);
      }
      return this.record(manager, actor, locked, was);
    });
    if (!after) return null;
    if (after.status === 'failing' && !after.alertedAt && this.deps.mailer) {
      await sendDomainAlert({ mailer: this.deps.mailer, users: this.users, domains: this.domains, now: this.now, log: this.deps.log }, after, clinicName);
    }
    return this.toDto(after);
  }
}
