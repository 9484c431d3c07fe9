import type { DataSource, EntityManager } from 'typeorm';
import { campaignIdOf, trafficSourceOf, type DeliveryChannel, type ParkedLead } from '@hap/contracts';
import { attributedTouch } from './lead.rules';

/** A lead row as written: the submission and what was decided about it (`receivedAt` null: now). */
export type LeadRecord = Omit<ParkedLead, 'receivedAt'> & { receivedAt: string | null };

/** What a used idempotency key answers: the lead stored under it, and the hash of the form it came with. */
export interface LeadReceipt {
  id: string;
  reference: string;
  request_hash: string;
}

/**
 * The statement that writes a lead and its outbox rows. Every column is
 * named next to its value in one map, and the placeholders are numbered from
 * it, so a value cannot drift from its column. A captured consent is dated
 * when the lead was received (or now), as the lead itself is.
 */
function insertStatement(lead: LeadRecord, outbox: readonly DeliveryChannel[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const { body, consent } = lead;
  const touch = attributedTouch(body.attribution);
  const receivedAt = `COALESCE(${param(lead.receivedAt)}::timestamptz, now())`;
  const columns: Record<string, string> = {
    reference: param(lead.reference),
    client_id: param(body.clientId),
    service_id: param(body.serviceId),
    service_checked: param(lead.serviceChecked),
    name: param(body.name),
    email: param(body.email),
    phone: param(body.phone),
    message: param(body.message ?? null),
    style_variant: param(body.attribution?.styleVariant ?? null),
    // The experiment arm the page showed: its leads and bookings are that arm's.
    experiment_id: param(body.attribution?.experiment?.id ?? null),
    experiment_variant: param(body.attribution?.experiment?.variant ?? null),
    first_touch: param(body.attribution?.first ?? null),
    last_touch: param(body.attribution?.last ?? null),
    utm_source: param(touch?.utmSource ?? null),
    utm_medium: param(touch?.utmMedium ?? null),
    utm_campaign: param(touch?.utmCampaign ?? null),
    utm_term: param(touch?.utmTerm ?? null),
    utm_content: param(touch?.utmContent ?? null),
    gclid: param(touch?.gclid ?? null),
    gbraid: param(touch?.gbraid ?? null),
    wbraid: param(touch?.wbraid ?? null),
    fbclid: param(touch?.fbclid ?? null),
    landing_path: param(touch?.landingPath ?? null),
    referrer: param(touch?.referrer ?? null),
    // Results divide leads by the same rule as page views (contracts results/traffic-source.ts).
    traffic_source: param(trafficSourceOf(touch ?? {})),
    campaign_id: param(campaignIdOf(touch?.campaignId)),
    consent_status: param(consent.status),
    consent_text: param(consent.text),
    consent_version: param(consent.version),
    consent_at: consent.status === 'captured' ? receivedAt : 'NULL',
    // The address and browser are kept as evidence of a consent, and only then.
    consent_ip: param(consent.version ? lead.ip : null),
    consent_user_agent: param(consent.version ? lead.userAgent : null),
    idempotency_key: param(lead.idempotencyKey),
    request_hash: param(lead.requestHash),
    created_at: receivedAt,
  };
  const names = Object.keys(columns).map((name) => `"${name}"`);
  const sql = `WITH "lead" AS (
      INSERT INTO "leads"."leads" (${names.join(', ')})
      VALUES (${Object.values(columns).join(', ')})
      ON CONFLICT DO NOTHING
      RETURNING "id", "reference"),
    "outbox" AS (
      INSERT INTO "leads"."lead_deliveries" ("lead_id", "channel") SELECT "lead"."id", "channel" FROM "lead", unnest(${param(outbox)}::text[]) AS "channel")
    SELECT "id", "reference" FROM "lead"`;
  return { sql, params };
}

/** Queries on leads.leads for submissions; the admin inbox has its own (lead-admin.repository.ts). */
export class LeadRepository {
  constructor(private readonly dataSource: DataSource) {}

  private db(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  /**
   * The lead row and its outbox rows (one per channel of `outbox`), in one
   * statement (so one round trip, and atomic without a transaction of its
   * own); null when its idempotency key or reference was already used
   * (nothing inserted): a retry, or a held lead the relay stores again after
   * a crash. A concurrent insert of the same key waits for the first one's
   * commit, then finds it.
   */
  async insert(lead: LeadRecord, outbox: readonly DeliveryChannel[], manager?: EntityManager): Promise<{ id: string; reference: string } | null> {
    const { sql, params } = insertStatement(lead, outbox);
    const rows = (await this.db(manager).query(sql, params)) as Array<{ id: string; reference: string }>;
    return rows[0] ?? null;
  }

  /** The lead stored under an idempotency key, if any. */
  async receiptUnder(key: string, manager?: EntityManager): Promise<LeadReceipt | undefined> {
    const [row] = (await this.db(manager).query(`SELECT "id", "reference", "request_hash" FROM "leads"."leads" WHERE "idempotency_key" = $1`, [key])) as LeadReceipt[];
    return row;
  }
}
