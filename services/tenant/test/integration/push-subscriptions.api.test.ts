import type { Identity } from '@hap/service-kit';
import { GATEWAY, startTenant, type TestTenant } from '../helpers/app';
import { createClient, createClinicUser } from '../helpers/factories';

const LEADS: Identity = { kind: 'service', service: 'leads' };
const asUser = (user: { id: number; email: string; clientId: number; role: 'owner' | 'front_desk' | 'viewer' }): Identity => ({
  kind: 'clinic',
  userId: user.id,
  email: user.email,
  name: 'Pia Pushed',
  clientId: user.clientId,
  role: user.role,
});
/** A browser's PushSubscription JSON (keys of the right form; tenant only stores them). */
const subscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: 'BPWDpLSTCJNeNTVGpTIPiv_QTiAqDr9GJSxFmth5bl16wzXCV33_y72_fOgfVfr4GumGC4Kp8vZM7DmdWIP-Mpk', auth: 'k8JV6sjdbhAi1n3_LDBLvA' },
});
const PUBLIC_KEY = 'BPWDpLSTCJNeNTVGpTIPiv_QTiAqDr9GJSxFmth5bl16wzXCV33_y72_fOgfVfr4GumGC4Kp8vZM7DmdWIP-Mpk';

describe('push subscriptions of clinic users (docs/leads.md#delivery)', () => {
  let t: TestTenant;
  let plain: TestTenant;
  beforeAll(async () => {
    t = await startTenant({ env: { VAPID_PUBLIC_KEY: PUBLIC_KEY, PUSH_ALLOW_LOOPBACK: 'true' } });
    plain = await startTenant({ env: { VAPID_PUBLIC_KEY: '', PUSH_ALLOW_LOOPBACK: 'false' } });
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });
  const recipients = (clientId: number) => t.api.get(`/internal/clients/${clientId}/lead-recipients`, LEADS);

  describe('GET /api/portal/push/public-key', () => {
    it('hands a clinic user the VAPID public key, and says 409 NOT_CONFIGURED without one', async () => {
      const clinic = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id);
      expect((await t.api.get('/api/portal/push/public-key', asUser(owner))).body).toEqual({ success: true, data: { publicKey: PUBLIC_KEY } });
      const off = await plain.api.get('/api/portal/push/public-key', asUser(owner));
      expect(off.status).toBe(409);
      expect(off.body).toMatchObject({ code: 'NOT_CONFIGURED', message: 'Web push is not configured (set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT).' });
    });
  });

  describe('POST and DELETE /api/portal/me/push-subscriptions', () => {
    it('stores this device for the user, lists it to leads with the user’s channels, and forgets it on DELETE', async () => {
      const clinic = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id, { role: 'owner', newLeadEmail: 'off' });
      const phone = subscription(`https://push.example.com/send/${owner.id}-phone`);

      const added = await t.api.post('/api/portal/me/push-subscriptions', asUser(owner)).send(phone);
      expect(added.status).toBe(200);
      expect(added.body.data).toEqual({ pushDevices: 1 });
      // Subscribing again (a refreshed subscription) keeps one row.
      expect((await t.api.post('/api/portal/me/push-subscriptions', asUser(owner)).send(phone)).body.data).toEqual({ pushDevices: 1 });
      expect((await t.api.get('/api/portal/me/notifications', asUser(owner))).body.data).toMatchObject({ newLeadEmail: 'off', newLeadPush: 'each', pushDevices: 1 });

      const [recipient] = (await recipients(clinic.id)).body.data;
      expect(recipient).toMatchObject({ userId: owner.id, channels: { email: false, push: [{ endpoint: phone.endpoint, keys: phone.keys }], sms: null } });

      // Pushes off: no longer a recipient (no other channel).
      await t.api.patch('/api/portal/me/notifications', asUser(owner)).send({ newLeadPush: 'off' });
      expect((await recipients(clinic.id)).body.data).toEqual([]);
      await t.api.patch('/api/portal/me/notifications', asUser(owner)).send({ newLeadPush: 'each' });

      const removed = await t.api.delete('/api/portal/me/push-subscriptions', asUser(owner)).send({ endpoint: phone.endpoint });
      expect(removed.body.data).toEqual({ pushDevices: 0 });
      expect((await recipients(clinic.id)).body.data).toEqual([]);
    });

    it('moves a device to whoever subscribes it last; a user cannot delete another’s device', async () => {
      const clinic = await createClient(t.dataSource);
      const first = await createClinicUser(t.dataSource, clinic.id, { role: 'owner', newLeadEmail: 'off' });
      const second = await createClinicUser(t.dataSource, clinic.id, { role: 'owner', newLeadEmail: 'off' });
      const shared = subscription(`https://push.example.com/send/shared-${first.id}`);

      await t.api.post('/api/portal/me/push-subscriptions', asUser(first)).send(shared);
      await t.api.post('/api/portal/me/push-subscriptions', asUser(second)).send(shared);
      expect((await recipients(clinic.id)).body.data.map((r: { userId: number }) => r.userId)).toEqual([second.id]);

      expect((await t.api.delete('/api/portal/me/push-subscriptions', asUser(first)).send({ endpoint: shared.endpoint })).body.data).toEqual({ pushDevices: 0 });
      expect((await recipients(clinic.id)).body.data.map((r: { userId: number }) => r.userId)).toEqual([second.id]);
    });

    it('refuses an endpoint that is not https (http on loopback only when PUSH_ALLOW_LOOPBACK), and keys that are not keys', async () => {
      const clinic = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id);
      const post = (api: TestTenant['api'], body: object) => api.post('/api/portal/me/push-subscriptions', asUser(owner)).send(body);

      const http = await post(plain.api, subscription('http://127.0.0.1:9/push/1'));
      expect(http.status).toBe(400);
      expect(http.body.message).toBe('The subscription’s endpoint must be an https address');
      expect((await post(t.api, subscription('http://push.example.com/push/1'))).status).toBe(400);
      expect((await post(t.api, subscription('http://127.0.0.1:9/push/1'))).status).toBe(200);
      const noKeys = await post(t.api, { endpoint: 'https://push.example.com/x' });
      expect(noKeys.status).toBe(400);
      expect(JSON.stringify(noKeys.body)).toContain('The subscription has no keys');
      expect((await post(t.api, { ...subscription('https://push.example.com/y'), keys: { p256dh: 'short', auth: 'k8JV6sjdbhAi1n3_LDBLvA' } })).status).toBe(400);
    });
  });

  describe('POST /internal/push-subscriptions/forget', () => {
    it('deletes a subscription the push service no longer knows, for the leads service only', async () => {
      const clinic = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id, { newLeadEmail: 'off' });
      const gone = subscription(`https://push.example.com/send/gone-${owner.id}`);
      await t.api.post('/api/portal/me/push-subscriptions', asUser(owner)).send(gone);

      expect((await t.api.post('/internal/push-subscriptions/forget', GATEWAY).send({ endpoint: gone.endpoint })).status).toBe(403);
      expect((await t.api.post('/internal/push-subscriptions/forget', LEADS).send({ endpoint: gone.endpoint })).body.data).toEqual({ deleted: true });
      expect((await t.api.post('/internal/push-subscriptions/forget', LEADS).send({ endpoint: gone.endpoint })).body.data).toEqual({ deleted: false });
      expect((await recipients(clinic.id)).body.data).toEqual([]);
    });
  });
});
