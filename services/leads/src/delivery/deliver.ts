import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { isDatabaseUnavailable } from '@hap/service-kit';
import { GhlError, GHL_NOT_CONFIGURED, type GoHighLevel } from '@hap/service-kit/gohighlevel';
import { ApiError, LEAD_CREATED_EVENT, type LeadWebhookPayload, type QueuePayload } from '@hap/contracts';
import type { ConversionUploader } from '../clients/ads.client';
import { consentOf, type ConsentColumns } from '../modules/leads/lead-consent';
import { attributionOf, type AttributionColumns } from '../modules/leads/lead.rules';
import type { Clinic, TenantClient } from '../clients/tenant.client';
import { leadEmail } from './lead-email';
import type { Mailer } from './mailer';
import type { WebhookSender } from './webhook';

/** Why a channel did not send, recorded on the delivery for admins. */
export const NOT_CONFIGURED = {
  smtp: 'E-mail is not configured (set SMTP_URL).',
  clinicEmail: 'The clinic has no e-mail address.',
  crm: 'The clinic has no CRM account yet.',
  crmProvider: GHL_NOT_CONFIGURED,
  webhook: 'The clinic has no webhook set.',
  gclid: 'The lead did not come from a Google ad (no click id).',
  adsService: 'This worker has no ads service to upload conversions through.',
} as const;

interface DeliveryRow extends AttributionColumns, ConsentColumns {
  id: string;
  channel: 'email' | 'webhook' | 'crm' | 'google_ads';
  lead_id: string;
  /** When the delivery was made: for google_ads, when the lead reached its clinic's conversion status. */
  queued_for: Date;
  status: string;
  client_id: number;
  service_id: number;
  reference: string;
  name: string;
  email: string;
  phone: string;
  message: string | null;
  created_at: Date;
}

/**
 * The channels this worker cannot deliver for any clinic, and why: the relay
 * settles their rows without a job (relay.ts). E-mail needs SMTP; CRM pushes
 * need the agency's GoHighLevel credentials. Whether a clinic has a webhook
 * or a CRM sub-account is the job's to find out (tenant knows).
 */
export const notConfiguredIn =
  (mailer: Mailer | null, crm: GoHighLevel | null = null) =>
  (channel: string): string | null => {
    if (channel === 'email') return mailer ? null : NOT_CONFIGURED.smtp;
    if (channel === 'crm') return crm ? null : NOT_CONFIGURED.crmProvider;
    return null;
  };

/**
 * `notConfiguredIn` plus what the clinic lacks (tenant's answer, reused for
 * the tenant client's cache time): a clinic without a webhook or a CRM
 * account has those rows settled by the relay, without a job that would only
 * say so. When tenant cannot answer, the job decides.
 */
export const clinicAwareNotConfigured =
  (base: (channel: string) => string | null, tenant: TenantClient) =>
  async (channel: string, clientId: number): Promise<string | null> => {
    const reason = base(channel);
    if (reason || (channel !== 'webhook' && channel !== 'crm')) return reason;
    let clinic: Clinic;
    try {
      clinic = await tenant.clinic(clientId);
    } catch {
      return null;
    }
    if (channel === 'webhook') return clinic.webhook ? null : NOT_CONFIGURED.webhook;
    return clinic.crmLocationId ? null : NOT_CONFIGURED.crm;
  };

export interface DeliveryDependencies {
  dataSource: DataSource;
  mailer: Mailer | null;
  webhooks: WebhookSender;
  /** The GoHighLevel adapter; null when the agency's credentials are not set. */
  crm: GoHighLevel | null;
  tenant: TenantClient;
  /** The ads service, which uploads offline conversions to Google Ads (absent: those deliveries say so). */
  ads?: ConversionUploader;
}

/** How long a delivery waits for an unreachable database before it looks again (ms). */
export const DATABASE_AWAY_RETRY_MS = 5_000;

