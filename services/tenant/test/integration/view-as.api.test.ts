import { Redis } from 'ioredis';
import { viewAsKey } from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { ADMIN, GATEWAY, startTenant, type TestTenant } from '../helpers/app';
import { auditRows, createClient, createClinicUser } from '../helpers/factories';

/** An admin signed in through the gateway: their session as its tag. */
const admin = (tag: string): Identity => ({ ...ADMIN, session: tag });

describe('the admin’s read-only view of a clinic', () => {
  let t: TestTenant;
  let redis: Redis;

  beforeAll(async () => {
    t = await startTenant();
    redis = new Redis(t.config.REDIS_URL);
  });
  afterAll(async () => {
    redis.disconnect();
    await t.close();
  });

  it('starts a view under the session’s tag, answers it, ends it, and audits both', async () => {
    const clinic = await createClient(t.dataSource);
    const tag = `tag-${clinic.id}`;

    const started = await t.api.post('/api/admin/view-as', admin(tag)).send({ clientId: clinic.id });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ clientId: clinic.id, clientName: clinic.name });
    expect(JSON.parse((await redis.get(viewAsKey(t.config.REDIS_PREFIX, tag)))!)).toMatchObject({ clientId: clinic.id });
    expect((await t.api.get('/api/admin/view-as', admin(tag))).body.data).toMatchObject({ clientId: clinic.id });
    expect((await t.api.get('/api/admin/view-as', admin('another-session'))).body.data).toBeNull();

    expect((await t.api.delete('/api/admin/view-as', admin(tag))).status).toBe(200);
    expect(await redis.get(viewAsKey(t.config.REDIS_PREFIX, tag))).toBeNull();
    expect((await auditRows(t.dataSource, 'view_as', clinic.id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('is 404 for no such clinic, 403 without an admin’s session and for a clinic user, and 400 without a clinic', async () => {
    const clinic = await createClient(t.dataSource);
    const owner = await createClinicUser(t.dataSource, clinic.id);
    const asOwner: Identity = { kind: 'clinic', userId: owner.id, email: owner.email, clientId: clinic.id, role: 'owner' };

    expect((await t.api.post('/api/admin/view-as', admin('t1')).send({ clientId: 99_999_999 })).status).toBe(404);
    expect((await t.api.post('/api/admin/view-as', GATEWAY).send({ clientId: clinic.id })).status).toBe(403);
    expect((await t.api.post('/api/admin/view-as', asOwner).send({ clientId: clinic.id })).status).toBe(403);
    expect((await t.api.post('/api/admin/view-as', admin('t1')).send({})).status).toBe(400);
    expect(await auditRows(t.dataSource, 'view_as', clinic.id)).toEqual([]);
  });

  it('refuses a viewing identity anything but a GET, even past the gateway (defence in depth)', async () => {
    const clinic = await createClient(t.dataSource);
    const viewing: Identity = { kind: 'clinic', userId: ADMIN.userId, email: ADMIN.email, clientId: clinic.id, role: 'front_desk', viewAs: true };

    expect((await t.api.get('/api/portal/profile', viewing)).status).toBe(200);
    const write = await t.api.patch('/api/portal/profile', viewing).send({ phone: '(303) 555-0100' });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('Read-only view: you are viewing this clinic as the agency.');
  });
});
