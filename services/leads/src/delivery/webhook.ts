import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { LEAD_CREATED_EVENT, WEBHOOK_HEADERS, type LeadWebhookPayload } from '@hap/contracts';

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
 * Addresses a webhook may not reach: loopback, private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier NAT, unspecified, and their
 * IPv6 forms. A clinic's receiver is on the internet; anything else is a way
 * into our own network (SSRF).
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** Whether `address` (v4, v6 or v4-mapped v6) is one a webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const privateTarget = (host: string, address: string) =>
  new Error(`The webhook's host ${host} is a private address (${address}); webhooks only reach public hosts.`);

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * dns.lookup that refuses private answers: the check happens on the address
 * actually connected to, so a name that resolves differently the second time
 * (DNS rebinding) cannot slip through.
 */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) return callback(privateTarget(hostname, refused.address), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    callback(null, first.address, first.family);
  });
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
        if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) {
          reject(privateTarget(host, host));
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
            lookup: options.allowPrivate ? undefined : publicOnlyLookup,
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
