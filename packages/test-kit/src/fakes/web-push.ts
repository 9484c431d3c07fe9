import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A push message the fake accepted, decrypted as the browser would. */
export interface ReceivedPush {
  endpoint: string;
  headers: IncomingMessage['headers'];
  /** The VAPID JWT's claims (checked: ES256 under `k`, audience the endpoint's origin, not expired). */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
  ttl: number;
  urgency: string | undefined;
  /** The payload as the service worker reads it (RFC 8291 decrypted). */
  payload: string;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * A browser's side of RFC 8291 (aes128gcm, one record): the receiver's key
 * pair and auth secret undo what the sender encrypted for them.
 */
function decrypt(body: Buffer, receiver: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = receiver.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.ecdh.getPublicKey(), senderKey, Buffer.from([1])]);
  const ikm = hmac(hmac(receiver.auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('The record does not end with the last-record delimiter.');
  return padded.subarray(0, end).toString('utf8');
}

/** `vapid t=<jwt>, k=<public key>` checked as a push service checks it (RFC 8292), or why not. */
function checkVapid(authorization: string | undefined, origin: string): ReceivedPush['vapid'] | string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) return `Authorization is not "vapid t=…, k=…": ${authorization ?? '(none)'}`;
  const [header, claims, signature] = match[1].split('.');
  const key = Buffer.from(match[2], 'base64url');
  if (key.length !== 65 || key[0] !== 4) return 'k is not an uncompressed P-256 public key.';
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(key.subarray(1, 33)), y: b64url(key.subarray(33)) }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return 'The JWT is not signed by k.';
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number };
  if (parsed.aud !== origin) return `The JWT's audience is ${parsed.aud}, not ${origin}.`;
  if (!(parsed.exp * 1000 > Date.now())) return 'The JWT has expired.';
  if (!/^(mailto:|https:)/.test(parsed.sub ?? '')) return 'The JWT has no mailto: or https: subject.';
  return { ...parsed, publicKey: match[2] };
}

/**
 * A web push service (what Chrome's FCM or Mozilla's autopush are to a
 * browser) on a loopback port: `subscribe()` makes a subscription as a
 * browser's `pushManager.subscribe` would (a real P-256 key pair and auth
 * secret, an endpoint here), and each POST to an endpoint is checked as the
 * real services check it — VAPID `Authorization` verified, `Content-Encoding:
 * aes128gcm`, a `TTL` — then decrypted with the subscription's keys and
 * recorded in `received`. `gone(endpoint)` makes it answer 410, as after the
 * user revoked the permission; an unknown endpoint is 404; `failNext(status)`
 * scripts a failure. A refused request is recorded in `refused`.
 *
 * Journeys in another process use the same over HTTP: `POST /__fake/subscriptions`
 * answers a new subscription, `GET /__fake/pushes?endpoint=` the payloads it got.
 */
export async function startFakeWebPush() {
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }>();
  const received: ReceivedPush[] = [];
  const refused: Array<{ endpoint: string; status: number; reason: string }> = [];
  const failures: number[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const endpoint = `${url}${req.url ?? ''}`;
      const answer = (status: number, reason = '') => {
        if (status >= 300) refused.push({ endpoint, status, reason });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
      };
      const control = new URL(endpoint);
      if (control.pathname === '/__fake/subscriptions' && req.method === 'POST') {
        return res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(subscribe()));
      }
      if (control.pathname === '/__fake/pushes') {
        const of = control.searchParams.get('endpoint');
        const pushes = received.filter((p) => !of || p.endpoint === of).map((p) => ({ endpoint: p.endpoint, payload: p.payload }));
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pushes));
      }
      const subscription = subscriptions.get(endpoint);
      if (req.method !== 'POST') return answer(405, 'Only POST.');
      if (!subscription) return answer(404, 'No such subscription.');
      if (subscription.gone) return answer(410, 'The subscription has expired or was unsubscribed.');
      const failure = failures.shift();
      if (failure) return answer(failure, 'Scripted failure.');
      const vapid = checkVapid(req.headers.authorization, url);
      if (typeof vapid === 'string') return answer(403, vapid);
      if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415, `Content-Encoding must be aes128gcm, not ${req.headers['content-encoding']}.`);
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return answer(400, 'A TTL header is required.');
      let payload: string;
      try {
        payload = decrypt(Buffer.concat(chunks), subscription);
      } catch (err) {
        return answer(400, `The payload could not be decrypted: ${(err as Error).message}`);
      }
      received.push({ endpoint, headers: req.headers, vapid, ttl, urgency: req.headers.urgency as string | undefined, payload });
      return answer(201);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A new subscription as `PushSubscription.toJSON()` gives it. */
  function subscribe() {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${url}/push/${randomUUID()}`;
    subscriptions.set(endpoint, { ecdh, auth, gone: false });
    return { endpoint, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
  }

  return {
    url,
    received,
    refused,
    subscribe,
    /** From now on the push service answers 410 for this subscription. */
    gone(endpoint: string) {
      const found = subscriptions.get(endpoint);
      if (found) found.gone = true;
    },
    /** The next accepted-looking request is answered with `status` instead. */
    failNext(status: number) {
      failures.push(status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeWebPush = Awaited<ReturnType<typeof startFakeWebPush>>;
