import { z } from 'zod';

/**
 * The GoHighLevel adapter (API v2, LeadConnector): the one way any process
 * talks to the agency's CRM. Leads pushes contacts with it; tenant's
 * provisioning (the onboarding and CRM issue) adds sub-accounts to it.
 *
 * Tenant's provisioning creates a clinic's sub-account (`POST /locations/`)
 * and loads a snapshot into it (`PUT /locations/{id}` with `snapshot`).
 *
 * Auth is the agency's: an agency-level token (a Private Integration token or
 * an OAuth agency token) and its company id. Calls inside a clinic's
 * sub-account (a "location") use a location token that the agency token
 * mints at `POST /oauth/locationToken`; it is cached until shortly before it
 * expires and minted again when the API refuses it.
 */

export const GHL_DEFAULT_BASE_URL = 'https://services.leadconnectorhq.com';
/** The `Version` header the v2 endpoints used here are documented with. */
export const GHL_API_VERSION = '2021-07-28';

/** Environment of a process that talks to the CRM; merge into its config shape. */
export const ghlConfigShape = {
  /** The agency's GoHighLevel token; unset: CRM features say they are not configured. */
  GHL_AGENCY_TOKEN: z.string().trim().optional().transform((v) => v || undefined),
  /** The agency's company id, with the token. */
  GHL_COMPANY_ID: z.string().trim().optional().transform((v) => v || undefined),
  GHL_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(GHL_DEFAULT_BASE_URL)
    .transform((url) => url.replace(/\/+$/, '')),
  GHL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
};

export interface GhlConfig {
  GHL_AGENCY_TOKEN?: string;
  GHL_COMPANY_ID?: string;
  GHL_BASE_URL: string;
  GHL_TIMEOUT_MS: number;
}

/** Why the CRM is unavailable to the whole process. */
export const GHL_NOT_CONFIGURED = 'GoHighLevel is not configured (set GHL_AGENCY_TOKEN and GHL_COMPANY_ID).';

/** A person to add to (or update in) a clinic's CRM; matched there by e-mail or phone. */
export interface GhlContact {
  name: string;
  email: string;
  phone: string;
  source: string;
  tags: string[];
}

/** A clinic as its new sub-account is created from it. */
export interface GhlBusiness {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  website: string | null;
}

export interface GoHighLevel {
  /** Creates or updates the contact in the location; answers its CRM id and whether it was new. */
  upsertContact(locationId: string, contact: GhlContact): Promise<{ contactId: string; created: boolean }>;
  /** Creates a sub-account (location) under the agency; answers its id and name. Not idempotent: callers store the id at once. */
  createLocation(business: GhlBusiness): Promise<{ id: string; name: string }>;
  /** Loads a snapshot (a service's funnels, pipelines, automations) into a location, keeping what is there. */
  loadSnapshot(locationId: string, snapshotId: string): Promise<void>;
}

/** A CRM answer that is not a success; `retryable` when waiting could help (429, 5xx, network). */
export class GhlError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'GhlError';
  }
}

const LocationTokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive().optional() });
const LocationAnswerSchema = z.object({ id: z.string().min(1), name: z.string().optional() });
const UpsertAnswerSchema = z.object({ new: z.boolean().optional(), contact: z.object({ id: z.string().min(1) }) });

/** Mint a fresh location token this long before the old one expires. */
const TOKEN_SLACK_MS = 60_000;

/** "Ada Lovelace King" → first "Ada", last "Lovelace King". */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/** The adapter, or null when the agency's credentials are not set (callers say so; nothing pretends). */
export function createGoHighLevel(config: GhlConfig, now: () => number = Date.now): GoHighLevel | null {
  const { GHL_AGENCY_TOKEN: agencyToken, GHL_COMPANY_ID: companyId } = config;
  if (!agencyToken || !companyId) return null;
  const tokens = new Map<string, { token: string; until: number }>();

  async function call(path: string, init: { token: string; method?: 'POST' | 'PUT'; form?: Record<string, string>; json?: unknown }): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(config.GHL_BASE_URL + path, {
        method: init.method ?? 'POST',
        headers: {
          authorization: `Bearer ${init.token}`,
          version: GHL_API_VERSION,
          accept: 'application/json',
          'content-type': init.form ? 'application/x-www-form-urlencoded' : 'application/json',
        },
        body: init.form ? new URLSearchParams(init.form).toString() : JSON.stringify(init.json),
        signal: AbortSignal.timeout(config.GHL_TIMEOUT_MS),
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new GhlError(timedOut ? `GoHighLevel did not answer within ${config.GHL_TIMEOUT_MS / 1000} s.` : `GoHighLevel could not be reached: ${(err as Error).message}`, null, true);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) {
      const said = (body as { message?: unknown } | null)?.message;
      const detail = Array.isArray(said) ? said.join('; ') : typeof said === 'string' ? said : text.slice(0, 200);
      const retryable = response.status === 429 || response.status >= 500;
      throw new GhlError(`GoHighLevel answered ${response.status} to ${path}${detail ? `: ${detail}` : ''}`, response.status, retryable);
    }
    return body;
  }

  async function locationToken(locationId: string): Promise<string> {
    const cached = tokens.get(locationId);
    if (cached && cached.until > now()) return cached.token;
    const answer = LocationTokenSchema.safeParse(await call('/oauth/locationToken', { token: agencyToken!, form: { companyId: companyId!, locationId } }));
    if (!answer.success) throw new GhlError('GoHighLevel answered /oauth/locationToken without a token.', 200, true);
    const lifetimeMs = (answer.data.expires_in ?? 3600) * 1000;
    tokens.set(locationId, { token: answer.data.access_token, until: now() + Math.max(0, lifetimeMs - TOKEN_SLACK_MS) });
    return answer.data.access_token;
  }

  return {
    async upsertContact(locationId, contact) {
      const json = { locationId, ...splitName(contact.name), name: contact.name, email: contact.email, phone: contact.phone, source: contact.source, tags: contact.tags };
      let answer: unknown;
      try {
        answer = await call('/contacts/upsert', { token: await locationToken(locationId), json });
      } catch (err) {
        if (!(err instanceof GhlError) || err.status !== 401) throw err;
        // The cached token was revoked or expired early: mint a new one once.
        tokens.delete(locationId);
        answer = await call('/contacts/upsert', { token: await locationToken(locationId), json });
      }
      const parsed = UpsertAnswerSchema.safeParse(answer);
      if (!parsed.success) throw new GhlError('GoHighLevel answered /contacts/upsert without a contact id.', 200, true);
      return { contactId: parsed.data.contact.id, created: parsed.data.new ?? false };
    },

    async createLocation(business) {
      const { firstName, lastName } = splitName(business.name);
      const json = {
        companyId,
        name: business.name,
        ...(business.phone && { phone: business.phone }),
        ...(business.email && { email: business.email }),
        ...(business.address && { address: business.address }),
        ...(business.website && { website: business.website }),
        ...(business.email && { prospectInfo: { firstName, lastName, email: business.email } }),
      };
      const answer = LocationAnswerSchema.safeParse(await call('/locations/', { token: agencyToken, json }));
      if (!answer.success) throw new GhlError('GoHighLevel answered /locations/ without a sub-account id.', 200, true);
      return { id: answer.data.id, name: answer.data.name ?? business.name };
    },

    async loadSnapshot(locationId, snapshotId) {
      const path = `/locations/${encodeURIComponent(locationId)}`;
      await call(path, { token: agencyToken, method: 'PUT', json: { companyId, snapshot: { id: snapshotId, override: false } } });
    },
  };
}