/** How a lead appears in the clinic's CRM. */
export const CRM_CONTACT_SOURCE = 'Website form';
export const CRM_CONTACT_TAGS = ['website lead'];
/**
 * The contact's tag for its consent (DESIGN §9.9): the clinic's automations
 * can tell a patient who agreed to be contacted by text or e-mail from one
 * whose request came without consent, who must not be treated as consented.
 */
export const CRM_CONSENT_TAGS = { captured: 'consent captured', not_captured: 'consent not captured' } as const;

/** What a clinic's receiver gets: the lead, its service, attribution and consent (never its IP or user agent). */
function webhookPayload(row: DeliveryRow): LeadWebhookPayload {
  return {
    event: LEAD_CREATED_EVENT,
    deliveryId: row.id,
    lead: {
      reference: row.reference,
      createdAt: row.created_at.toISOString(),
      clientId: row.client_id,
      serviceId: row.service_id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      message: row.message,
      ...attributionOf(row),
      consent: consentOf(row),
    },
  };
}

/**
 * The `leads.deliver` job: one channel of one lead. A channel that is not
 * configured is recorded as such, never as sent. A failure is recorded on the
 * row (attempts, last error) and retried by BullMQ; the last attempt leaves
 * it `failed`, for an admin to see and retry. A delivery already done is not
 * done twice.
 */
