import { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import {
  clinicRoleWords,
  ApiError,
  LEAD_CONSENT_LABELS,
  LEAD_STATUSES,
  Messages,
  ErrorCode,
  OFFLINE_CONVERSION_STATUSES,
  PORTAL_AGENCY_ACTOR,
  type LeadBulkStatusResult,
  type LeadBulkStatusUpdate,
  type LeadCounts,
  type LeadCountsQuery,
  type NewLeads,
  type LeadDelivery,
  type LeadDetail,
  type LeadExportQuery,
  type LeadList,
  type LeadListItem,
  type LeadListQuery,
  type LeadStatus,
  type LeadStatusUpdate,
  type LeadTouch,
} from '@hap/contracts';
import { AppError, assertAdmin, badRequest, auditedTransaction, conflict, notFound, recordAudit, type Actor } from '@hap/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueClient } from '../../clients/catalogue.client';
import type { TenantClient } from '../../clients/tenant.client';
import type { ExperimentCountsSink } from '../results/experiment-counts';
import type { DeliveryJobs } from './delivery-jobs';
import type { DeliveryRow, LeadAdminRepository, LeadRow, StatusAuditRow } from './lead-admin.repository';
import { consentOf } from '../leads/lead-consent';
import { DeliveryRepository } from '../delivery/delivery.repository';
import { followUpStopReason } from '../messages/message.rules';
import { attributionOf } from '../leads/lead.rules';
import { ASSIGNEE_ME_IS_PORTAL, CSV_BOM, csvRow, leadFilter, pageCount, statusMove } from './lead-admin.rules';

/** An admin has no leads of their own: `assigneeId=me` is the portal's. */

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const TOUCH_KEYS = ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent', 'gclid', 'gbraid', 'wbraid', 'fbclid', 'landingPath', 'referrer', 'at'] as const;

/** A stored touch (jsonb as the form sent it) with every field present. */
function toTouch(value: Record<string, unknown> | null): LeadTouch | null {
  if (!value) return null;
  const touch = {} as Record<(typeof TOUCH_KEYS)[number], string | null>;
  for (const key of TOUCH_KEYS) touch[key] = typeof value[key] === 'string' ? value[key] : null;
  return touch;
}

const toDelivery = (row: DeliveryRow): LeadDelivery => ({
  id: Number(row.id),
  channel: row.channel,
  recipient: row.recipient || null,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  queuedAt: iso(row.queued_at),
  deliveredAt: iso(row.delivered_at),
  createdAt: iso(row.created_at)!,
  updatedAt: iso(row.updated_at)!,
});

function toListItem(row: LeadRow, serviceNames: ReadonlyMap<number, string>): LeadListItem {
  return {
    id: Number(row.id),
    reference: row.reference,
    clientId: row.client_id,
    serviceId: row.service_id,
    serviceName: serviceNames.get(row.service_id) ?? null,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    styleVariant: row.style_variant,
    utmSource: row.utm_source,
    utmCampaign: row.utm_campaign,
    failedDeliveries: row.failed_deliveries,
    assigneeId: row.assignee_user_id,
    assigneeName: row.assignee_user_id === null ? null : row.assignee_name,
    createdAt: iso(row.created_at)!,
  };
}

/** The CSV's columns: what a clinic's front desk or an analyst needs; never the request hash or idempotency key. */
const CSV_COLUMNS: ReadonlyArray<[string, (row: LeadRow, serviceNames: ReadonlyMap<number, string>) => unknown]> = [
  ['Reference', (r) => r.reference],
  ['Created at', (r) => iso(r.created_at)],
  ['Status', (r) => r.status],
  ['Service id', (r) => r.service_id],
  ['Service', (r, names) => names.get(r.service_id) ?? ''],
  ['Name', (r) => r.name],
  ['Email', (r) => r.email],
  ['Phone', (r) => r.phone],
  ['Message', (r) => r.message],
  ['Style variant', (r) => r.style_variant],
  ['UTM source', (r) => r.utm_source],
  ['UTM medium', (r) => r.utm_medium],
  ['UTM campaign', (r) => r.utm_campaign],
  ['UTM term', (r) => r.utm_term],
  ['UTM content', (r) => r.utm_content],
  ['GCLID', (r) => r.gclid],
  ['GBRAID', (r) => r.gbraid],
  ['WBRAID', (r) => r.wbraid],
  ['FBCLID', (r) => r.fbclid],
  ['Landing path', (r) => r.landing_path],
  ['Referrer', (r) => r.referrer],
  ['Consent', (r) => LEAD_CONSENT_LABELS[r.consent_status]],
  ['Consent version', (r) => r.consent_version],
  ['Consent at', (r) => iso(r.consent_at)],
  ['Failed deliveries', (r) => r.failed_deliveries],
];

/**
 * The admin Leads inbox: reads of one clinic's leads, the status pipeline
 * (each change audited with who made it), counts, CSV export and the retry
 * of a failed delivery. Every method checks the caller is an admin first.
 */
export class LeadAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly leads: LeadAdminRepository,
    private readonly catalogue: CatalogueClient,
    private readonly jobs: DeliveryJobs,
    /** Which status each clinic counts as a Google Ads conversion (tenant); absent: booked, as by default. */
    private readonly clinics: Pick<TenantClient, 'clinic'> | null = null,
    /** Where a moved lead's experiment arm is counted again for templates (a booking counts); absent in tests that do not need it. */
    private readonly experimentCounts: ExperimentCountsSink | null = null,
  ) {}

  /**
   * Whether reaching `status` makes the lead a Google Ads conversion of its
   * clinic: only for a lead from a Google ad, when the clinic
   * counts that status and reports conversions. Asked of tenant before the
   * change; when tenant cannot answer the change is refused (503) rather than
   * a conversion guessed or lost.
   */
  private async countsAsConversion(lead: LeadRow | null, status: LeadStatus): Promise<boolean> {
    if (!lead?.gclid || lead.status === status || !(OFFLINE_CONVERSION_STATUSES as readonly string[]).includes(status)) return false;
    if (!this.clinics) return status === 'booked';
    let clinic;
    try {
      clinic = await this.clinics.clinic(lead.client_id);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return false;
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('tenant'));
    }
    return clinic.conversionTrackingEnabled && clinic.offlineConversionStatus === status;
  }

  async list(actor: Actor, query: LeadListQuery): Promise<LeadList> {
    assertAdmin(actor);
    if (query.assigneeId === 'me') throw badRequest(ASSIGNEE_ME_IS_PORTAL);
    return this.page(actor, query);
  }

  /**
   * One page of the leads the query selects (one clinic's with clientId).
   * Checks no access: the admin's list checks for an admin, the portal's
   * (portal.service.ts) for a clinic user and fixes clientId to theirs.
   */
  async page(actor: Actor, query: LeadListQuery): Promise<LeadList> {
    const { page, pageSize } = query;
    const clientId = query.clientId;
    const [{ rows, total }, oneClinic] = await Promise.all([
      this.leads.page(leadFilter(query), pageSize, (page - 1) * pageSize),
      clientId === undefined ? null : this.serviceNames(clientId, actor),
    ]);
    // All clinics: the names of the services of the clinics on this page (at most a page of them).
    const names = oneClinic ?? (await this.serviceNamesOf(new Set(rows.map((row) => row.client_id)), actor));
    return { items: rows.map((row) => toListItem(row, names)), total, page, pageSize, pageCount: pageCount(total, pageSize) };
  }

  async get(actor: Actor, id: number): Promise<LeadDetail> {
    assertAdmin(actor);
    return this.lead(actor, id, null);
  }

  /**
   * One lead's detail; with `clinic`, only a lead of that clinic (another's
   * is 404, as if it did not exist) and its history as the clinic reads it.
   * Checks no access: callers do (the admin's get, the portal's).
   */
  async lead(actor: Actor, id: number, clinic: number | null): Promise<LeadDetail> {
    const row = await this.leads.findById(id, undefined, false, clinic ?? undefined);
    if (!row) throw notFound(Messages.leadNotFound(id));
    return this.detail(row, actor, clinic === null ? 'admin' : 'clinic');
  }

  /**
   * Moves a lead (any move is allowed, services/leads/README.md) and records
   * who moved it from what to what, in one transaction. The same status
   * again changes and records nothing.
   */
  async updateStatus(actor: Actor, id: number, update: LeadStatusUpdate): Promise<LeadDetail> {
    assertAdmin(actor);
    return this.moveStatus(actor, id, update, null);
  }

  /**
   * updateStatus's rules for anyone the caller has checked: with `clinic`,
   * only a lead of that clinic moves (another's is 404 and nothing changes,
   * nothing is locked), and the audit names the clinic user (actorChanges).
   */
  async moveStatus(actor: Actor, id: number, update: LeadStatusUpdate, clinic: number | null): Promise<LeadDetail> {
    await this.move(actor, id, update, clinic);
    return this.lead(actor, id, clinic);
  }

  /**
   * A booking of the lead moves it to 'booked' (docs/booking.md): the same move, audit and Google Ads conversion as
   * moveStatus, by the booking's actor (the leads service); a lead already booked or won keeps its status. Idempotent:
   * run again (a retried booking) it changes and records nothing.
   */
  async markBooked(actor: Actor, id: number, clinic: number): Promise<void> {
    await this.move(actor, id, { status: 'booked' }, clinic, ['booked', 'won']);
  }

  /**
   * A clinic user's first text to the patient (docs/speed-to-lead.md#conversations) moves a new lead to
   * contacted: the same move and audit as the status menu, by that user; a lead further on stays.
   */
  async markContacted(actor: Actor, id: number, clinic: number): Promise<void> {
    await this.move(actor, id, { status: 'contacted' }, clinic, ['contacted', 'booked', 'won', 'lost']);
  }

  /**
   * The lead follows its appointment (docs/booking.md#the-clinics-side): a cancellation moves a booked lead back
   * to contacted, an attended appointment moves it to won; the same move, audit and conversion as moveStatus, by
   * whoever changed the appointment. A lead at one of `keep` stays (a won lead is not undone by a cancellation).
   */
  async followAppointment(actor: Actor, id: number, clinic: number, status: 'contacted' | 'won'): Promise<void> {
    await this.move(actor, id, { status }, clinic, status === 'contacted' ? ['new', 'contacted', 'won', 'lost'] : ['won']);
  }

  /** moveStatus's change, in one transaction; a lead at one of `keep` is left as it is. */
  private async move(actor: Actor, id: number, update: LeadStatusUpdate, clinic: number | null, keep: readonly LeadStatus[] = []): Promise<void> {
    const scope = clinic ?? undefined;
    // The clinic's conversion status is read before the row is locked: the lock never waits on tenant.
    const conversion = await this.countsAsConversion(await this.leads.findById(id, undefined, false, scope), update.status);
    await this.dataSource.transaction(async (manager) => {
      const row = await this.leads.findById(id, manager, true, scope);
      if (!row) throw notFound(Messages.leadNotFound(id));
      if (keep.includes(row.status)) return;
      if (update.from !== undefined && update.from !== row.status && row.status !== update.status) {
        throw conflict(Messages.leadStatusMovedOn(row.status));
      }
      const move = statusMove(row.status, update.status);
      if (move === 'none') return;
      await this.leads.setStatus(id, update.status, manager);
      // The patient's follow-up texts stop once the lead moves on (docs/speed-to-lead.md#follow-ups).
      await new DeliveryRepository(this.dataSource).stopFollowUps([id], followUpStopReason(update.status), manager);
      // A lead from a Google ad that reaches its clinic's conversion status is uploaded once (the outbox's lead-and-channel key).
      const queued = conversion && (await this.leads.queueConversion(id, manager));
      // The lead's clinic by id (named on the screen); never the patient's name: the audit log outlives the lead.
      const changes = { before: { status: row.status }, after: { status: update.status, clientId: row.client_id }, move, ...actorChanges(actor), ...(queued ? { googleAdsConversion: 'queued' } : {}) };
      await recordAudit(manager, actor, { action: 'update', entity: 'lead', entityId: id, changes });
    });
    await this.experimentCounts?.publishForLeads([id]);
  }

  /**
   * Moves the selected leads to one status in one transaction: all or none. A lead that does not exist refuses the whole change
   * (404 naming it); each lead that moves is audited as a single change is,
   * and queues its Google Ads conversion as a single change would; one
   * already at the status changes and records nothing.
   */
  async updateStatuses(actor: Actor, update: LeadBulkStatusUpdate): Promise<LeadBulkStatusResult> {
    assertAdmin(actor);
    const ids = [...update.ids].sort((a, b) => a - b);
    // Clinics' conversion statuses are read before the rows are locked: the locks never wait on tenant.
    const before = await this.leads.findByIds(ids);
    const conversions = await this.conversionsOf(before, update.status);
    const result = await this.dataSource.transaction(async (manager) => {
      // Locked in id order, so two bulk changes over the same leads take turns instead of deadlocking.
      const rows = await this.leads.findByIds(ids, manager, true);
      const found = new Set(rows.map((row) => Number(row.id)));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) throw notFound(Messages.leadsNotFound(missing));
      const changed: number[] = [];
      const unchanged: number[] = [];
      for (const row of rows) {
        const id = Number(row.id);
        const move = statusMove(row.status, update.status);
        if (move === 'none') {
          unchanged.push(id);
          continue;
        }
        await this.leads.setStatus(id, update.status, manager);
        await new DeliveryRepository(this.dataSource).stopFollowUps([id], followUpStopReason(update.status), manager);
        const queued = conversions.has(id) && (await this.leads.queueConversion(id, manager));
        const changes = { before: { status: row.status }, after: { status: update.status, clientId: row.client_id }, move, ...actorChanges(actor), bulk: true, ...(queued ? { googleAdsConversion: 'queued' } : {}) };
        await recordAudit(manager, actor, { action: 'update', entity: 'lead', entityId: id, changes });
        changed.push(id);
      }
      return { status: update.status, changed, unchanged };
    });
    await this.experimentCounts?.publishForLeads(result.changed);
    return result;
  }

  /** Which of these leads become a Google Ads conversion by reaching `status` (tenant asked once a clinic). */
  private async conversionsOf(rows: LeadRow[], status: LeadStatus): Promise<Set<number>> {
    const byClinic = new Map<number, Promise<boolean>>();
    const result = new Set<number>();
    for (const row of rows) {
      if (!row.gclid || row.status === status) continue;
      let counts = byClinic.get(row.client_id);
      if (!counts) {
        counts = this.countsAsConversion(row, status);
        byClinic.set(row.client_id, counts);
      }
      if (await counts) result.add(Number(row.id));
    }
    return result;
  }

  /** Leads of every clinic still new, and when the newest arrived (the sidebar's live count). */
  async newLeads(actor: Actor): Promise<NewLeads> {
    assertAdmin(actor);
    return this.newLeadsOf(null);
  }

  /** Leads still new, and when the newest arrived: every clinic's, or one clinic's (the portal's count; it checks access). */
  async newLeadsOf(clinic: number | null): Promise<NewLeads> {
    const { count, newestAt } = await this.leads.newLeads(clinic ?? undefined);
    return { count, newestAt: newestAt ? newestAt.toISOString() : null };
  }

  async counts(actor: Actor, query: LeadCountsQuery): Promise<LeadCounts> {
    assertAdmin(actor);
    const [rows, services] = await Promise.all([this.leads.counts(leadFilter(query)), this.services(query.clientId, actor)]);
    // GROUPING bits (service, variant, status; 1 = rolled up): 3 by service, 5 by variant, 6 by status, 7 the total.
    const byServiceCount = new Map(rows.filter((r) => r.g === 3).map((r) => [r.service_id!, r.count]));
    const byService = [
      ...(services ?? []).map((s) => ({ serviceId: s.id, serviceName: s.name, count: byServiceCount.get(s.id) ?? 0 })),
      ...[...byServiceCount]
        .filter(([serviceId]) => !services?.some((s) => s.id === serviceId))
        .map(([serviceId, count]) => ({ serviceId, serviceName: null, count })),
    ].sort((a, b) => b.count - a.count || (a.serviceName ?? '').localeCompare(b.serviceName ?? '') || a.serviceId - b.serviceId);
    const byVariant = rows
      .filter((r) => r.g === 5)
      .map((r) => ({ variant: r.style_variant, count: r.count }))
      // Most first; a lead whose page did not say its variant last.
      .sort((a, b) => b.count - a.count || (a.variant === null ? 1 : b.variant === null ? -1 : a.variant.localeCompare(b.variant)));
    const byStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, rows.find((r) => r.g === 6 && r.status === s)?.count ?? 0])) as LeadCounts['byStatus'];
    const all = rows.find((r) => r.g === 7);
    return { total: all?.count ?? 0, failedDeliveries: all?.failed ?? 0, byService, byVariant, byStatus };
  }

  /**
   * The filtered leads as CSV, streamed in batches: a header row, then one
   * row per lead, newest first. Cells a spreadsheet would run as a formula
   * are neutralised (lead-admin.rules.ts).
   */
  async exportCsv(actor: Actor, query: LeadExportQuery, log: FastifyBaseLogger): Promise<Readable> {
    assertAdmin(actor);
    if (query.assigneeId === 'me') throw badRequest(ASSIGNEE_ME_IS_PORTAL);
    const names = await this.serviceNames(query.clientId, actor);
    const batches = this.leads.batches(leadFilter(query));
    async function* lines(): AsyncGenerator<string> {
      yield CSV_BOM + csvRow(CSV_COLUMNS.map(([title]) => title));
      let count = 0;
      for await (const rows of batches) {
        yield rows.map((row) => csvRow(CSV_COLUMNS.map(([, cell]) => cell(row, names)))).join('');
        count += rows.length;
      }
      log.info({ clientId: query.clientId, count }, 'leads exported');
    }
    return Readable.from(lines());
  }

  /**
   * A failed delivery goes back to the outbox (`pending`): the relay queues
   * it again and the worker gets a fresh set of tries. Its attempts and last
   * error stay until the next attempt replaces them. Only a failed delivery
   * can be retried (409 otherwise); the retry is audited.
   */
  async retryDelivery(actor: Actor, id: number): Promise<LeadDelivery> {
    assertAdmin(actor);
    const found = await this.leads.findDelivery(id);
    if (!found) throw notFound(Messages.leadDeliveryNotFound(id));
    if (found.status !== 'failed') throw conflict(Messages.leadDeliveryNotFailed(found.status));
    let clearance;
    try {
      clearance = await this.jobs.clearFinished(id);
    } catch (err) {
      throw Object.assign(new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('delivery queue')), { cause: err });
    }
    if (clearance === 'busy') throw conflict(Messages.leadDeliveryBusy);
    return auditedTransaction(this.dataSource, actor, async (manager) => {
      const row = await this.leads.findDelivery(id, manager, true);
      if (!row) throw notFound(Messages.leadDeliveryNotFound(id));
      if (row.status !== 'failed') throw conflict(Messages.leadDeliveryNotFailed(row.status));
      const after = await this.leads.requeueDelivery(id, manager);
      return {
        result: toDelivery(after),
        audit: {
          action: 'update',
          entity: 'lead_delivery',
          entityId: id,
          changes: { before: { status: row.status, attempts: row.attempts, lastError: row.last_error }, after: { status: after.status } },
        },
      };
    });
  }

  private async detail(row: LeadRow, actor: Actor, view: HistoryView): Promise<LeadDetail> {
    const [deliveries, history, names] = await Promise.all([
      this.leads.deliveriesOf(row.id),
      this.leads.statusHistoryOf(row.id),
      this.serviceNames(row.client_id, actor),
    ]);
    return {
      ...toListItem(row, names),
      message: row.message,
      serviceChecked: row.service_checked,
      attribution: {
        ...attributionOf(row),
        gbraid: row.gbraid,
        wbraid: row.wbraid,
        fbclid: row.fbclid,
        referrer: row.referrer,
        firstTouch: toTouch(row.first_touch),
        lastTouch: toTouch(row.last_touch),
      },
      consent: { ...consentOf(row), ip: row.consent_ip, userAgent: row.consent_user_agent },
      deliveries: deliveries.map(toDelivery),
      statusHistory: history.flatMap((entry) => statusChange(entry, view)),
      updatedAt: iso(row.updated_at)!,
    };
  }

  /** A clinic's services (name and id), or null when templates cannot answer: reads never fail for want of names. */
  private async services(clientId: number, actor: Actor) {
    try {
      return await this.catalogue.servicesOf(clientId, actor.requestId);
    } catch {
      return null;
    }
  }

  private async serviceNamesOf(clientIds: ReadonlySet<number>, actor: Actor): Promise<ReadonlyMap<number, string>> {
    const maps = await Promise.all([...clientIds].map((clientId) => this.serviceNames(clientId, actor)));
    return new Map(maps.flatMap((names) => [...names]));
  }

  private async serviceNames(clientId: number, actor: Actor): Promise<ReadonlyMap<number, string>> {
    return new Map((await this.services(clientId, actor))?.map((s) => [s.id, s.name]) ?? []);
  }
}

