import { ClientBrandingSchema, ClientPublicSchema, ClientSchema, NUL_MESSAGE, WEBHOOK_HOST_MESSAGE, WEBHOOK_URL_MESSAGE } from '@hap/contracts';
import { ClientEntity } from '../../src/modules/client/client.entity';
import { DomainMappingEntity } from '../../src/modules/domain-mapping/domain-mapping.entity';
import { StaffMemberEntity } from '../../src/modules/staff-member/staff-member.entity';
import { ADMIN, ANONYMOUS, GATEWAY, PUBLIC_SHELL, startTenant } from '../helpers/app';
import { auditRows, createClient, createDomainMapping, createStaffMember, uniq } from '../helpers/factories';
import { openTransaction } from '../helpers/locks';
import { sharedService } from '@hap/test-kit/shared-service';

describe('clients API', () => {
  const t = sharedService(() => startTenant());

  const countByName = (name: string) => t.dataSource.getRepository(ClientEntity).countBy({ name });
  const validClient = () => ({ name: `Bright Smile Clinic ${uniq()}`, address: '12 Harbour Road', phone: '555-123-4567' });

  describe('GET /api/clients', () => {
    it('lists every client, ordered by id, with all admin fields', async () => {
      const a = await createClient(t.dataSource);
      const b = await createClient(t.dataSource);

      const res = await t.api.get('/api/clients', ADMIN);

      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const ids: number[] = res.body.data.map((c: { id: number }) => c.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      const listed = res.body.data.find((c: { id: number }) => c.id === b.id);
      expect(ClientSchema.strict().parse(listed)).toMatchObject({ id: b.id, ghlSubaccountId: b.ghlSubaccountId });
      expect(ids).toContain(a.id);
    });

    it.each([
      ['anonymous', ANONYMOUS],
      ['the public shell', PUBLIC_SHELL],
    ])('refuses a caller without an admin identity (%s)', async (_case, identity) => {
      const res = await t.api.get('/api/clients', identity);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    });
  });

  describe('GET /api/clients/:id', () => {
    it('gives admins the full client', async () => {
      const client = await createClient(t.dataSource);
      const res = await t.api.get(`/api/clients/${client.id}`, ADMIN);
      expect(res.status).toBe(200);
      const data = ClientSchema.strict().parse(res.body.data);
      expect(data).toMatchObject({ id: client.id, name: client.name, googleAdsAccountId: '1234567890' });
      expect(data.createdAt).toBe(client.createdAt.toISOString());
    });

    it('gives anonymous pages only the public projection', async () => {
      const client = await createClient(t.dataSource);
      const res = await t.api.get(`/api/clients/${client.id}`, ANONYMOUS);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(ClientPublicSchema.shape).sort());
      expect(res.body.data).toMatchObject({ brandColor: '#37a2d4', brandBgColor: '#00446f', trackingEnabled: true });
      expect(res.body.data).not.toHaveProperty('googleAdsAccountId');
      expect(res.body.data).not.toHaveProperty('ghlSubaccountId');
    });

    it('answers ?optimized=true with the branding only, for admins too', async () => {
      const client = await createClient(t.dataSource, { brandColor: '#123456' });
      const res = await t.api.get(`/api/clients/${client.id}?optimized=true`, ADMIN);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(ClientBrandingSchema.shape).sort());
      expect(res.body.data.brandColor).toBe('#123456');
    });

    it('answers 404 with the catalogue message for a missing client', async () => {
      const res = await t.api.get('/api/clients/987654', ANONYMOUS);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: 'NOT_FOUND', message: 'Client 987654 was not found.' });
    });

    it('answers 400 for an id that is not a number', async () => {
      const res = await t.api.get('/api/clients/abc', ANONYMOUS);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'Id must be a number' });
    });

    it.each([
      ['3000000000', 'Id is too large'],
      ['2147483648', 'Id is too large'],
      ['0x2', 'Id must be a number'],
      ['1e1', 'Id must be a number'],
      ['0', 'Id must be a positive number'],
    ])('answers 400, never a database error, for the id %s', async (id, message) => {
      const res = await t.api.get(`/api/clients/${id}`, ADMIN);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
    });

    it('answers 404 for the largest id a row can have', async () => {
      const res = await t.api.get('/api/clients/2147483647', ADMIN);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Client 2147483647 was not found.');
    });

    it('gives the public shell (a signed service, not a privileged one) only the public projection', async () => {
      const client = await createClient(t.dataSource);
      const res = await t.api.get(`/api/clients/${client.id}`, PUBLIC_SHELL);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(ClientPublicSchema.shape).sort());
      expect(res.body.data).not.toHaveProperty('ghlSubaccountId');
    });

    it('gives a backend service (the gateway) the full client', async () => {
      const client = await createClient(t.dataSource);
      const res = await t.api.get(`/api/clients/${client.id}`, GATEWAY);
      expect(res.status).toBe(200);
      expect(ClientSchema.strict().parse(res.body.data)).toMatchObject({ ghlSubaccountId: client.ghlSubaccountId });
    });
  });

  describe('GET /api/clients/:id/tracking-settings', () => {
    it('returns the tracking ids and flags', async () => {
      const client = await createClient(t.dataSource, { googleAdsTagId: 'AW-123', conversionTrackingEnabled: false });
      const res = await t.api.get(`/api/clients/${client.id}/tracking-settings`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        googleAdsTagId: 'AW-123',
        facebookPixelId: null,
        googleAnalyticsId: null,
        trackingEnabled: true,
        conversionTrackingEnabled: false,
      });
    });
  });

  describe('POST /api/clients', () => {
    it('creates a client with the default colours and records who did it', async () => {
      const body = { ...validClient(), website: '', googleAdsAccountId: '123-456-7890' };

      const res = await t.api.post('/api/clients', ADMIN).send(body);

      expect(res.status).toBe(201);
      const data = ClientSchema.strict().parse(res.body.data);
      expect(data).toMatchObject({
        name: body.name,
        website: null,
        brandColor: '#37a2d4',
        brandBgColor: '#00446f',
        trackingEnabled: true,
        conversionTrackingEnabled: true,
        googleAdsAccountId: '1234567890',
      });
      expect(data.id).toBeGreaterThan(11);
      const audit = await auditRows(t.dataSource, 'client', data.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'create', actor_user_id: ADMIN.userId });
      expect(audit[0].request_id).toEqual(expect.any(String));
    });

    it('keeps the colours it is given', async () => {
      const res = await t.api.post('/api/clients', ADMIN).send({ ...validClient(), brandColor: '#ff0000', brandBgColor: '#000' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ brandColor: '#ff0000', brandBgColor: '#000' });
    });

    it('answers 400 with the spec messages and stores nothing', async () => {
      const name = `ab`;
      const res = await t.api.post('/api/clients', ADMIN).send({ name, address: '12', phone: '1', email: 'nope' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.issues).toEqual(
        expect.arrayContaining([
          { path: 'name', message: 'Client name must be at least 3 characters' },
          { path: 'address', message: 'Address is required' },
          { path: 'phone', message: 'Phone number is required' },
          { path: 'email', message: 'Must be a valid email' },
        ]),
      );
      expect(await countByName(name)).toBe(0);
    });

    it('gives the one message when only one field is wrong', async () => {
      const body = { ...validClient(), website: 'not a url' };
      const res = await t.api.post('/api/clients', ADMIN).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Must be a valid URL');
      expect(await countByName(body.name)).toBe(0);
    });

    it('refuses anonymous callers and stores nothing', async () => {
      const body = validClient();
      const res = await t.api.post('/api/clients', ANONYMOUS).send(body);
      expect(res.status).toBe(401);
      expect(await countByName(body.name)).toBe(0);
    });

    it('refuses text with a NUL character (400, not a database error)', async () => {
      const body = { ...validClient(), name: `Null\u0000Clinic ${uniq()}` };
      const res = await t.api.post('/api/clients', ADMIN).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: NUL_MESSAGE });
      expect(res.body.issues).toEqual([{ path: 'name', message: NUL_MESSAGE }]);
      const optional = await t.api.post('/api/clients', ADMIN).send({ ...validClient(), domain: 'a\u0000b.com' });
      expect(optional.status).toBe(400);
      expect(optional.body.issues).toEqual([{ path: 'domain', message: NUL_MESSAGE }]);
    });

    it.each([
      ['googleAdsTagId', '123456789', 'Must be a Google Ads tag id like AW-123456789'],
      ['googleAdsTagId', 'AW-1"><script>', 'Must be a Google Ads tag id like AW-123456789'],
      ['googleAnalyticsId', 'GA-123', 'Must be a Google Analytics id like G-ABC123XYZ'],
      ['googleAnalyticsId', "G-ABC');alert(1)//", 'Must be a Google Analytics id like G-ABC123XYZ'],
      ['facebookPixelId', 'px-12345678', 'Must be a Facebook pixel id (digits only)'],
    ])('refuses a %s that does not look like one (%p)', async (field, value, message) => {
      const body = { ...validClient(), [field]: value };
      const res = await t.api.post('/api/clients', ADMIN).send(body);
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: field, message }]);
      expect(await countByName(body.name)).toBe(0);
    });

    it('stores tracking ids that look right, and serves them in the tracking settings', async () => {
      const ids = { googleAdsTagId: 'AW-123456789', googleAnalyticsId: 'G-ABC123XYZ', facebookPixelId: '1234567890123456' };
      const res = await t.api.post('/api/clients', ADMIN).send({ ...validClient(), ...ids });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject(ids);
      const settings = await t.api.get(`/api/clients/${res.body.data.id}/tracking-settings`);
      expect(settings.body.data).toMatchObject(ids);

      const ua = await t.api.patch(`/api/clients/${res.body.data.id}`, ADMIN).send({ googleAnalyticsId: 'UA-1234567-1' });
      expect(ua.status).toBe(200);
      expect(ua.body.data.googleAnalyticsId).toBe('UA-1234567-1');
      const bad = await t.api.patch(`/api/clients/${res.body.data.id}`, ADMIN).send({ facebookPixelId: 'abc' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Must be a Facebook pixel id (digits only)');
    });
  });

  describe('PATCH /api/clients/:id', () => {
    it('changes only the fields sent and bumps updatedAt', async () => {
      const client = await createClient(t.dataSource);

      const res = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ phone: '(555) 777-8888', brandColor: null });

      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: client.id, name: client.name, phone: '(555) 777-8888', brandColor: '#37a2d4' });
      expect(new Date(res.body.data.updatedAt).getTime()).toBeGreaterThan(client.updatedAt.getTime());
      const [audit] = await auditRows(t.dataSource, 'client', client.id);
      expect(audit).toMatchObject({
        action: 'update',
        changes: { before: { phone: client.phone }, after: { phone: '(555) 777-8888' } },
      });
    });

    it('keeps the full-detail lead e-mail off until an admin turns it on, audited; pages never see it', async () => {
      const client = await createClient(t.dataSource);
      expect((await t.api.get(`/api/clients/${client.id}`, ADMIN)).body.data).toMatchObject({ leadDetailEmail: false });

      const res = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ leadDetailEmail: true });

      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ leadDetailEmail: true });
      const [audit] = await auditRows(t.dataSource, 'client', client.id);
      expect(audit).toMatchObject({ action: 'update', changes: { before: { leadDetailEmail: false }, after: { leadDetailEmail: true } } });
      expect((await t.api.get(`/api/clients/${client.id}`, ANONYMOUS)).body.data).not.toHaveProperty('leadDetailEmail');
      expect((await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ leadDetailEmail: 'yes' })).body.message).toBe('Must be true or false');
    });

    it('keeps a monthly Google Ads budget and a target cost per booking in dollars, from a form’s text too, audited; bad amounts are refused', async () => {
      const client = await createClient(t.dataSource);
      expect((await t.api.get(`/api/clients/${client.id}`, ADMIN)).body.data).toMatchObject({ monthlyAdBudget: null, targetCostPerBooking: null });

      const res = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ monthlyAdBudget: '$3,000', targetCostPerBooking: 120.5 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ monthlyAdBudget: 3000, targetCostPerBooking: 120.5 });
      const [audit] = await auditRows(t.dataSource, 'client', client.id);
      expect(audit).toMatchObject({ changes: { before: { monthlyAdBudget: null }, after: { monthlyAdBudget: 3000 } } });
      expect((await t.api.get(`/api/clients/${client.id}`, ANONYMOUS)).body.data).not.toHaveProperty('monthlyAdBudget');

      const refused = async (body: object) => {
        const bad = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send(body);
        expect(bad.status).toBe(400);
        return bad.body.message as string;
      };
      expect(await refused({ monthlyAdBudget: -5 })).toBe('Monthly Google Ads budget must be an amount in dollars, more than 0');
      expect(await refused({ monthlyAdBudget: '3 grand' })).toBe('Monthly Google Ads budget must be an amount in dollars, more than 0');
      expect(await refused({ monthlyAdBudget: 5_000_000 })).toBe('Monthly Google Ads budget must be at most $1,000,000');
      expect(await refused({ targetCostPerBooking: true })).toBe('Target cost per booking must be an amount in dollars');
      // Cleared with the form's empty box.
      expect((await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ monthlyAdBudget: '' })).body.data).toMatchObject({ monthlyAdBudget: null, targetCostPerBooking: 120.5 });
    });

    it('refuses an empty change', async () => {
      const client = await createClient(t.dataSource);
      const res = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({});
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Send at least one field to change');
    });

    it('answers 404 for a missing client', async () => {
      const res = await t.api.patch('/api/clients/987655', ADMIN).send({ phone: '5551234567' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Client 987655 was not found.');
    });

    it("answers the client's own 404 when it is deleted while the change waits", async () => {
      const client = await createClient(t.dataSource);
      const deleting = await openTransaction(t.dataSource);
      await deleting.query('DELETE FROM "tenant"."clients" WHERE "id" = $1', [client.id]);

      const patching = t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ phone: '(555) 222-3333' }).then((r) => r);
      await deleting.waitUntilBlocking();
      await deleting.commit();
      const res = await patching;

      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: 'NOT_FOUND', message: `Client ${client.id} was not found.` });
      expect(await auditRows(t.dataSource, 'client', client.id)).toEqual([]);
    });

    it('waits for a concurrent change of the same client, then applies on top of it', async () => {
      const client = await createClient(t.dataSource);
      const other = await openTransaction(t.dataSource);
      await other.query('UPDATE "tenant"."clients" SET "phone" = $2 WHERE "id" = $1', [client.id, '(555) 999-0000']);

      const patching = t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ address: '1 New Road' }).then((r) => r);
      await other.waitUntilBlocking();
      await other.commit();
      const res = await patching;

      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ phone: '(555) 999-0000', address: '1 New Road' });
    });
  });

  describe('DELETE /api/clients/:id', () => {
    it('deletes the client with its staff and domain mappings', async () => {
      const client = await createClient(t.dataSource);
      await createStaffMember(t.dataSource, client.id);
      await createDomainMapping(t.dataSource, client.id);

      const res = await t.api.delete(`/api/clients/${client.id}`, ADMIN);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { id: client.id } });
      expect(await t.dataSource.getRepository(ClientEntity).countBy({ id: client.id })).toBe(0);
      expect(await t.dataSource.getRepository(StaffMemberEntity).countBy({ clientId: client.id })).toBe(0);
      expect(await t.dataSource.getRepository(DomainMappingEntity).countBy({ clientId: client.id })).toBe(0);
      const [audit] = await auditRows(t.dataSource, 'client', client.id);
      expect(audit).toMatchObject({ action: 'delete', changes: { before: { id: client.id, name: client.name } } });
      expect((await t.api.get(`/api/clients/${client.id}`)).status).toBe(404);
    });

    it('answers 404 for a missing client and writes no audit row', async () => {
      const res = await t.api.delete('/api/clients/987656', ADMIN);
      expect(res.status).toBe(404);
      expect(await auditRows(t.dataSource, 'client', 987656)).toEqual([]);
    });
  });

  describe('the lead webhook setting', () => {
    it('makes a signing secret when a URL is first set, keeps it on a URL change, drops it when cleared, and never writes it to the audit log', async () => {
      const client = await createClient(t.dataSource);
      const set = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ webhookUrl: 'https://crm.example.com/hooks/leads' });
      expect(set.status).toBe(200);
      expect(set.body.data.webhookUrl).toBe('https://crm.example.com/hooks/leads');
      const secret: string = set.body.data.webhookSecret;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

      const moved = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ webhookUrl: 'https://crm.example.com/hooks/v2' });
      expect(moved.body.data.webhookSecret).toBe(secret);

      const [audit] = await auditRows(t.dataSource, 'client', client.id);
      expect(JSON.stringify(audit.changes)).not.toContain(secret);
      expect(audit.changes).toMatchObject({ after: { webhookSecret: `••••${secret.slice(-4)}` } });

      const cleared = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ webhookUrl: '' });
      expect(cleared.body.data).toMatchObject({ webhookUrl: null, webhookSecret: null });
    });

    it('refuses a webhook that is not https, with the field named', async () => {
      const client = await createClient(t.dataSource);
      for (const url of ['http://crm.example.com/hook', 'http://127.0.0.1:9000/hook', 'ftp://crm.example.com', 'https://user:pw@crm.example.com/h', 'not a url']) {
        const res = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ webhookUrl: url });
        expect(res.status).toBe(400);
        expect(res.body.issues).toEqual([{ path: 'webhookUrl', message: WEBHOOK_URL_MESSAGE }]);
      }
    });

    // Saved only: nothing here connects to them (the worker would check every address again anyway).
    it('refuses, when saved, a webhook whose host is not on the internet, in every notation, and keeps the clinic as it was', async () => {
      const client = await createClient(t.dataSource, { webhookUrl: 'https://crm.example.com/h', webhookSecret: 'whsec_kept' });
      const refused = [
        'https://127.0.0.1/',
        'https://localhost/hooks',
        'https://app.localhost/hooks',
        'https://[::1]/h',
        'https://[::127.0.0.1]/h',
        'https://[::ffff:10.0.0.1]/h',
        'https://[64:ff9b::a9fe:a9fe]/h',
        'https://[2002:c0a8:0101::1]/h',
        'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/h',
        'https://[fd00::1]/h',
        'https://[fe80::1]/h',
        'https://[ff02::1]/h',
        'https://2130706433/',
        'https://0x7f.1/',
        'https://10.0.0.1/h',
        'https://192.168.1.20/h',
        'https://172.20.0.5/h',
        'https://169.254.169.254/latest/meta-data/',
        'https://100.64.0.1/h',
        'https://198.18.0.1/h',
        'https://224.0.0.1/h',
        'https://255.255.255.255/h',
        'https://0.0.0.0/h',
        'https://192.0.2.1/h',
        'https://metadata.google.internal/computeMetadata/v1/',
        'https://redis:6379/',
      ];
      for (const url of refused) {
        const res = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ webhookUrl: url });
        expect({ url, status: res.status, issues: res.body.issues }).toEqual({ url, status: 400, issues: [{ path: 'webhookUrl', message: WEBHOOK_HOST_MESSAGE }] });
      }
      const created = await t.api.post('/api/clients', ADMIN).send({ name: `Harbor Hooks ${uniq()}`, address: '9 Pier Rd, Portland', phone: '(503) 555-0140', webhookUrl: 'https://[::127.0.0.1]/h' });
      expect(created.status).toBe(400);
      expect(created.body.issues).toEqual([{ path: 'webhookUrl', message: WEBHOOK_HOST_MESSAGE }]);

      const row = await t.dataSource.getRepository(ClientEntity).findOneByOrFail({ id: client.id });
      expect(row).toMatchObject({ webhookUrl: 'https://crm.example.com/h', webhookSecret: 'whsec_kept' });
      // A public address literal is a receiver like any other.
      const publicLiteral = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ webhookUrl: 'https://[2606:4700::1111]/hooks' });
      expect(publicLiteral.status).toBe(200);
    });

    it('rotates the secret on request, and says so when there is no webhook to rotate', async () => {
      const client = await createClient(t.dataSource);
      const none = await t.api.post(`/api/clients/${client.id}/webhook-secret`, ADMIN);
      expect(none.status).toBe(422);
      expect(none.body.message).toBe('Set a webhook URL first; its secret is made with it.');

      const first = (await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ webhookUrl: 'https://crm.example.com/h' })).body.data.webhookSecret;
      const rotated = await t.api.post(`/api/clients/${client.id}/webhook-secret`, ADMIN);
      expect(rotated.status).toBe(200);
      expect(rotated.body.data.webhookSecret).toMatch(/^whsec_/);
      expect(rotated.body.data.webhookSecret).not.toBe(first);
      expect((await t.api.post('/api/clients/987655/webhook-secret', ADMIN)).status).toBe(404);
      expect((await t.api.post(`/api/clients/${client.id}/webhook-secret`, ANONYMOUS)).status).toBe(401);
    });

    it('never shows the webhook to pages', async () => {
      const client = await createClient(t.dataSource, { webhookUrl: 'https://crm.example.com/h', webhookSecret: 'whsec_hidden' });
      const res = await t.api.get(`/api/clients/${client.id}`, PUBLIC_SHELL);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('whsec_hidden');
      expect(JSON.stringify(res.body)).not.toContain('crm.example.com');
    });
  });
});
