import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isGlobalUnicastAddress, LEAD_CREATED_EVENT, WEBHOOK_HEADERS, type LeadWebhookPayload } from '@hap/contracts';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256("<t>.<body>")>`: the header a clinic's
 * receiver checks (contracts leads/webhook.ts). The timestamp is signed with
 * the body, so a captured request cannot be replayed later with a new time.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/**
 * A receiver is on the internet: an address that is not global unicast
 * (loopback, private, link-local with cloud metadata at 169.254.169.254,
 * carrier NAT, reserved, and IPv6 forms of those) is a way into our own
 * network (SSRF). The same rule as the admin's form (contracts public-address.ts).
 */
const notPublicTarget = (host: string, address: string) =>
  new Error(`The webhook's host ${host} is not a public address (${address}); webhooks only reach public hosts.`);

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A resolver with dns.lookup's `all: true` answer (tests answer for a name without DNS). */
export type Resolve = (hostname: string, options: LookupOptions & { all: true }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * dns.lookup that refuses a name when any of its addresses is not public:
 * the check happens on the answer the connection uses, so a name that
 * resolves differently the second time (DNS rebinding) cannot slip through,
 * and neither can one public address listed beside a private one.
 */
export function publicOnlyLookup(resolve: Resolve = dnsLookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = addresses.find((a) => !isGlobalUnicastAddress(a.address));
      if (refused) return callback(notPublicTarget(hostname, refused.address), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first.address, first.family);
    });
  };
}

/** One delivery to a clinic's receiver. */
export interface WebhookDelivery {
  url: string;
  secret: string;
  /** The outbox row's id: `X-HAP-Delivery`, the same on every retry. */
  deliveryId: string;
  payload: LeadWebhookPayload;
}

/** The webhook adapter: the one way leads calls a clinic's server. */
export interface WebhookSender {
  /** Resolves on a 2xx; rejects with a message an admin can act on otherwise. */
  send(delivery: WebhookDelivery): Promise<void>;
}

export interface WebhookOptions {
  timeoutMs: number;
  /** Let webhooks reach loopback and private networks (a developer's machine, tests); off in production. */
  allowPrivate: boolean;
  /** The signature's clock (tests). */
  now?: () => number;
}

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

/** How much of a receiver's answer is read: enough for an error line, no more. */
const MAX_ANSWER_BYTES = 4096;

export function createWebhookSender(options: WebhookOptions): WebhookSender {
  const now = options.now ?? Date.now;
  return {
    send: ({ url, secret, deliveryId, payload }) =>
      new Promise<void>((resolve, reject) => {
        const target = new URL(url);
        const host = target.hostname.replace(/^\[|\]$/g, '');
        if (!options.allowPrivate && isIP(host) && !isGlobalUnicastAddress(host)) {
          reject(notPublicTarget(host, host));
          return;
        }
        const body = JSON.stringify(payload);
        const transport = target.protocol === 'https:' ? https : http;
        const request = transport.request(
          target,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'user-agent': 'HealthAdsPlatform-Webhooks/1',
              [WEBHOOK_HEADERS.event]: LEAD_CREATED_EVENT,
              [WEBHOOK_HEADERS.delivery]: deliveryId,
              [WEBHOOK_HEADERS.signature]: signWebhook(secret, Math.floor(now() / 1000), body),
            },
            lookup: options.allowPrivate ? undefined : publicOnlyLookup(),
            timeout: options.timeoutMs,
          },
          (response) => {
            let answer = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              if (answer.length < MAX_ANSWER_BYTES) answer += chunk;
            });
            response.on('error', reject);
            response.on('end', () => {
              const status = response.statusCode ?? 0;
              if (status >= 200 && status < 300) return resolve();
              const detail = answer.trim().replace(/\s+/g, ' ').slice(0, 200);
              const moved = status >= 300 && status < 400 ? ' (redirects are not followed; set the final URL)' : '';
              reject(new Error(`The webhook answered ${status} ${response.statusMessage ?? ''}${moved}${detail ? `: ${detail}` : ''}`.replace(/ +:/, ':')));
            });
          },
        );
        request.on('timeout', () => request.destroy(new Error(`The webhook did not answer within ${duration(options.timeoutMs)}.`)));
        request.on('error', (err) => reject(err.message.startsWith('The webhook') ? err : new Error(`The webhook could not be reached: ${err.message}`)));
        request.end(body);
      }),
  };
}
