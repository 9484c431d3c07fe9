import twilio from 'twilio';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';

/**
 * The SMS adapter (docs/speed-to-lead.md#sms-provider): the one way any process texts a patient, Twilio's
 * official SDK. Leads' worker sends patients' first texts and follow-ups with it, leads' API the clinic's
 * replies, and checks Twilio's webhooks with `verifySmsSignature`.
 *
 * The SDK is pointed at `TWILIO_API_BASE_URL` through its documented extension point, a custom HTTP client
 * (`httpClient`): the requests it builds for https://api.twilio.com go to that origin instead, which is how
 * tests reach a loopback fake of the REST API with the real SDK. Its own retries are off: the caller's queue
 * retries, after asking Twilio whether the first attempt got through (`findSent`).
 */

export const TWILIO_DEFAULT_BASE_URL = 'https://api.twilio.com';

/** Environment of a process that texts; merge into its config shape. */
export const smsConfigShape = {
  /** The agency's Twilio account; unset: texts are recorded as not configured. */
  TWILIO_ACCOUNT_SID: z.string().trim().optional().transform((v) => v || undefined),
  /** Its auth token: signs the API calls and Twilio's webhooks to us. */
  TWILIO_AUTH_TOKEN: z.string().trim().optional().transform((v) => v || undefined),
  /** The sender: an E.164 number, or a Messaging Service SID (MG…). */
  TWILIO_FROM: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^\+[1-9]\d{6,14}$/.test(v) || /^MG[0-9a-f]{32}$/i.test(v), 'must be an E.164 number (+12025550123) or a Messaging Service SID (MG…)'),
  TWILIO_API_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(TWILIO_DEFAULT_BASE_URL)
    .transform((url) => url.replace(/\/+$/, '')),
  TWILIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
};

export interface SmsConfig {
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  TWILIO_API_BASE_URL: string;
  TWILIO_TIMEOUT_MS: number;
}

/** Why texts are unavailable to the whole process. */
export const SMS_NOT_CONFIGURED = 'SMS is not configured (set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM).';

/** Twilio's error code for a number that replied STOP to the sender (its own opt-out list). */
export const TWILIO_UNSUBSCRIBED = 21610;

/**
 * A failed call to Twilio, in words an admin can act on. `retryable`: a later try may succeed (429, 5xx, the
 * network, a timeout); otherwise it will not (bad credentials, a refused number, an unsubscribed recipient).
 */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

export interface SentSms {
  sid: string;
  /** Twilio's status at the answer (queued, accepted, sent…). */
  status: string;
}

export interface Sms {
  /** Texts `to` (E.164); Twilio posts delivery receipts to `statusCallback` when given. */
  send(input: { to: string; body: string; statusCallback?: string }): Promise<SentSms>;
  /** The newest message to `to` sent since `since` whose body includes `bodyIncludes`, or null: did an attempt that died get through? */
  findSent(input: { to: string; since: Date; bodyIncludes: string }): Promise<SentSms | null>;
}

type RequestOptions<TData> = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0] & { uri: string; data?: TData };

/** The SDK's HTTP client, with Twilio's API origin replaced by the configured one. */
class BaseUrlClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string,
    timeout: number,
  ) {
    super({ timeout, autoRetry: false, keepAlive: true });
  }

  override request<TData>(opts: RequestOptions<TData>) {
    const uri = opts.uri.startsWith(TWILIO_DEFAULT_BASE_URL) ? `${this.baseUrl}${opts.uri.slice(TWILIO_DEFAULT_BASE_URL.length)}` : opts.uri;
    return super.request<TData>({ ...opts, uri });
  }
}

/** What went wrong, as an SmsError; `what` names the call. */
function smsError(err: unknown, what: string): SmsError {
  if (err instanceof SmsError) return err;
  const rest = err as { status?: number; code?: number | string; message?: string };
  if (typeof rest.status === 'number') {
    const code = typeof rest.code === 'number' ? rest.code : null;
    const retryable = rest.status === 429 || rest.status >= 500;
    return new SmsError(`Twilio refused to ${what} (${rest.status}${code ? `, error ${code}` : ''}): ${rest.message ?? 'no reason given'}`, rest.status, code, retryable);
  }
  // No answer: refused connection, reset, timeout. Another try may get through.
  return new SmsError(`Twilio could not be reached to ${what}: ${rest.message ?? String(err)}`, null, null, true);
}

/** The adapter, or null when the account, token or sender is missing (the product then says texts are not configured). */
export function createSms(config: SmsConfig): Sms | null {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: from } = config;
  if (!sid || !token || !from) return null;
  const client = twilio(sid, token, { httpClient: new BaseUrlClient(config.TWILIO_API_BASE_URL, config.TWILIO_TIMEOUT_MS), autoRetry: false });
  const sender = from.startsWith('MG') ? { messagingServiceSid: from } : { from };
  return {
    async send({ to, body, statusCallback }) {
      try {
        const message = await client.messages.create({ to, body, ...sender, ...(statusCallback && { statusCallback }) });
        return { sid: message.sid, status: message.status };
      } catch (err) {
        throw smsError(err, 'send a text');
      }
    },
    async findSent({ to, since, bodyIncludes }) {
      try {
        const messages = await client.messages.list({ to, dateSentAfter: since, limit: 50 });
        const found = messages.filter((m) => m.body.includes(bodyIncludes)).sort((a, b) => (b.dateCreated?.getTime() ?? 0) - (a.dateCreated?.getTime() ?? 0))[0];
        return found ? { sid: found.sid, status: found.status } : null;
      } catch (err) {
        throw smsError(err, 'list texts');
      }
    },
  };
}

/** A phone number as E.164 (+12125550123), or null when it is not a valid number (libphonenumber-js's metadata). */
export function toE164(phone: string, defaultCountry: CountryCode = 'US'): string | null {
  const parsed = parsePhoneNumberFromString(phone.trim(), defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * Whether Twilio signed this webhook: its X-Twilio-Signature over the exact URL it called (the public one,
 * PUBLIC_BASE_URL + path) and every posted field, with the account's auth token (the SDK's validateRequest).
 */
export function verifySmsSignature(input: { authToken: string; signature: string | undefined; url: string; params: Record<string, string> }): boolean {
  if (!input.signature) return false;
  return twilio.validateRequest(input.authToken, input.signature, input.url, input.params);
}

/** The keywords Twilio's Advanced Opt-Out treats (docs/speed-to-lead.md#stop-start-help). */
export const SMS_STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'] as const;
export const SMS_START_WORDS = ['START', 'UNSTOP', 'YES'] as const;
export const SMS_HELP_WORDS = ['HELP', 'INFO'] as const;

/** The keyword a whole message is (trimmed, any case, trailing punctuation ignored), or null: 'STOP please' is a message, not a keyword. */
export function smsKeyword(body: string): 'stop' | 'start' | 'help' | null {
  const word = body.trim().replace(/[.!?\s]+$/, '').toUpperCase();
  if ((SMS_STOP_WORDS as readonly string[]).includes(word)) return 'stop';
  if ((SMS_START_WORDS as readonly string[]).includes(word)) return 'start';
  if ((SMS_HELP_WORDS as readonly string[]).includes(word)) return 'help';
  return null;
}