/** Who reads a lead's history: the agency (every change by e-mail), or the lead's clinic (its users by name, the agency as Agency). */
type HistoryView = 'admin' | 'clinic';

/**
 * Who made a status change, as its audit row keeps it: the e-mail the
 * gateway signed (`by`, what the history showed before clinic users), and for
 * a clinic user also their name and role, so both the agency and
 * the clinic can tell who it was.
 */
function actorChanges(actor: Actor): { by: string | null; byClinicUser?: { userId: number; name: string | null; role: string; clientId: number } } {
  const { identity } = actor;
  const by = identity.email ?? null;
  if (identity.kind !== 'clinic' || identity.userId === undefined || identity.clientId === undefined || !identity.role) return { by };
  return { by, byClinicUser: { userId: identity.userId, name: identity.name ?? null, role: identity.role, clientId: identity.clientId } };
}

function statusChange(entry: StatusAuditRow, view: HistoryView): LeadDetail['statusHistory'] {
  const from = entry.changes?.before?.status;
  const to = entry.changes?.after?.status;
  if (!from || !to) return [];
  const email = entry.changes?.by ?? null;
  const clinicUser = entry.changes?.byClinicUser;
  let by: string | null;
  if (view === 'clinic') by = clinicUser ? (clinicUser.name ?? email) : PORTAL_AGENCY_ACTOR;
  else if (clinicUser) by = `${clinicUser.name ? `${clinicUser.name} <${email}>` : email} (clinic ${clinicRoleWords(clinicUser.role)})`;
  else by = email ?? (entry.actor_user_id !== null ? `admin #${entry.actor_user_id}` : null);
  return [{ from, to, at: iso(entry.created_at)!, by }];
}
