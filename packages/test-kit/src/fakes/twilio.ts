import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export interface FakeSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  at: number;
}

/**
 * Twilio's REST API as far as the SDK's `messages.create` and `messages.list` use it, on a loopback port
 * (docs/speed-to-lead.md#sms-provider): Basic auth of the account and its token (401 otherwise);
 * `POST /2010-04-01/Accounts/{sid}/Messages.json` (form body; `To` must be E.164, else 400 with Twilio's
 * 21211; `From` or `MessagingServiceSid` required) answers 201 with the message, queued; `GET` of the same
 * lists them newest first, by `To` and `DateSent>`. A failure a test scripts (`failNext`, `refuseTo`)
 * records nothing: a refused text was not sent.
 *
 * As Twilio, it posts to our webhooks: `sendInbound` (a patient's text) and `sendStatus` (a delivery
 * receipt), form bodies signed with X-Twilio-Signature over the exact URL. Journeys in another process
 * use the same through `/__fake/messages?to=` and `POST /__fake/inbound` ({ webhookUrl, from, body }).
 */
export async function startFakeTwilio(options: { accountSid: string; authToken: string; from?: string }) {
  const messages: FakeSms[] = [];
  const failures: number[] = [];
  const refused = new Map<string, number>();
  const calls = { create: 0, list: 0 };
  const defaultTo = options.from ?? '+12025550100';

  const send = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const error = (res: ServerResponse, status: number, code: number, message: string) => send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => resolve(body));
    });
  const json = (m: FakeSms) => ({
    sid: m.sid,
    account_sid: options.accountSid,
    to: m.to,
    from: m.from,
    body: m.body,
    status: 'queued',
    direction: 'outbound-api',
    num_segments: '1',
    num_media: '0',
    price: null,
    error_code: null,
    error_message: null,
    date_created: new Date(m.at).toUTCString(),
    date_updated: new Date(m.at).toUTCString(),
    date_sent: new Date(m.at).toUTCString(),
    uri: `/2010-04-01/Accounts/${options.accountSid}/Messages/${m.sid}.json`,
  });

  /** Posts a form to one of our webhooks as Twilio does, signed; its answer. */
  async function post(webhookUrl: string, params: Record<string, string>) {
    const signature = twilio.getExpectedTwilioSignature(options.authToken, webhookUrl, params);
    const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, body: new URLSearchParams(params) });
    return { status: res.status, text: await res.text() };
  }
  const sendInbound = (input: { webhookUrl: string; from: string; to?: string; body: string; sid?: string }) =>
    post(input.webhookUrl, {
      MessageSid: input.sid ?? `SM${randomBytes(16).toString('hex')}`,
      SmsSid: input.sid ?? '',
      AccountSid: options.accountSid,
      From: input.from,
      To: input.to ?? defaultTo,
      Body: input.body,
      NumMedia: '0',
    });
  const sendStatus = (input: { webhookUrl: string; sid: string; status: string; errorCode?: string }) =>
    post(input.webhookUrl, {
      MessageSid: input.sid,
      AccountSid: options.accountSid,
      MessageStatus: input.status,
      ...(input.errorCode ? { ErrorCode: input.errorCode } : {}),
    });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await read(req);
      if (url.pathname === '/__fake/messages') {
        const to = url.searchParams.get('to');
        return send(res, 200, messages.filter((m) => !to || m.to === to));
      }
      if (url.pathname === '/__fake/inbound' && req.method === 'POST') {
        const input = JSON.parse(body || '{}') as { webhookUrl: string; from: string; to?: string; body: string };
        return send(res, 200, await sendInbound(input));
      }
      const expected = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return error(res, 401, 20003, 'Authenticate');
      if (url.pathname !== `/2010-04-01/Accounts/${options.accountSid}/Messages.json`) return error(res, 404, 20404, 'The requested resource was not found');
      if (req.method === 'GET') {
        calls.list++;
        const to = url.searchParams.get('To');
        const after = url.searchParams.get('DateSent>');
        // DateSent> is a day (YYYY-MM-DD) or a time: a message of that day or later is listed.
        const since = after ? Date.parse(after.length === 10 ? `${after}T00:00:00Z` : after) : 0;
        const found = messages.filter((m) => (!to || m.to === to) && m.at >= since).reverse();
        return send(res, 200, { messages: found.map(json), next_page_uri: null, previous_page_uri: null, first_page_uri: url.pathname, page: 0, page_size: 50, start: 0, end: found.length, uri: url.pathname });
      }
      calls.create++;
      const failure = failures.shift();
      if (failure) return error(res, failure, failure === 429 ? 20429 : 20500, failure === 429 ? 'Too Many Requests' : 'Internal Server Error');
      const form = new URLSearchParams(body);
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? form.get('MessagingServiceSid') ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(to)) return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!from) return error(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message");
      const refusal = refused.get(to);
      if (refusal) return error(res, 400, refusal, refusal === 21610 ? 'Attempt to send to unsubscribed recipient' : 'Refused');
      const message: FakeSms = { sid: `SM${randomBytes(16).toString('hex')}`, to, from, body: form.get('Body') ?? '', statusCallback: form.get('StatusCallback'), at: Date.now() };
      messages.push(message);
      send(res, 201, json(message));
    })().catch((err: unknown) => error(res, 500, 20500, String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    messages,
    calls,
    /** The next creates answer `status` (429, 500…), `times` of them, and take nothing. */
    failNext: (status: number, times = 1) => failures.push(...Array<number>(times).fill(status)),
    /** Every text to `number` is refused with Twilio's `code` (21610: the number unsubscribed). */
    refuseTo: (number: string, code: number) => refused.set(number, code),
    sendInbound,
    sendStatus,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
