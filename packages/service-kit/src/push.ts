import { z } from 'zod';

/**
 * The web push adapter (RFC 8030 with VAPID, RFC 8292, and aes128gcm
 * payloads, RFC 8291): the one way any process sends a notification to a
 * browser, installed on a phone's home screen or not. Tenant hands out the
 * public key the portal subscribes with; leads' worker alerts clinic users of
 * a new lead with it (docs/leads.md#delivery).
 *
 * `web-push` signs the VAPID JWT and encrypts the payload
 * (`generateRequestDetails`); the POST is ours, on Node's fetch with a
 * timeout, so a push service's answer is read here: 404 and 410 mean the
 * browser dropped the subscription (`PushSubscriptionGone`, the caller
 * deletes it), 429 and 5xx are worth another try, anything else is not. The
 * library itself would only speak https (its own request), which also keeps
 * tests off a loopback fake; the endpoint's scheme is the subscriber's to
 * check (tenant, when it stores one).
 */

/** Environment of a process that sends or hands out web push; merge into its config shape. */
export const pushConfigShape = {
  /** The VAPID key pair (base64url, P-256; `npx web-push generate-vapid-keys`); unset: web push says it is not configured. */
  VAPID_PUBLIC_KEY: z.string().trim().optional().transform((v) => v || undefined),
  VAPID_PRIVATE_KEY: z.string().trim().optional().transform((v) => v || undefined),
  /** Who push services may contact about our pushes: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^(mailto:|https:\/\/)/.test(v), 'must be a mailto: or https: address'),
  /** How long a push service may take to accept a message (ms). */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
};

export interface PushConfig {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  PUSH_TIMEOUT_MS: number;
}

/** Why web push is unavailable to the whole process. */
export const PUSH_NOT_CONFIGURED = 'Web push is not configured (set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT).';

/** A browser's subscription, as `PushSubscription.toJSON()` gives it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a notification asks of the push service. */
export interface PushOptions {
  /** How long the push service keeps it for a device that is offline (s); an alert of a lead is stale after a day. */
  ttlSeconds?: number;
  /** RFC 8030 urgency: 'high' wakes a phone that saves battery. */
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/** The push service says the subscription is gone (404, 410): delete it, never send to it again. */
export class PushSubscriptionGone extends Error {
  constructor(
    readonly endpoint: string,
    readonly status: number,
  ) {
    super(`The push service no longer knows this subscription (${status}).`);
    this.name = 'PushSubscriptionGone';
  }
}

/** A push service's refusal or an unreachable one; `retryable` when waiting could help (429, 5xx, network). */
export class PushError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PushError';
  }
}

export interface WebPush {
  /** The VAPID public key browsers subscribe with (`applicationServerKey`). */
  readonly publicKey: string;
  /** Sends `payload` (JSON) to one subscription; throws PushSubscriptionGone or PushError. */
  send(target: PushTarget, payload: unknown, options?: PushOptions): Promise<void>;
}

/** The adapter, or null when the VAPID keys and subject are not all set (callers say PUSH_NOT_CONFIGURED). */
export function createWebPush(config: PushConfig): WebPush | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  if (!publicKey || !privateKey || !subject) return null;
  return {
    publicKey,
    async send(target, payload, { ttlSeconds = 24 * 3600, urgency = 'high' } = {}) {
      // Loaded at the first push, not at start (ARCHITECTURE.md#processes). web-push is CommonJS: Node's own
      // import() has its functions on `default` only (a named one is undefined there), as jest's require has them too.
      const { generateRequestDetails } = (await import('web-push')).default;
      const request = generateRequestDetails(target, JSON.stringify(payload), {
        vapidDetails: { subject, publicKey, privateKey },
        TTL: ttlSeconds,
        urgency,
        contentEncoding: 'aes128gcm',
      });
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(config.PUSH_TIMEOUT_MS),
        });
      } catch (err) {
        throw new PushError(`The push service could not be reached: ${(err as Error).message}`, null, true);
      }
      const text = await response.text().catch(() => '');
      if (response.ok) return;
      if (response.status === 404 || response.status === 410) throw new PushSubscriptionGone(target.endpoint, response.status);
      const retryable = response.status === 429 || response.status >= 500;
      throw new PushError(`The push service answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`, response.status, retryable);
    },
  };
}
