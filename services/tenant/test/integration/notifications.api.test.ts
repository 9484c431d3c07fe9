import type { Identity } from '@hap/service-kit';
import { ADMIN, ANONYMOUS, GATEWAY, startTenant } from '../helpers/app';
import { auditRows, createClient, createClinicUser } from '../helpers/factories';
import { unsubscribeToken } from '../../src/modules/notifications/unsubscribe-token';
import { sharedService } from '@hap/test-kit/shared-service';

const LEADS: Identity = { kind: 'service', service: 'leads' };
const asUser = (user: { id: number; email: string; clientId: number; role: 'owner' | 'front_desk' | 'viewer' }): Identity => ({
  kind: 'clinic',
  userId: user.id,
  email: user.email,
  name: 'Nia Notified',
  clientId: user.clientId,
  role: user.role,
});

describe('new-lead e-mail notifications', () => {
  const t = sharedService(() => startTenant());

  const recipients = (clientId: number, identity: Identity = LEADS) => t.api.get(`/internal/clients/${clientId}/lead-recipients`, identity);
  const preference = async (id: number) =>
    (await t.dataSource.query<Array<{ new_lead_email: string | null }>>('SELECT "new_lead_email" FROM "tenant"."users" WHERE "id" = $1', [id]))[0].new_lead_email;

  describe('GET and PATCH /api/portal/me/notifications', () => {
    it('answers the role’s default until the user chooses: each for owners, off for staff', async () => {
      const clinic = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id, { role: 'owner' });
      const staff = await createClinicUser(t.dataSource, clinic.id, { role: 'front_desk' });

      expect((await t.api.get('/api/portal/me/notifications', asUser(owner))).body).toEqual({
        success: true,
        data: { newLeadEmail: 'each', newLeadPush: 'each', newLeadSms: 'off', smsNumber: null, quietHours: null, pushDevices: 0 },
      });
      expect((await t.api.get('/api/portal/me/notifications', asUser(staff))).body).toEqual({
        success: true,
        data: { newLeadEmail: 'off', newLeadPush: 'off', newLeadSms: 'off', smsNumber: null, quietHours: null, pushDevices: 0 },
      });
    });

    it('lets any clinic user (staff included) change their own choice, audited with their name', async () => {
      const clinic = await createClient(t.dataSource);
      const staff = await createClinicUser(t.dataSource, clinic.id, { role: 'front_desk' });

      const res = await t.api.patch('/api/portal/me/notifications', asUser(staff)).send({ newLeadEmail: 'each' });

      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ newLeadEmail: 'each', newLeadPush: 'off' });
      expect(await preference(staff.id)).toBe('each');
      const [entry] = await auditRows(t.dataSource, 'notification_preferences', staff.id);
      expect(entry).toMatchObject({ action: 'update', actor_user_id: staff.id, changes: { before: { newLeadEmail: 'off' }, after: { newLeadEmail: 'each' } } });
    });

    it('keeps pushes, texts to a number read as typed (E.164), and quiet hours; what is not sent stays', async () => {
      const clinic = await createClient(t.dataSource);
      const staff = await createClinicUser(t.dataSource, clinic.id, { role: 'front_desk' });

      const res = await t.api
        .patch('/api/portal/me/notifications', asUser(staff))
        .send({ newLeadPush: 'each', newLeadSms: 'each', smsNumber: '(303) 555-0142', quietHours: { start: '20:00', end: '07:30' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ newLeadEmail: 'off', newLeadPush: 'each', newLeadSms: 'each', smsNumber: '+13035550142', quietHours: { start: '20:00', end: '07:30' }, pushDevices: 0 });

      const later = await t.api.patch('/api/portal/me/notifications', asUser(staff)).send({ quietHours: null });
      expect(later.body.data).toMatchObject({ newLeadSms: 'each', smsNumber: '+13035550142', quietHours: null });
      // Texts on with a number: the staff member is a recipient for texts only.
      const [recipient] = (await recipients(clinic.id)).body.data;
      expect(recipient).toMatchObject({ userId: staff.id, channels: { email: false, push: [], sms: '+13035550142' }, quietHours: null });
    });

    it('refuses texts without a number, a number that is not one, and quiet hours that are not times, in words', async () => {
      const clinic = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id);
      const patch = (body: object) => t.api.patch('/api/portal/me/notifications', asUser(owner)).send(body);

      const noNumber = await patch({ newLeadSms: 'each' });
      expect(noNumber.status).toBe(400);
      expect(noNumber.body.message).toBe('Add the mobile number the texts go to');
      expect((await patch({ smsNumber: '12' })).body.message).toBe('Must be a mobile number like +1 303 555 0142');
      expect(JSON.stringify((await patch({ quietHours: { start: '8pm', end: '07:00' } })).body)).toContain('Quiet hours start must be a time like 20:00');
      expect(JSON.stringify((await patch({ quietHours: { start: '20:00', end: '25:00' } })).body)).toContain('Quiet hours end must be a time like 07:00');
      expect((await patch({})).status).toBe(400);
      expect(await preference(owner.id)).toBeNull();
    });

    it('refuses an unknown choice or another field with a 400 that says so, and changes nothing', async () => {
      const clinic = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id);

      const bad = await t.api.patch('/api/portal/me/notifications', asUser(owner)).send({ newLeadEmail: 'daily' });
      const other = await t.api.patch('/api/portal/me/notifications', asUser(owner)).send({ newLeadEmail: 'off', userId: 1 });

      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('New-lead e-mail must be each or off');
      expect(other.status).toBe(400);
      expect(JSON.stringify(other.body)).toContain('Unknown field: userId');
      expect(await preference(owner.id)).toBeNull();
    });

    it('is 401 for nobody and 403 for an admin (not a clinic user)', async () => {
      expect((await t.api.get('/api/portal/me/notifications', ANONYMOUS)).status).toBe(401);
      expect((await t.api.patch('/api/portal/me/notifications', ADMIN).send({ newLeadEmail: 'off' })).status).toBe(403);
    });
  });

  describe('GET /internal/clients/:id/lead-recipients', () => {
    it('answers the active users who chose each (owners by default), never disabled, invited or other clinics’ users', async () => {
      const clinic = await createClient(t.dataSource);
      const other = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id, { role: 'owner' });
      const optedInStaff = await createClinicUser(t.dataSource, clinic.id, { role: 'front_desk', newLeadEmail: 'each' });
      await createClinicUser(t.dataSource, clinic.id, { role: 'front_desk' });
      await createClinicUser(t.dataSource, clinic.id, { role: 'owner', newLeadEmail: 'off' });
      await createClinicUser(t.dataSource, clinic.id, { role: 'owner', status: 'disabled' });
      await createClinicUser(t.dataSource, clinic.id, { role: 'front_desk', status: 'invited', newLeadEmail: 'each' });
      await createClinicUser(t.dataSource, other.id, { role: 'owner' });

      const res = await recipients(clinic.id);

      expect(res.status).toBe(200);
      expect(res.body.data.map((r: { email: string }) => r.email)).toEqual([owner.email, optedInStaff.email]);
      expect(res.body.data[0]).toEqual({
        userId: owner.id,
        email: owner.email,
        unsubscribeToken: unsubscribeToken(t.config.INTERNAL_SECRET, owner.id, 1),
        // Pushes are on by default for owners, but no device of theirs is subscribed.
        channels: { email: true, push: [], sms: null },
        quietHours: null,
      });
    });

    it('is only the leads service’s to ask (403 otherwise), and 404 for no such clinic', async () => {
      const clinic = await createClient(t.dataSource);
      expect((await recipients(clinic.id, GATEWAY)).status).toBe(403);
      expect((await recipients(clinic.id, ADMIN)).status).toBe(403);
      expect((await recipients(99_999_999)).status).toBe(404);
    });
  });

  describe('GET /internal/clients/:id/active-users (docs/leads.md#assignment)', () => {
    const activeUsers = (clientId: number, identity: Identity = LEADS) => t.api.get(`/internal/clients/${clientId}/active-users`, identity);

    it('answers the clinic’s active users by id with whether each may be given leads, never disabled, invited or other clinics’ users', async () => {
      const clinic = await createClient(t.dataSource);
      const other = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id, { role: 'owner' });
      const staff = await createClinicUser(t.dataSource, clinic.id, { role: 'front_desk' });
      const viewer = await createClinicUser(t.dataSource, clinic.id, { role: 'viewer' });
      await createClinicUser(t.dataSource, clinic.id, { role: 'front_desk', status: 'disabled' });
      await createClinicUser(t.dataSource, clinic.id, { role: 'front_desk', status: 'invited' });
      await createClinicUser(t.dataSource, other.id, { role: 'owner' });

      const res = await activeUsers(clinic.id);

      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { id: owner.id, name: expect.any(String), email: owner.email, role: 'owner', assignable: true },
        { id: staff.id, name: expect.any(String), email: staff.email, role: 'front_desk', assignable: true },
        { id: viewer.id, name: expect.any(String), email: viewer.email, role: 'viewer', assignable: false },
      ]);
    });

    it('is only the leads service’s to ask (403 otherwise), and 404 for no such clinic', async () => {
      const clinic = await createClient(t.dataSource);
      expect((await activeUsers(clinic.id, GATEWAY)).status).toBe(403);
      expect((await activeUsers(clinic.id, ADMIN)).status).toBe(403);
      expect((await activeUsers(99_999_999)).status).toBe(404);
    });
  });

  describe('the one-click unsubscribe link (RFC 8058)', () => {
    const link = (token: string) => `/api/portal/unsubscribe?token=${encodeURIComponent(token)}`;
    const oneClick = (token: string) => t.api.post(link(token), ANONYMOUS).type('form').send('List-Unsubscribe=One-Click');

    it('shows a button on GET and changes nothing (a scanner following links unsubscribes no one)', async () => {
      const clinic = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id);
      const [{ unsubscribeToken: token }] = (await recipients(clinic.id)).body.data;

      const res = await t.api.get(link(token), ANONYMOUS);

      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.text).toContain('<form method="post"');
      expect(res.text).toContain(clinic.name);
      expect(await preference(owner.id)).toBeNull();
    });

    it('turns the e-mails off without signing in, once: the same link again is 410, and the user is no longer a recipient', async () => {
      const clinic = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id);
      const [{ unsubscribeToken: token }] = (await recipients(clinic.id)).body.data;

      const first = await oneClick(token);
      const again = await oneClick(token);

      expect(first.status).toBe(200);
      expect(first.text).toContain('You are unsubscribed');
      expect(await preference(owner.id)).toBe('off');
      expect(again.status).toBe(410);
      expect((await t.api.get(link(token), ANONYMOUS)).status).toBe(410);
      expect((await recipients(clinic.id)).body.data).toEqual([]);
      const entries = await auditRows(t.dataSource, 'notification_preferences', owner.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actor_user_id: owner.id, changes: { after: { newLeadEmail: 'off', via: 'unsubscribe link' } } });
    });

    it('refuses forged links with a 400 page and changes nothing', async () => {
      const clinic = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id);
      const forged = [
        unsubscribeToken('not the internal secret', owner.id, 1),
        unsubscribeToken(t.config.INTERNAL_SECRET, owner.id, 1).replace(/^\d+/, String(owner.id + 1)),
        `${owner.id}.1.x`,
        'garbage',
      ];

      for (const token of forged) {
        const res = await oneClick(token);
        expect(res.status).toBe(400);
        expect(res.text).toContain('This link is not valid');
      }
      expect(await preference(owner.id)).toBeNull();
    });

    it('stops an older link once the choice changed in the portal', async () => {
      const clinic = await createClient(t.dataSource);
      const owner = await createClinicUser(t.dataSource, clinic.id);
      const [{ unsubscribeToken: old }] = (await recipients(clinic.id)).body.data;
      await t.api.patch('/api/portal/me/notifications', asUser(owner)).send({ newLeadEmail: 'each' });

      expect((await oneClick(old)).status).toBe(410);
      const [{ unsubscribeToken: fresh }] = (await recipients(clinic.id)).body.data;
      expect((await oneClick(fresh)).status).toBe(200);
    });

    it('answers a missing token with a 400', async () => {
      expect((await t.api.post('/api/portal/unsubscribe', ANONYMOUS).type('form').send('List-Unsubscribe=One-Click')).status).toBe(400);
    });
  });
});
