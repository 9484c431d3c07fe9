import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ErrorCode, IdempotencyKeySchema, Messages, type LeadSubmit, type ParkedLead } from '@hap/contracts';
import { AppError, badRequest, conflict, isDatabaseUnavailable, notFound } from '@hap/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueClient } from '../../clients/catalogue.client';
import type { TenantClient } from '../../clients/tenant.client';
import { consentRecord, NOT_CAPTURED, type ConsentRecord } from './lead-consent';
import { attributedTouch, isBotSubmission, requestHash } from './lead.rules';
import type { ParkedLeads } from './parked-leads';

/** Where a submission came from, as the gateway told the service. */
export interface SubmissionContext {
  requestId: string;
  idempotencyKey: string | undefined;
  /** A key the same submission may have been stored under already (a posted form's previous ten-minute window). */
  formerIdempotencyKey?: string;
  ip: string | null;
  userAgent: string | null;
  log: FastifyBaseLogger;
}

/** Every lead is e-mailed to the clinic, POSTed to its webhook and pushed to its CRM; the worker records a channel that is not configured. */
export const DELIVERY_CHANNELS = ['email', 'webhook', 'crm'] as const;

export const unprocessable = (message: string) => new AppError(422, ErrorCode.VALIDATION_FAILED, message);

/** A taken lead: its reference, and whether it is held in Redis until the database is back (answered 202, not 201). */
export interface Submission {
  reference: string;
  held: boolean;
}

/** A lead row as written: the submission and what was decided about it (`receivedAt` null: now). */
export type LeadRecord = Omit<ParkedLead, 'receivedAt'> & { receivedAt: string | null };

/**
 * POST /api/leads: checks the clinic's service, then stores the lead and its
 * outbox rows in one statement. The answer comes only after the commit, so
 * an acknowledged lead is never lost; a retried submission with its
 * idempotency key finds the first one and stores nothing. While the database
 * cannot be reached, the lead is held in Redis under the reference it is
 * answered (parked-leads.ts) and the worker stores it later.
 */
export class LeadService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalogue: CatalogueClient,
    /** Names the clinic in the recorded consent sentence. */
    private readonly tenant: TenantClient,
    /** Where leads wait while the database is away; without it such a lead is a 503. */
    private readonly parked: ParkedLeads | null = null,
  ) {}

  async submit(body: LeadSubmit, context: SubmissionContext): Promise<Submission> {
    const key = this.idempotencyKey(context.idempotencyKey);
    // A bot filled the hidden field: it gets what a person gets, and nothing is stored or delivered.
    if (isBotSubmission(body)) {
      context.log.info({ clientId: body.clientId }, 'lead honeypot filled: not stored');
      return { reference: randomUUID(), held: false };
    }
    const hash = requestHash(body);
    try {
      if (context.formerIdempotencyKey) {
        const former = await this.storedUnder(context.formerIdempotencyKey);
        if (former?.request_hash === hash) return { reference: former.reference, held: false };
      }
    } catch (err) {
      // The database is away: the receipts held in Redis are asked instead (hold).
      if (!this.mayHold(err)) throw err;
    }
    const [checked, consent] = await Promise.all([this.checkService(body, context), this.consentOf(body, context)]);
    const lead: LeadRecord = {
      reference: randomUUID(),
      receivedAt: null,
      body,
      idempotencyKey: key,
      requestHash: hash,
      serviceChecked: checked,
      consent,
      ip: context.ip,
      userAgent: context.userAgent,
    };
    let stored;
    try {
      stored = await insertLead(this.dataSource, lead);
    } catch (err) {
      if (!this.mayHold(err)) throw err;
      return this.hold({ ...lead, receivedAt: new Date().toISOString() }, context, err);
    }
    if (stored) return { reference: stored.reference, held: false };
    // The key was used: the same submission again answers the first receipt.
    const first = key === null ? undefined : await this.storedUnder(key);
    if (!first) throw new Error(`lead with idempotency key ${key} vanished`);
    if (first.request_hash !== hash) throw conflict(Messages.leadIdempotencyMismatch);
    return { reference: first.reference, held: false };
  }

  private mayHold(err: unknown): boolean {
    return this.parked !== null && isDatabaseUnavailable(err);
  }

  /**
   * The database is away: the lead waits in Redis under the reference the
   * visitor is given, and the worker stores it once the database is back. A
   * retry of a held submission (its key, or a posted form's former key) gets
   * the first reference. With Redis away too, the database's error stands:
   * 503 with Retry-After, and the visitor's page keeps what they typed.
   */
  private async hold(lead: ParkedLead, context: SubmissionContext, databaseError: unknown): Promise<Submission> {
    const parked = this.parked as ParkedLeads;
    let receipt;
    try {
      const former = context.formerIdempotencyKey ? await parked.receiptOf(context.formerIdempotencyKey) : null;
      if (former?.requestHash === lead.requestHash) return { reference: former.reference, held: true };
      const hold = lead.idempotencyKey ? { key: lead.idempotencyKey, receipt: { reference: lead.reference, requestHash: lead.requestHash } } : undefined;
      const result = await parked.park(lead, hold);
      receipt = result.parked ? { reference: lead.reference, requestHash: lead.requestHash } : result.receipt;
    } catch (err) {
      context.log.error({ err, databaseError, clientId: lead.body.clientId, serviceId: lead.body.serviceId, key: lead.idempotencyKey }, 'lead not taken: PostgreSQL and Redis both unreachable (503)');
      throw databaseError;
    }
    if (receipt.requestHash !== lead.requestHash) throw conflict(Messages.leadIdempotencyMismatch);
    if (receipt.reference === lead.reference) context.log.warn({ err: databaseError, reference: lead.reference }, 'database unreachable: lead held in Redis until it is back');
    return { reference: receipt.reference, held: true };
  }

  private async storedUnder(key: string): Promise<{ reference: string; request_hash: string } | undefined> {
    const [row] = (await this.dataSource.query(`SELECT "reference", "request_hash" FROM "leads"."leads" WHERE "idempotency_key" = $1`, [key])) as Array<{
      reference: string;
      request_hash: string;
    }>;
    return row;
  }

  private idempotencyKey(header: string | undefined): string | null {
    if (header === undefined) return null;
    const parsed = IdempotencyKeySchema.safeParse(header);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? Messages.validationFailed);
    return parsed.data;
  }

  /**
   * The service must be this clinic's and active. When templates cannot
   * answer, the lead is kept rather than lost (marked unchecked): a visitor's
   * request is worth more than the certainty that the page was still live.
   */
  private async checkService(body: LeadSubmit, context: SubmissionContext): Promise<boolean> {
    let services;
    try {
      services = await this.catalogue.servicesOf(body.clientId, context.requestId);
    } catch (err) {
      context.log.warn({ err, clientId: body.clientId, serviceId: body.serviceId }, 'catalogue unreachable: lead kept unchecked');
      return false;
    }
    const service = services.find((s) => s.id === body.serviceId && s.clientId === body.clientId);
    if (!service) throw notFound(Messages.leadServiceNotFound(body.serviceId, body.clientId));
    if (!service.isActive) throw unprocessable(Messages.leadServiceInactive);
    return true;
  }

  /** The consent to record: the version the form showed, in the server's own sentence naming the clinic. */
  private async consentOf(body: LeadSubmit, context: SubmissionContext): Promise<ConsentRecord> {
    if (!body.consentVersion) return NOT_CAPTURED;
    let name: string | null = null;
    try {
      name = (await this.tenant.clinic(body.clientId)).name;
    } catch (err) {
      context.log.warn({ err, clientId: body.clientId }, "tenant unreachable: the lead's consent names the clinic by id");
    }
    return consentRecord(body.consentVersion, { id: body.clientId, name });
  }
}

