import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeTwilio } from '@hap/test-kit/fakes/twilio';
import { createSms, smsKeyword, SmsError, toE164, verifySmsSignature, type SmsConfig } from '../src/sms';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'fake-twilio-token';

/** The SMS adapter: Twilio's official SDK against a loopback fake of its REST API (docs/speed-to-lead.md#sms-provider). */
describe('sms adapter (twilio SDK against the loopback fake)', () => {
  let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
  const config = (over: Partial<SmsConfig> = {}): SmsConfig => ({
    TWILIO_ACCOUNT_SID: ACCOUNT,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: '+12025550123',
    TWILIO_API_BASE_URL: fake.url,
    TWILIO_TIMEOUT_MS: 3000,
    ...over,
  });
  beforeAll(async () => {
    fake = await startFakeTwilio({ accountSid: ACCOUNT, authToken: TOKEN });
  });
  afterAll(() => fake.close());

  it('is not configured without the account, token or sender', () => {
    expect(createSms({ ...config(), TWILIO_ACCOUNT_SID: undefined })).toBeNull();
    expect(createSms({ ...config(), TWILIO_FROM: undefined })).toBeNull();
  });

  it('sends from the number, or through a Messaging Service, with the status callback', async () => {
    const sent = await createSms(config())!.send({ to: '+12125550101', body: 'Hello from the clinic', statusCallback: 'http://127.0.0.1:9/api/webhooks/sms/status' });
    expect(sent).toEqual({ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued' });
    expect(fake.messages.at(-1)).toMatchObject({ to: '+12125550101', from: '+12025550123', body: 'Hello from the clinic', statusCallback: 'http://127.0.0.1:9/api/webhooks/sms/status' });
    await createSms(config({ TWILIO_FROM: 'MG0123456789abcdef0123456789abcdef' }))!.send({ to: '+12125550102', body: 'Via the service' });
    expect(fake.messages.at(-1)).toMatchObject({ to: '+12125550102', from: 'MG0123456789abcdef0123456789abcdef' });
  });

  it('says which failures a retry may fix: 429 and 500 yes; bad credentials and a bad number no', async () => {
    const sms = createSms(config())!;
    fake.failNext(429);
    await expect(sms.send({ to: '+12125550103', body: 'x' })).rejects.toMatchObject({ status: 429, retryable: true });
    fake.failNext(500);
    await expect(sms.send({ to: '+12125550103', body: 'x' })).rejects.toMatchObject({ status: 500, retryable: true });
    await expect(sms.send({ to: '555', body: 'x' })).rejects.toMatchObject({ status: 400, code: 21211, retryable: false });
    fake.refuseTo('+12125550104', 21610);
    await expect(sms.send({ to: '+12125550104', body: 'x' })).rejects.toMatchObject({ code: 21610, retryable: false });
    const wrong = createSms(config({ TWILIO_AUTH_TOKEN: 'wrong' }))!;
    const err = await wrong.send({ to: '+12125550103', body: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsError);
    expect(err).toMatchObject({ status: 401, retryable: false });
    // Nothing refused was taken.
    expect(fake.messages.filter((m) => m.to === '+12125550103')).toEqual([]);
    const unreachable = createSms(config({ TWILIO_API_BASE_URL: 'http://127.0.0.1:9' }))!;
    await expect(unreachable.send({ to: '+12125550103', body: 'x' })).rejects.toMatchObject({ status: null, retryable: true });
  });

  it('finds a text sent since a time by its words, and none other', async () => {
    const sms = createSms(config())!;
    const since = new Date(Date.now() - 1000);
    const sent = await sms.send({ to: '+12125550105', body: 'Your link: http://127.0.0.1/book?token=abc' });
    await expect(sms.findSent({ to: '+12125550105', since, bodyIncludes: 'token=abc' })).resolves.toEqual({ sid: sent.sid, status: 'queued' });
    await expect(sms.findSent({ to: '+12125550105', since, bodyIncludes: 'token=xyz' })).resolves.toBeNull();
    await expect(sms.findSent({ to: '+12125550106', since, bodyIncludes: 'token=abc' })).resolves.toBeNull();
  });

  it('checks Twilio’s webhook signature over the URL and every field', async () => {
    let seen: { signature: string | undefined; form: Record<string, string> } | null = null;
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen = { signature: req.headers['x-twilio-signature'] as string | undefined, form: Object.fromEntries(new URLSearchParams(body)) };
        res.end('<Response/>');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/sms/inbound`;
    try {
      await fake.sendInbound({ webhookUrl: url, from: '+12125550107', body: 'Hi' });
      const { signature, form } = seen!;
      expect(verifySmsSignature({ authToken: TOKEN, signature, url, params: form })).toBe(true);
      expect(verifySmsSignature({ authToken: TOKEN, signature, url, params: { ...form, Body: 'STOP' } })).toBe(false);
      expect(verifySmsSignature({ authToken: TOKEN, signature, url: url.replace('inbound', 'status'), params: form })).toBe(false);
      expect(verifySmsSignature({ authToken: 'other', signature, url, params: form })).toBe(false);
      expect(verifySmsSignature({ authToken: TOKEN, signature: undefined, url, params: form })).toBe(false);
    } finally {
      receiver.close();
    }
  });
});

describe('toE164 and smsKeyword', () => {
  it('normalises valid US numbers, refuses others', () => {
    expect(toE164('(212) 555-0123')).toBe('+12125550123');
    expect(toE164('+1 303 555 0142')).toBe('+13035550142');
    expect(toE164('555-0123')).toBeNull();
    expect(toE164('not a phone')).toBeNull();
  });

  it('reads a whole message as a keyword, any case, trailing punctuation aside', () => {
    expect(smsKeyword('stop')).toBe('stop');
    expect(smsKeyword('  Stop. ')).toBe('stop');
    expect(smsKeyword('UNSUBSCRIBE')).toBe('stop');
    expect(smsKeyword('start')).toBe('start');
    expect(smsKeyword('Help!')).toBe('help');
    expect(smsKeyword('STOP please')).toBeNull();
    expect(smsKeyword('Can I stop by Saturday?')).toBeNull();
  });
});