export function createDeliveryHandler({ dataSource, mailer, webhooks, crm, tenant, ads }: DeliveryDependencies) {
  const settle = (id: string, status: 'delivered' | 'not_configured', note: string | null = null) =>
    dataSource.query(
      `UPDATE "leads"."lead_deliveries" SET "status" = $2, "last_error" = $3, "attempts" = "attempts" + 1,
         "delivered_at" = CASE WHEN $2 = 'delivered' THEN now() ELSE NULL END, "updated_at" = now() WHERE "id" = $1`,
      [id, status, note],
    );

  async function clinicOf(row: DeliveryRow): Promise<Clinic> {
    try {
      return await tenant.clinic(row.client_id);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) throw new UnrecoverableError(`Client ${row.client_id} was not found.`);
      throw err;
    }
  }

  async function send(row: DeliveryRow, job: Job<QueuePayload<'leads.deliver'>>): Promise<void> {
    if (row.channel === 'google_ads') {
      if (!row.gclid || !ads) {
        await settle(row.id, 'not_configured', row.gclid ? NOT_CONFIGURED.adsService : NOT_CONFIGURED.gclid);
        return;
      }
      try {
        const uploaded = await ads.upload({ leadId: Number(row.lead_id), clientId: row.client_id, gclid: row.gclid, convertedAt: row.queued_for.toISOString() });
        if (uploaded.status === 'deferred') {
          // Google asks for it again in hours (a click or conversion action too recent): the job waits that long, without spending a try.
          await dataSource.query(`UPDATE "leads"."lead_deliveries" SET "last_error" = $2, "updated_at" = now() WHERE "id" = $1`, [row.id, uploaded.note]);
          await job.moveToDelayed(Date.now() + (uploaded.retryAfterSeconds ?? 3600) * 1000, job.token);
          throw new DelayedError(uploaded.note ?? 'Google Ads asks for it again later.');
        }
        await settle(row.id, 'delivered', uploaded.status === 'already_uploaded' ? 'Google Ads had this conversion already.' : null);
      } catch (err) {
        if (err instanceof DelayedError) throw err;
        // Google Ads, its connection or the clinic's account missing: said on the lead, not retried.
        if (err instanceof ApiError && err.status === 409 && err.code === 'NOT_CONFIGURED') {
          await settle(row.id, 'not_configured', err.message);
          return;
        }
        // Refused for good (an unreadable or expired click id): an admin can retry after fixing it.
        if (err instanceof ApiError && (err.status === 422 || err.status === 404 || err.status === 400)) throw new UnrecoverableError(err.message);
        throw err;
      }
      return;
    }
    if (row.channel === 'crm') {
      if (!crm) {
        await settle(row.id, 'not_configured', NOT_CONFIGURED.crmProvider);
        return;
      }
      const { crmLocationId } = await clinicOf(row);
      if (!crmLocationId) {
        await settle(row.id, 'not_configured', NOT_CONFIGURED.crm);
        return;
      }
      try {
        await crm.upsertContact(crmLocationId, {
          name: row.name,
          email: row.email,
          phone: row.phone,
          source: CRM_CONTACT_SOURCE,
          tags: [...CRM_CONTACT_TAGS, CRM_CONSENT_TAGS[row.consent_status]],
        });
      } catch (err) {
        // Refused for good (bad credentials, unknown location): no retry will help; an admin can retry after fixing it.
        if (err instanceof GhlError && !err.retryable) throw new UnrecoverableError(err.message);
        throw err;
      }
      await settle(row.id, 'delivered');
      return;
    }
    if (row.channel === 'webhook') {
      const { webhook } = await clinicOf(row);
      if (!webhook) {
        await settle(row.id, 'not_configured', NOT_CONFIGURED.webhook);
        return;
      }
      await webhooks.send({ url: webhook.url, secret: webhook.secret, deliveryId: row.id, payload: webhookPayload(row) });
      await settle(row.id, 'delivered');
      return;
    }
    if (!mailer) {
      await settle(row.id, 'not_configured', NOT_CONFIGURED.smtp);
      return;
    }
    const clinic = await clinicOf(row);
    if (!clinic.email) {
      await settle(row.id, 'not_configured', NOT_CONFIGURED.clinicEmail);
      return;
    }
    await mailer.send(
      leadEmail(
        {
          reference: row.reference,
          name: row.name,
          email: row.email,
          phone: row.phone,
          message: row.message,
          createdAt: row.created_at,
          utmSource: row.utm_source,
          utmCampaign: row.utm_campaign,
          landingPath: row.landing_path,
          consent: consentOf(row),
        },
        { name: clinic.name, email: clinic.email },
      ),
    );
    await settle(row.id, 'delivered');
  }

  const deliver = async ({ deliveryId }: QueuePayload<'leads.deliver'>, job: Job<QueuePayload<'leads.deliver'>>): Promise<string> => {
    const [row] = (await dataSource.query(
      `SELECT d."id", d."channel", d."status", d."lead_id", d."created_at" AS "queued_for", l."client_id", l."service_id", l."reference", l."name", l."email", l."phone", l."message",
              l."created_at", l."style_variant", l."utm_source", l."utm_medium", l."utm_campaign", l."utm_term", l."utm_content", l."gclid",
              l."landing_path", l."consent_status", l."consent_text", l."consent_version", l."consent_at"
         FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id" WHERE d."id" = $1`,
      [deliveryId],
    )) as DeliveryRow[];
    if (!row) throw new UnrecoverableError(`Delivery ${deliveryId} was not found.`);
    if (row.status === 'delivered' || row.status === 'not_configured') return row.status;
    try {
      await send(row, job);
      return 'done';
    } catch (err) {
      if (err instanceof DelayedError) throw err;
      const final = err instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await dataSource.query(
        `UPDATE "leads"."lead_deliveries" SET "attempts" = "attempts" + 1, "last_error" = $2, "status" = $3, "updated_at" = now() WHERE "id" = $1`,
        [row.id, (err as Error).message.slice(0, 1000), final ? 'failed' : 'queued'],
      );
      throw err;
    }
  };

  return async (payload: QueuePayload<'leads.deliver'>, job: Job<QueuePayload<'leads.deliver'>>): Promise<string> => {
    try {
      return await deliver(payload, job);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      // PostgreSQL away: the job waits for it without spending a try. Its five tries last about 30 s; a longer
      // outage would fail the job while the row, which could not be marked, stays queued under a job id BullMQ keeps.
      await job.moveToDelayed(Date.now() + DATABASE_AWAY_RETRY_MS, job.token);
      throw new DelayedError('The database cannot be reached; the delivery waits for it.');
    }
  };
}
