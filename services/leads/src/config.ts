import { z } from 'zod';
import { baseConfigShape, loadConfig, siblingUrl, durationMs, mailConfigShape, port, requireMailOrigin } from '@hap/service-kit';
import { ghlConfigShape } from '@hap/service-kit/gohighlevel';
import { smsConfigShape } from '@hap/service-kit/sms';
import { pushConfigShape } from '@hap/service-kit/push';
import { DEFAULT_PORTS } from '@hap/contracts';

/** The leads service's configuration; see .env.example at the repository root. */
export const configShape = {
  ...baseConfigShape,
  /** Port of the leads API. */
  PORT: port(DEFAULT_PORTS.leads),
  /** Where the templates service listens: a lead's service must be its clinic's and active there. */
  TEMPLATES_URL: siblingUrl(DEFAULT_PORTS.templates),
  /** How long the service check may take (ms); past it the lead is kept unchecked rather than refused. */
  TEMPLATES_TIMEOUT_MS: durationMs(2000),
  /**
   * The longest a clinic's services are reused for the check (ms) when no change is heard: templates' page
   * invalidations clear them at once on every leads process (catalogue.client.ts). 0 asks templates for every lead.
   */
  LEAD_CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Where the tenant service listens: a lead's e-mail goes to its clinic's address there. */
  TENANT_URL: siblingUrl(DEFAULT_PORTS.tenant),
  TENANT_TIMEOUT_MS: durationMs(3000),
  /** How long a clinic's answer is reused (ms): the worker's e-mail, webhook and CRM account, the API's name in a lead's consent; 0 asks tenant every time. */
  LEAD_CLINIC_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** Where the ads service listens: a converted lead with a gclid is uploaded to Google Ads through it. */
  ADS_URL: siblingUrl(DEFAULT_PORTS.ads),
  ADS_TIMEOUT_MS: durationMs(30_000, 120_000),
  /**
   * The clinic's lead e-mails (SMTP_URL unset: e-mail deliveries are recorded as not configured) and the
   * origin the agency's site (and its /portal) is reached at: the new-lead e-mails to clinic users link to
   * the lead there, and so does their one-click unsubscribe link. The worker has no request to take an
   * origin from: PUBLIC_BASE_URL unset, the local gateway's; required in production with SMTP_URL.
   */
  ...mailConfigShape,
  LEAD_MAIL_FROM: z.string().trim().min(3).default('Health Ads Leads <leads@healthads.local>'),
  /** How long a clinic's webhook may take to answer (ms) before the attempt counts as failed. */
  LEAD_WEBHOOK_TIMEOUT_MS: durationMs(10_000),
  /** Let webhooks reach loopback and private addresses (a developer's receiver); never in production. */
  LEAD_WEBHOOK_ALLOW_PRIVATE: z.stringbool().default(false),
  /** The agency's GoHighLevel credentials: each lead becomes a contact in its clinic's CRM sub-account. */
  ...ghlConfigShape,
  /**
   * The agency's Twilio account (docs/speed-to-lead.md): patients' first texts, follow-ups and the clinic's
   * replies; inbound texts and delivery receipts come back to /api/webhooks/sms/*, signed with its auth token
   * over the PUBLIC_BASE_URL address. Unset: texts are recorded as not configured.
   */
  ...smsConfigShape,
  /** Web push of new leads to clinic users' devices (VAPID key pair and subject; docs/leads.md#delivery). Unset: pushes are recorded as not configured. */
  ...pushConfigShape,
  /** How often the outbox relay looks for pending deliveries when it found none (ms). */
  LEAD_RELAY_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /**
   * How long a delivery may stay queued before the relay adds its job again (ms): a Redis
   * restarted without persistence has lost the jobs it held (npm run drill:leads). A job Redis
   * still has is not doubled, so this only bounds how late a lost one goes out.
   */
  LEAD_REQUEUE_AFTER_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(120_000),
  /** How often the worker looks for leads still new to remind the clinic and the agency of (ms; docs/speed-to-lead.md#nudges). */
  LEAD_NUDGE_INTERVAL_MS: durationMs(30_000),
  /** How often the worker checks each clinic's Google Ads budget pacing for alerts due (ms; docs/campaigns.md#budget-pacing). */
  BUDGET_ALERT_INTERVAL_MS: durationMs(600_000),
  /** How often the worker folds the page views the public shell counted in Redis into PostgreSQL (ms: views reach results within 60 s). */
  PAGE_VIEW_FOLD_INTERVAL_MS: durationMs(15_000),
};

export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(configShape, env);
  requireMailOrigin(config, "the links in clinic users' new-lead e-mails");
  return config;
}
export type Config = ReturnType<typeof loadServiceConfig>;
