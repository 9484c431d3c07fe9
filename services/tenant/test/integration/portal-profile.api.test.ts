import {
  AuditPageSchema,
  buildPath,
  ClientSchema,
  MAX_UPLOAD_BYTES,
  Messages,
  PortalMessages,
  PortalProfileSchema,
  routesOf,
  StaffMemberSchema,
  UploadResultSchema,
} from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { ClientEntity } from '../../src/modules/client/client.entity';
import { StaffMemberEntity } from '../../src/modules/staff-member/staff-member.entity';
import { ADMIN, ANONYMOUS, GATEWAY, startTenant, type TestTenant } from '../helpers/app';
import { createClient, createStaffMember, uniq } from '../helpers/factories';
import { storedFiles } from '../helpers/files';
import { pngBytes } from '@hap/test-kit/fixtures/images';

/**
 * The clinic portal's Profile, team and uploads through the
 * real tenant app and PostgreSQL: two clinics, their users signed as the
 * gateway signs a clinic session. The clinic is the identity's, never a
 * parameter; the admin's rules and words; another clinic's member is 404.
 */
describe('clinic portal: /api/portal/profile, /api/portal/team, /api/portal/uploads (clinic)', () => {
  let t: TestTenant;
  let a: ClientEntity;
  let b: ClientEntity;
  let ownerA: Identity;
  let staffA: Identity;
  let ownerB: Identity;

  const clientRow = (id: number) => t.dataSource.getRepository(ClientEntity).findOneByOrFail({ id });
  const memberRow = (id: number) => t.dataSource.getRepository(StaffMemberEntity).findOneBy({ id });
  const auditOf = async (entity: string, id: number) =>
    AuditPageSchema.parse((await t.api.get(`/api/audit-log/tenant?entity=${entity}&entityId=${id}`, ADMIN)).body.data).items;
  const uploadAs = (identity: Identity, bytes: Buffer, filename = 'logo.png') =>
    t.api.post('/api/portal/uploads', identity).attach('image', bytes, { filename, contentType: 'image/png' });

  beforeAll(async () => {
    t = await startTenant();
    a = await createClient(t.dataSource, {
      name: `Alpine Vitality ${uniq()}`,
      domain: 'WWW.Alpine-Vitality.example',
      logoPath: 'https://cdn.agency.example/alpine-logo.png',
      googleAdsAccountId: '3456789012',
      webhookUrl: 'https://hooks.example.com/alpine',
      webhookSecret: 'whsec_alpine',
    });
    // Its pages are live on its domain once that is active (custom domains): what the profile links to.
    await t.dataSource.query(
      `INSERT INTO "tenant"."client_domains" ("client_id", "domain", "status", "token", "check_until", "verified_at", "certificate_at", "activated_at")
       VALUES ($1, 'www.alpine-vitality.example', 'active', 'test-token', now(), now(), now(), now())`,
      [a.id],
    );
    b = await createClient(t.dataSource, { name: `Boulder Men’s Health ${uniq()}` });
    ownerA = { kind: 'clinic', userId: 92_001, email: 'olivia@alpine.test', name: 'Olivia Owner', clientId: a.id, role: 'owner' };
    staffA = { kind: 'clinic', userId: 92_002, email: 'sam@alpine.test', name: 'Sam Staff', clientId: a.id, role: 'front_desk' };
    ownerB = { kind: 'clinic', userId: 92_003, email: 'bo@boulder.test', name: 'Bo Owner', clientId: b.id, role: 'owner' };
  });
  afterAll(() => t.close());

  describe('GET /api/portal/profile', () => {
    it('answers the caller’s clinic’s contact details, images as URLs and its domain as a link, to owner and staff, and nothing of the agency’s', async () => {
      for (const identity of [ownerA, staffA]) {
        const res = await t.api.get('/api/portal/profile', identity);
        expect(res.status).toBe(200);
        const profile = PortalProfileSchema.strict().parse(res.body.data);
        expect(profile).toMatchObject({
          id: a.id,
          name: a.name,
          phone: a.phone,
          email: a.email,
          address: a.address,
          logoPath: a.logoPath,
          logoUrl: a.logoPath,
          officeImageUrl: null,
          domain: { host: 'www.alpine-vitality.example', url: 'https://www.alpine-vitality.example/' },
          editable: true,
          editableFields: ['name', 'phone', 'email', 'address', 'logoPath', 'officeImagePath'],
        });
        for (const key of ['googleAdsAccountId', 'webhookUrl', 'webhookSecret', 'ghlSubaccountId', 'googleAdsTagId', 'portalProfileEditable']) {
          expect(res.body.data).not.toHaveProperty(key);
        }
      }
      const theirs = PortalProfileSchema.parse((await t.api.get('/api/portal/profile', ownerB)).body.data);
      expect(theirs).toMatchObject({ id: b.id, name: b.name, domain: null, logoUrl: null });
    });
  });

  describe('PATCH /api/portal/profile', () => {
    it('the owner changes the clinic’s contact details, audited with their name; the admin sees the change', async () => {
      const res = await t.api.patch('/api/portal/profile', ownerA).send({ phone: '(303) 555-0199', address: '9 Summit Ave, Boulder, CO 80302' });
      expect(res.status).toBe(200);
      expect(PortalProfileSchema.parse(res.body.data)).toMatchObject({ id: a.id, phone: '(303) 555-0199', address: '9 Summit Ave, Boulder, CO 80302' });

      const admin = ClientSchema.parse((await t.api.get(`/api/clients/${a.id}`, ADMIN)).body.data);
      expect(admin).toMatchObject({ phone: '(303) 555-0199', googleAdsAccountId: '3456789012', webhookUrl: 'https://hooks.example.com/alpine' });
      expect((await auditOf('client', a.id))[0]).toMatchObject({
        action: 'update',
        actorUserId: 92_001,
        actorEmail: 'olivia@alpine.test',
        names: { actor: 'olivia@alpine.test', actorName: 'Olivia Owner', actorRole: 'clinic owner' },
        changes: { before: { phone: a.phone, address: a.address }, after: { phone: '(303) 555-0199', address: '9 Summit Ave, Boulder, CO 80302' } },
      });
      // Clinic B is untouched.
      expect((await clientRow(b.id)).phone).toBe(b.phone);
    });

    it('refuses fields a clinic may not change with 400 naming them, beside the admin’s own field rules; nothing changes', async () => {
      const before = await clientRow(a.id);
      const res = await t.api
        .patch('/api/portal/profile', ownerA)
        .send({ phone: '12', domain: 'evil.example', googleAdsAccountId: '111-222-3333', webhookUrl: 'https://evil.example/hook', portalProfileEditable: true });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.issues).toEqual(
        expect.arrayContaining([
          { path: 'phone', message: 'Phone number is required' },
          expect.objectContaining({ message: PortalMessages.notEditable(['domain', 'googleAdsAccountId', 'webhookUrl', 'portalProfileEditable']) }),
        ]),
      );
      const only = await t.api.patch('/api/portal/profile', ownerA).send({ trackingEnabled: false });
      expect(only.status).toBe(400);
      expect(JSON.stringify(only.body)).toContain('trackingEnabled is managed by your agency and cannot be changed from the clinic portal.');
      expect((await t.api.patch('/api/portal/profile', ownerA).send({})).status).toBe(400);
      expect(await clientRow(a.id)).toEqual(before);
    });

    it('staff may read but not change the profile: 403, nothing changes', async () => {
      const res = await t.api.patch('/api/portal/profile', staffA).send({ name: 'Sam’s Clinic' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(Messages.notClinicOwner);
      expect((await clientRow(a.id)).name).toBe(a.name);
    });

    it('takes only images uploaded here: another host’s image is 400, the agency’s unchanged value and clearing are fine', async () => {
      const external = await t.api.patch('/api/portal/profile', ownerA).send({ officeImagePath: 'https://tracker.example/pixel.png' });
      expect(external.status).toBe(400);
      expect(external.body.issues).toEqual([{ path: 'officeImagePath', message: PortalMessages.uploadedImageOnly }]);

      const uploaded = UploadResultSchema.parse((await uploadAs(ownerA, pngBytes(6))).body.data);
      expect(uploaded.path).toMatch(new RegExp(`^/uploads/clinic-${a.id}/[0-9a-f]{32}\\.6x6\\.png$`));
      const res = await t.api.patch('/api/portal/profile', ownerA).send({ officeImagePath: uploaded.path, logoPath: a.logoPath });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ officeImagePath: uploaded.path, officeImageUrl: uploaded.path, logoPath: a.logoPath });
      expect((await t.api.get(uploaded.path)).status).toBe(200);

      const cleared = await t.api.patch('/api/portal/profile', ownerA).send({ officeImagePath: null });
      expect(cleared.body.data).toMatchObject({ officeImagePath: null, officeImageUrl: null });
    });

    it('the agency’s switch: with portalProfileEditable off the owner reads a locked profile and every write is 403 in words', async () => {
      const locked = await createClient(t.dataSource, { name: `Locked Clinic ${uniq()}` });
      const owner: Identity = { kind: 'clinic', userId: 92_010, email: 'lee@locked.test', name: 'Lee Owner', clientId: locked.id, role: 'owner' };
      const member = await createStaffMember(t.dataSource, locked.id);
      expect((await t.api.patch(`/api/clients/${locked.id}`, ADMIN).send({ portalProfileEditable: false })).body.data).toMatchObject({ portalProfileEditable: false });

      expect((await t.api.get('/api/portal/profile', owner)).body.data).toMatchObject({ editable: false, name: locked.name });
      const writes = [
        t.api.patch('/api/portal/profile', owner).send({ phone: '(720) 555-0100' }),
        t.api.post('/api/portal/team', owner).send({ name: 'Dr. New' }),
        t.api.patch(`/api/portal/team/${member.id}`, owner).send({ title: 'Boss' }),
        t.api.delete(`/api/portal/team/${member.id}`, owner),
        uploadAs(owner, pngBytes(2)),
      ];
      for (const res of await Promise.all(writes)) {
        expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: PortalMessages.profileLocked });
      }
      expect(await clientRow(locked.id)).toMatchObject({ phone: locked.phone });
      expect(await memberRow(member.id)).toMatchObject({ title: member.title });
      expect(await t.dataSource.getRepository(StaffMemberEntity).countBy({ clientId: locked.id })).toBe(1);

      // The agency turns it back on.
      await t.api.patch(`/api/clients/${locked.id}`, ADMIN).send({ portalProfileEditable: true });
      expect((await t.api.patch('/api/portal/profile', owner).send({ phone: '(720) 555-0100' })).status).toBe(200);
    });
  });

  describe('POST /api/portal/uploads', () => {
    it('the owner uploads by the admin uploader’s rules and words; staff are refused before a byte is stored', async () => {
      const before = await storedFiles(t.uploadDir);
      const staff = await uploadAs(staffA, pngBytes(2));
      expect(staff.status).toBe(403);
      expect(staff.body.message).toBe(Messages.notClinicOwner);

      const text = await uploadAs(ownerA, Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png');
      expect(text.status).toBe(415);
      expect(text.body).toEqual({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: Messages.invalidFileType });

      const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
      pngBytes().copy(big);
      const oversize = await uploadAs(ownerA, big, 'big.png');
      expect(oversize.status).toBe(413);
      expect(oversize.body).toEqual({ success: false, code: 'PAYLOAD_TOO_LARGE', message: Messages.fileTooLarge });

      const none = await t.api.post('/api/portal/uploads', ownerA).field('folder', 'images');
      expect(none.status).toBe(400);
      expect(none.body).toMatchObject({ code: 'NO_FILE' });
      expect(await storedFiles(t.uploadDir)).toEqual(before);

      // The form's folder is ignored: the clinic's own.
      const ok = await t.api.post('/api/portal/uploads', ownerB).field('folder', `clinic-${a.id}`).attach('image', pngBytes(4), { filename: 'team.png', contentType: 'image/png' });
      expect(ok.status).toBe(201);
      expect(ok.body.data.path).toMatch(new RegExp(`^/uploads/clinic-${b.id}/`));
    });

    it('answers a malformed or truncated form as the admin uploader does: 400 in its words, nothing kept', async () => {
      const boundary = 'x-boundary-42';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
      const bodies: Array<[string, Buffer | string]> = [
        [`multipart/form-data; boundary=${boundary}`, Buffer.concat([Buffer.from(head), pngBytes(8)])],
        ['multipart/form-data; boundary=x', 'garbage'],
        ['multipart/form-data', `--x\r\nContent-Disposition: form-data; name="folder"\r\n\r\nimages\r\n--x--\r\n`],
      ];
      const before = await storedFiles(t.uploadDir);
      for (const [contentType, body] of bodies) {
        const portal = await t.api.post('/api/portal/uploads', ownerA).set('Content-Type', contentType).send(body);
        const admin = await t.api.post('/api/upload', ADMIN).set('Content-Type', contentType).send(body);
        expect({ status: portal.status, body: portal.body }).toEqual({ status: 400, body: { success: false, code: 'BAD_REQUEST', message: Messages.invalidMultipart } });
        expect({ status: admin.status, body: admin.body }).toEqual({ status: portal.status, body: portal.body });
      }
      expect(await storedFiles(t.uploadDir)).toEqual(before);
    });
  });

  describe('/api/portal/team', () => {
    it('GET lists only the caller’s clinic’s team, in display order, to owner and staff', async () => {
      const second = await createStaffMember(t.dataSource, a.id, { displayOrder: 2 });
      const first = await createStaffMember(t.dataSource, a.id, { displayOrder: 1 });
      await createStaffMember(t.dataSource, b.id);
      for (const identity of [ownerA, staffA]) {
        const res = await t.api.get('/api/portal/team', identity);
        expect(res.status).toBe(200);
        const team = res.body.data.map((m: unknown) => StaffMemberSchema.parse(m));
        expect(team.every((m: { clientId: number }) => m.clientId === a.id)).toBe(true);
        const ids = team.map((m: { id: number }) => m.id);
        expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      }
    });

    it('the owner adds, changes and removes members of their own clinic by the admin’s rules, audited with their name', async () => {
      // A clientId in the body is not the clinic: the identity's is.
      const created = await t.api.post('/api/portal/team', ownerA).send({ clientId: b.id, name: 'Dr. Maya Lin', title: 'Medical Director', displayOrder: 3 });
      expect(created.status).toBe(201);
      const member = StaffMemberSchema.parse(created.body.data);
      expect(member).toMatchObject({ clientId: a.id, name: 'Dr. Maya Lin', title: 'Medical Director', displayOrder: 3 });

      const bad = await t.api.post('/api/portal/team', ownerA).send({ name: 'A', displayOrder: -1 });
      expect(bad.status).toBe(400);
      expect(bad.body.issues).toEqual([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'displayOrder', message: 'Display order must be 0 or more' },
      ]);
      const external = await t.api.post('/api/portal/team', ownerA).send({ name: 'Dr. Pixel', imagePath: 'https://tracker.example/p.png' });
      expect(external.status).toBe(400);
      expect(external.body.issues).toEqual([{ path: 'imagePath', message: PortalMessages.uploadedImageOnly }]);

      const photo = UploadResultSchema.parse((await uploadAs(ownerA, pngBytes(8), 'maya.png')).body.data);
      const changed = await t.api.patch(`/api/portal/team/${member.id}`, ownerA).send({ title: 'Lead Physician', imagePath: photo.path });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({ id: member.id, title: 'Lead Physician', imagePath: photo.path });

      const staff = await t.api.patch(`/api/portal/team/${member.id}`, staffA).send({ title: 'Nope' });
      expect(staff.status).toBe(403);
      expect((await t.api.delete(`/api/portal/team/${member.id}`, staffA)).status).toBe(403);
      expect((await t.api.post('/api/portal/team', staffA).send({ name: 'Dr. Staff' })).status).toBe(403);

      const removed = await t.api.delete(`/api/portal/team/${member.id}`, ownerA);
      expect(removed.status).toBe(200);
      expect(removed.body.data).toEqual({ id: member.id });
      expect(await memberRow(member.id)).toBeNull();

      const log = await auditOf('staff_member', member.id);
      expect(log.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
      expect(log.every((entry) => entry.names?.actorName === 'Olivia Owner' && entry.actorUserId === 92_001)).toBe(true);
    });

    it('another clinic’s member is 404 for a change or a removal, and stays as it was', async () => {
      const theirs = await createStaffMember(t.dataSource, b.id, { title: 'Nurse' });
      const changed = await t.api.patch(`/api/portal/team/${theirs.id}`, ownerA).send({ title: 'Hijacked', imagePath: 'https://tracker.example/p.png' });
      expect(changed.status).toBe(404);
      expect(changed.body).toMatchObject({ code: 'NOT_FOUND', message: Messages.staffMemberNotFound(theirs.id) });
      const removed = await t.api.delete(`/api/portal/team/${theirs.id}`, ownerA);
      expect(removed.status).toBe(404);
      expect(removed.body.message).toBe(Messages.staffMemberNotFound(theirs.id));
      expect(await memberRow(theirs.id)).toMatchObject({ clientId: b.id, title: 'Nurse' });
      expect(await auditOf('staff_member', theirs.id)).toEqual([]);
      // Their own owner still can.
      expect((await t.api.patch(`/api/portal/team/${theirs.id}`, ownerB).send({ title: 'Head Nurse' })).status).toBe(200);
    });
  });

  describe('who may call what', () => {
    const call = (method: string, path: string, identity: Identity) => {
      // Every path parameter (`:id`, `:userId`…) filled with 1.
      const params = Object.fromEntries([...path.matchAll(/:(\w+)/g)].map((m) => [m[1], 1]));
      const url = buildPath(path, Object.keys(params).length ? params : undefined);
      const sent = t.api[method.toLowerCase() as 'get' | 'patch' | 'post' | 'delete'](url, identity);
      return method === 'GET' || method === 'DELETE' ? sent : sent.send({});
    };

    it('every clinic row of tenant: 401 for nobody, 403 for an admin or a backend service', async () => {
      const clinicRows = routesOf('tenant').filter((row) => row.access === 'clinic');
      expect(clinicRows.map((row) => row.operation)).toEqual(
        expect.arrayContaining(['getPortalProfile', 'updatePortalProfile', 'uploadPortalImage', 'listPortalTeam', 'createPortalTeamMember', 'updatePortalTeamMember', 'deletePortalTeamMember']),
      );
      for (const row of clinicRows) {
        expect({ row: row.operation, status: (await call(row.method, row.path, ANONYMOUS)).status }).toEqual({ row: row.operation, status: 401 });
        for (const identity of [ADMIN, GATEWAY]) {
          const res = await call(row.method, row.path, identity);
          expect({ row: row.operation, status: res.status, message: res.body.message }).toEqual({ row: row.operation, status: 403, message: Messages.notClinicUser });
        }
      }
    });

    it('the admin’s client, staff and upload rows stay 403 for a clinic owner', async () => {
      const member = await createStaffMember(t.dataSource, a.id);
      const tries = [
        t.api.patch(`/api/clients/${a.id}`, ownerA).send({ portalProfileEditable: true }),
        t.api.patch(`/api/staff-members/${member.id}`, ownerA).send({ title: 'x' }),
        t.api.post('/api/staff-members', ownerA).send({ clientId: a.id, name: 'Dr. Side Door' }),
        t.api.post('/api/upload', ownerA).attach('image', pngBytes(2), { filename: 'a.png', contentType: 'image/png' }),
      ];
      for (const res of await Promise.all(tries)) expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: Messages.notAdmin });
    });
  });
});
