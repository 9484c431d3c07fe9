import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startFakeWebPush, type FakeWebPush } from '@hap/test-kit/fakes/web-push';
import { createWebPush, PushError, PushSubscriptionGone, type WebPush } from '../src/push';

/** A VAPID key pair made for these tests (`npx web-push generate-vapid-keys`). */
const VAPID = {
  VAPID_PUBLIC_KEY: 'BPWDpLSTCJNeNTVGpTIPiv_QTiAqDr9GJSxFmth5bl16wzXCV33_y72_fOgfVfr4GumGC4Kp8vZM7DmdWIP-Mpk',
  VAPID_PRIVATE_KEY: '9Nc6fkgUYxI-PwBluBij5h3lchemsDeWqgJnPlFy4I4',
  VAPID_SUBJECT: 'mailto:alerts@agency.test',
};

describe('web push adapter (web-push with VAPID, against a loopback push service)', () => {
  let service: FakeWebPush;
  let push: WebPush;
  beforeAll(async () => {
    service = await startFakeWebPush();
    push = createWebPush({ ...VAPID, PUSH_TIMEOUT_MS: 2000 })!;
  });
  afterAll(() => service.close());

  it('is not configured without all three VAPID settings', () => {
    expect(createWebPush({ PUSH_TIMEOUT_MS: 1000 })).toBeNull();
    expect(createWebPush({ ...VAPID, VAPID_SUBJECT: undefined, PUSH_TIMEOUT_MS: 1000 })).toBeNull();
    expect(push.publicKey).toBe(VAPID.VAPID_PUBLIC_KEY);
  });

  it('sends a payload the browser can decrypt, signed with the VAPID key, urgent and kept a day', async () => {
    const subscription = service.subscribe();
    await push.send(subscription, { title: 'Hello' });
    expect(service.refused).toEqual([]);
    const [message] = service.received;
    expect(JSON.parse(message.payload)).toEqual({ title: 'Hello' });
    expect(message).toMatchObject({ endpoint: subscription.endpoint, ttl: 86_400, urgency: 'high', vapid: { aud: service.url, sub: VAPID.VAPID_SUBJECT, publicKey: VAPID.VAPID_PUBLIC_KEY } });
    expect(message.headers['content-encoding']).toBe('aes128gcm');
  });

  it('sends from the built module as the services run it (Node’s own import() of the CommonJS web-push)', async () => {
    const subscription = service.subscribe();
    const script = `require(${JSON.stringify(require.resolve('../dist/push.js'))}).createWebPush(${JSON.stringify({ ...VAPID, PUSH_TIMEOUT_MS: 2000 })})
      .send(${JSON.stringify(subscription)}, { title: 'From the build' }).then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });`;
    // Not spawnSync: the push service answering is this process.
    const { stderr } = await promisify(execFile)(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(stderr).toBe('');
    expect(service.received.filter((m) => m.endpoint === subscription.endpoint).map((m) => JSON.parse(m.payload))).toEqual([{ title: 'From the build' }]);
  });

  it('says a subscription is gone on 410 and 404, and which failures are worth retrying', async () => {
    const subscription = service.subscribe();
    service.gone(subscription.endpoint);
    await expect(push.send(subscription, {})).rejects.toEqual(expect.objectContaining({ name: 'PushSubscriptionGone', status: 410, endpoint: subscription.endpoint }));
    await expect(push.send({ ...subscription, endpoint: `${service.url}/push/unknown` }, {})).rejects.toBeInstanceOf(PushSubscriptionGone);

    const live = service.subscribe();
    service.failNext(503);
    await expect(push.send(live, {})).rejects.toEqual(new PushError('The push service answered 503: Scripted failure.', 503, true));
    service.failNext(400);
    await expect(push.send(live, {})).rejects.toMatchObject({ status: 400, retryable: false });
    await expect(push.send({ ...live, endpoint: 'http://127.0.0.1:9/push/x' }, {})).rejects.toMatchObject({ status: null, retryable: true });
  });
});
