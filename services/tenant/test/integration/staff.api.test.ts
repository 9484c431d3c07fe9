import { StaffMemberSchema } from '@hap/contracts';
import { StaffMemberEntity } from '../../src/modules/staff-member/staff-member.entity';
import { ADMIN, ANONYMOUS, startTenant } from '../helpers/app';
import { auditRows, createClient, createStaffMember, uniq } from '../helpers/factories';
import { openTransaction } from '../helpers/locks';
import { sharedService } from '@hap/test-kit/shared-service';

describe('staff members API', () => {
  const t = sharedService(() => startTenant());

  const staffRepo = () => t.dataSource.getRepository(StaffMemberEntity);

  describe('GET /api/staff-members/client/:clientId', () => {
    it('lists the team by displayOrder, then id, for anonymous pages', async () => {
      const client = await createClient(t.dataSource);
      const third = await createStaffMember(t.dataSource, client.id, { displayOrder: 2 });
      const first = await createStaffMember(t.dataSource, client.id, { displayOrder: 0 });
      const secondA = await createStaffMember(t.dataSource, client.id, { displayOrder: 1 });
      const secondB = await createStaffMember(t.dataSource, client.id, { displayOrder: 1 });
      const other = await createClient(t.dataSource);
      await createStaffMember(t.dataSource, other.id);

      const res = await t.api.get(`/api/staff-members/client/${client.id}`, ANONYMOUS);

      expect(res.status).toBe(200);
      expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([first.id, secondA.id, secondB.id, third.id]);
      expect(StaffMemberSchema.strict().parse(res.body.data[0])).toMatchObject({ clientId: client.id, name: first.name });
    });

    it('answers 404 for a client that does not exist', async () => {
      const res = await t.api.get('/api/staff-members/client/987601');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Client 987601 was not found.');
    });

    it('answers 400 for a client id that is not a number', async () => {
      const res = await t.api.get('/api/staff-members/client/x1');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Client id must be a number');
    });
  });

  describe('POST /api/staff-members', () => {
    it('adds a staff member (displayOrder defaults to 0) and audits it', async () => {
      const client = await createClient(t.dataSource);
      const body = { clientId: client.id, name: `Dr. Ada ${uniq()}`, title: 'Physician', bio: '', imagePath: null };

      const res = await t.api.post('/api/staff-members', ADMIN).send(body);

      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ clientId: client.id, name: body.name, title: 'Physician', bio: null, displayOrder: 0 });
      expect(await staffRepo().countBy({ name: body.name })).toBe(1);
      const [audit] = await auditRows(t.dataSource, 'staff_member', res.body.data.id);
      expect(audit).toMatchObject({ action: 'create', actor_user_id: ADMIN.userId });
    });

    it('answers 404, not a database error, when the client does not exist', async () => {
      const name = `Nobody ${uniq()}`;
      const res = await t.api.post('/api/staff-members', ADMIN).send({ clientId: 987602, name });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Client 987602 was not found.' });
      expect(await staffRepo().countBy({ name })).toBe(0);
    });

    it('answers 400 with the spec messages and stores nothing', async () => {
      const client = await createClient(t.dataSource);
      const res = await t.api.post('/api/staff-members', ADMIN).send({ clientId: client.id, name: 'A', displayOrder: -1 });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'displayOrder', message: 'Display order must be 0 or more' },
      ]);
      expect(await staffRepo().countBy({ clientId: client.id })).toBe(0);
    });

    it('refuses anonymous callers', async () => {
      const client = await createClient(t.dataSource);
      const res = await t.api.post('/api/staff-members', ANONYMOUS).send({ clientId: client.id, name: 'Dr. Who' });
      expect(res.status).toBe(401);
      expect(await staffRepo().countBy({ clientId: client.id })).toBe(0);
    });
  });

  describe('PATCH /api/staff-members/:id', () => {
    it('changes the fields sent', async () => {
      const client = await createClient(t.dataSource);
      const member = await createStaffMember(t.dataSource, client.id, { bio: 'Old bio' });

      const res = await t.api.patch(`/api/staff-members/${member.id}`, ADMIN).send({ title: 'Medical Director', displayOrder: 3 });

      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: member.id, name: member.name, title: 'Medical Director', bio: 'Old bio', displayOrder: 3 });
      expect(await staffRepo().findOneByOrFail({ id: member.id })).toMatchObject({ title: 'Medical Director', displayOrder: 3 });
    });

    it('leaves the row alone on bad input', async () => {
      const client = await createClient(t.dataSource);
      const member = await createStaffMember(t.dataSource, client.id);
      const res = await t.api.patch(`/api/staff-members/${member.id}`, ADMIN).send({ name: ' ' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Name must be at least 2 characters');
      expect((await staffRepo().findOneByOrFail({ id: member.id })).name).toBe(member.name);
    });

    it('answers 404 for a missing staff member', async () => {
      const res = await t.api.patch('/api/staff-members/987603', ADMIN).send({ title: 'x' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Staff member 987603 was not found.');
    });

    it("answers the staff member's own 404 when it is deleted while the change waits", async () => {
      const client = await createClient(t.dataSource);
      const member = await createStaffMember(t.dataSource, client.id);
      const deleting = await openTransaction(t.dataSource);
      await deleting.query('DELETE FROM "tenant"."staff_members" WHERE "id" = $1', [member.id]);

      const patching = t.api.patch(`/api/staff-members/${member.id}`, ADMIN).send({ title: 'Late' }).then((r) => r);
      await deleting.waitUntilBlocking();
      await deleting.commit();
      const res = await patching;

      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: 'NOT_FOUND', message: `Staff member ${member.id} was not found.` });
      expect(await auditRows(t.dataSource, 'staff_member', member.id)).toEqual([]);
    });
  });

  describe('DELETE /api/staff-members/:id', () => {
    it('removes the staff member', async () => {
      const client = await createClient(t.dataSource);
      const member = await createStaffMember(t.dataSource, client.id);

      const res = await t.api.delete(`/api/staff-members/${member.id}`, ADMIN);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { id: member.id } });
      expect(await staffRepo().countBy({ id: member.id })).toBe(0);
      expect((await t.api.delete(`/api/staff-members/${member.id}`, ADMIN)).status).toBe(404);
    });

    it('answers 404 when another delete of the same member gets there first', async () => {
      const client = await createClient(t.dataSource);
      const member = await createStaffMember(t.dataSource, client.id);
      const deleting = await openTransaction(t.dataSource);
      await deleting.query('DELETE FROM "tenant"."staff_members" WHERE "id" = $1', [member.id]);

      const second = t.api.delete(`/api/staff-members/${member.id}`, ADMIN).then((r) => r);
      await deleting.waitUntilBlocking();
      await deleting.commit();
      const res = await second;

      expect(res.status).toBe(404);
      expect(res.body.message).toBe(`Staff member ${member.id} was not found.`);
    });
  });
});
