/**
 * The lead submission's wire names, zod-free: the public pages' form sends
 * with them without bringing the schema library into the landing route
 * (frontends/public-shell README, "No zod or Radix in the browser").
 */

/** Where the lead form posts (the `submitLead` row's path). */
export const LEAD_SUBMIT_PATH = '/api/leads';

/** A lead's JSON is a few KB; 32 KB leaves room for a long message and attribution. */
export const LEAD_BODY_LIMIT = 32 * 1024;

/** The honeypot field's name: hidden from people, filled by bots. */
export const LEAD_HONEYPOT_FIELD = 'website';

/** The idempotency header a form sends: one key per submission, reused on every retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
