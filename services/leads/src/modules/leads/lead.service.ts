import { randomUUID } from 'node:crypto';
import { IdempotencyKeySchema, Messages, type LeadSubmit, type ParkedLead } from '@hap/contracts';
import { badRequest, conflict, isDatabaseUnavailable, notFound, signLeadBookingToken, unprocessable, verifyExperimentArm } from '@hap/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueClient } from '../../clients/catalogue.client';
import type { TenantClient } from '../../clients/tenant.client';
import type { ExperimentCountsSink } from '../results/experiment-counts';
import { NEW_LEAD_CHANNELS } from '../delivery/channels';
import { consentRecord, NOT_CAPTURED, type ConsentRecord } from './lead-consent';
import type { LeadRecord, LeadRepository } from './lead.repository';
import { isBotSubmission, requestHash } from './lead.rules';
import type { ParkedLeads } from './parked-leads';
import type { FrontDeskService } from '../front-desk/front-desk.service';

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

/** A taken lead: its reference, and whether it is held in Redis until the database is back (answered 202, not 201). */
export interface Submission {
  reference: string;
  held: boolean;
  /** The stored lead's booking token (docs/booking.md); absent while held (no row id yet) and for a bot. */
  bookingToken?: string;
}

/**
 * The lead with its experiment arm only when the page's signed token for it
 * verifies (this platform's, unexpired, the same clinic, experiment and arm);
 * otherwise the lead is kept as it is, with no arm: a forged or missing token
 * never refuses a lead, and never counts for an arm.
 */
export function withSignedArm(body: LeadSubmit, secret: string, log?: Pick<FastifyBaseLogger, 'info'>): LeadSubmit {
  const claimed = body.attribution?.experiment;
  if (!body.attribution || !claimed) return body;
  const signed = verifyExperimentArm(secret, claimed.token, body.clientId);
  const kept = signed && signed.experimentId === claimed.id && signed.variant === claimed.variant ? claimed : null;
  if (!kept) log?.info({ clientId: body.clientId, experimentId: claimed.id }, 'lead kept without its experiment arm: no valid signed token');
  return { ...body, attribution: { ...body.attribution, experiment: kept } };
}

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
    private readonly leads: LeadRepository,
    private readonly catalogue: CatalogueClient,
    /** Names the clinic in the recorded consent sentence. */
    private readonly tenant: TenantClient,
    /** Where leads wait while the database is away; without it such a lead is a 503. */
    private readonly parked: ParkedLeads | null,
    /** INTERNAL_SECRET: what the page server signed the experiment arm's token with (service-kit experiment-arm.ts). */
    private readonly internalSecret: string,
    /** Where a lead's experiment arm is counted for templates; absent in processes that do not (tests of the form alone). */
    private readonly experimentCounts: ExperimentCountsSink | null = null,
    /** Round-robin assignment of a new lead (docs/leads.md#assignment); absent in processes that do not assign. */
    private readonly frontDesk: Pick<FrontDeskService, 'autoAssign'> | null = null,
  ) {}

  async submit(submitted: LeadSubmit, context: SubmissionContext): Promise<Submission> {
    const body = withSignedArm(submitted, this.internalSecret, context.log);
    const key = this.idempotencyKey(context.idempotencyKey);
    // A bot filled the hidden field: it gets what a person gets, and nothing is stored or delivered.
    if (isBotSubmission(body)) {
      context.log.info({ clientId: body.clientId }, 'lead honeypot filled: not stored');
      return { reference: randomUUID(), held: false };
    }
    const hash = requestHash(body);
    try {
      if (context.formerIdempotencyKey) {
        const former = await this.leads.receiptUnder(context.formerIdempotencyKey);
        if (former?.request_hash === hash) return this.receipt(former, body.clientId);
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
      // Every lead is e-mailed to the clinic, POSTed to its webhook and pushed to its CRM; the worker records a channel that is not configured.
      stored = await this.leads.insert(lead, NEW_LEAD_CHANNELS);
    } catch (err) {
      if (!this.mayHold(err)) throw err;
      return this.hold({ ...lead, receivedAt: new Date().toISOString() }, context, err);
    }
    if (stored) {
      await this.frontDesk?.autoAssign(Number(stored.id), body.clientId, context.requestId, context.log);
      const experimentId = body.attribution?.experiment?.id;
      if (experimentId !== undefined) await this.experimentCounts?.publish([experimentId]);
      return this.receipt(stored, body.clientId);
    }
    // The key was used: the same submission again answers the first receipt.
    const first = key === null ? undefined : await this.leads.receiptUnder(key);
    if (!first) throw new Error(`lead with idempotency key ${key} vanished`);
    if (first.request_hash !== hash) throw conflict(Messages.leadIdempotencyMismatch);
    return this.receipt(first, body.clientId);
  }

  /** A stored lead's answer, with the token that books for it (service-kit lead-booking-token.ts). */
  private receipt(row: { id: string; reference: string }, clientId: number): Submission {
    return { reference: row.reference, held: false, bookingToken: signLeadBookingToken(this.internalSecret, { leadId: Number(row.id), clientId }) };
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