/**
 * The lead row and its outbox rows, in one statement (so one round trip, and
 * atomic without a transaction of its own); null when its idempotency key or
 * reference was already used (nothing inserted): a retry, or a held lead the
 * relay stores again after a crash. A concurrent insert of the same key waits
 * for the first one's commit, then finds it.
 */
export async function insertLead(dataSource: DataSource, lead: LeadRecord): Promise<{ id: string; reference: string } | null> {
  const { body, consent } = lead;
  const touch = attributedTouch(body.attribution);
  const rows = (await dataSource.query(
    `WITH "lead" AS (
     INSERT INTO "leads"."leads" (
       "reference", "client_id", "service_id", "service_checked", "name", "email", "phone", "message",
       "style_variant", "first_touch", "last_touch",
       "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "gbraid", "wbraid", "fbclid",
       "landing_path", "referrer",
       "consent_status", "consent_text", "consent_version", "consent_at", "consent_ip", "consent_user_agent",
       "idempotency_key", "request_hash", "created_at")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
             $30, $23, $24, CASE WHEN $30 = 'captured' THEN COALESCE($31::timestamptz, now()) END, $25, $26, $27, $28,
             COALESCE($31::timestamptz, now()))
     ON CONFLICT DO NOTHING
     RETURNING "id", "reference"),
     "outbox" AS (
       INSERT INTO "leads"."lead_deliveries" ("lead_id", "channel") SELECT "lead"."id", "channel" FROM "lead", unnest($29::text[]) AS "channel")
     SELECT "id", "reference" FROM "lead"`,
    [
      lead.reference,
      body.clientId,
      body.serviceId,
      lead.serviceChecked,
      body.name,
      body.email,
      body.phone,
      body.message ?? null,
      body.attribution?.styleVariant ?? null,
      body.attribution?.first ?? null,
      body.attribution?.last ?? null,
      touch?.utmSource ?? null,
      touch?.utmMedium ?? null,
      touch?.utmCampaign ?? null,
      touch?.utmTerm ?? null,
      touch?.utmContent ?? null,
      touch?.gclid ?? null,
      touch?.gbraid ?? null,
      touch?.wbraid ?? null,
      touch?.fbclid ?? null,
      touch?.landingPath ?? null,
      touch?.referrer ?? null,
      consent.text,
      consent.version,
      // The address and browser are kept as evidence of a consent, and only then.
      consent.version ? lead.ip : null,
      consent.version ? lead.userAgent : null,
      lead.idempotencyKey,
      lead.requestHash,
      DELIVERY_CHANNELS,
      consent.status,
      lead.receivedAt,
    ],
  )) as Array<{ id: string; reference: string }>;
  return rows[0] ?? null;
}
