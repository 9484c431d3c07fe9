import { AuditPageSchema } from '@hap/contracts';
import { redactSecrets } from '@hap/service-kit';
import { ADMIN, ANONYMOUS, PUBLIC_SHELL, startTenant } from '../helpers/app';
import { createClient } from '../helpers/factories';
import { sharedService } from '@hap/test-kit/shared-service';

describe('GET /api/audit-log/tenant', () => {
  const t = sharedService(() => startTenant());

  it('lists a client update with before, after and the actor, newest first', async () => {
    const client = await createClient(t.dataSource);
    const patched = await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ phone: '(555) 101-2020' });
    expect(patched.status).toBe(200);

    const res = await t.api.get(`/api/audit-log/tenant?entity=client&entityId=${client.id}&action=update`, ADMIN);

    expect(res.status).toBe(200);
    const page = AuditPageSchema.parse(res.body.data);
    expect(page.total).toBe(1);
    const [entry] = page.items;
    expect(entry).toMatchObject({ service: 'tenant', action: 'update', entity: 'client', entityId: String(client.id), actorUserId: ADMIN.kind === 'admin' ? ADMIN.userId : null });
    expect(entry.changes.before).toMatchObject({ phone: client.phone });
    expect(entry.changes.after).toMatchObject({ phone: '(555) 101-2020' });
    expect(Date.parse(entry.createdAt)).not.toBeNaN();
  });

  it('filters and pages, newest first', async () => {
    const client = await createClient(t.dataSource);
    for (const phone of ['555-000-0001', '555-000-0002', '555-000-0003']) {
      expect((await t.api.patch(`/api/clients/${client.id}`, ADMIN).send({ phone })).status).toBe(200);
    }
    const first = await t.api.get(`/api/audit-log/tenant?entity=client&entityId=${client.id}&pageSize=2`, ADMIN);
    const second = await t.api.get(`/api/audit-log/tenant?entity=client&entityId=${client.id}&pageSize=2&page=2`, ADMIN);
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(3);
    expect(first.body.data.items.map((e: { changes: { after: { phone: string } } }) => e.changes.after.phone)).toEqual([
      '555-000-0003',
      '555-000-0002',
    ]);
    expect(second.body.data.items).toHaveLength(1);
    const future = await t.api.get(`/api/audit-log/tenant?entityId=${client.id}&from=2999-01-01T00:00:00Z`, ADMIN);
    expect(future.body.data).toMatchObject({ items: [], total: 0 });
  });

  it.each([
    ['pageSize=101'],
    ['page=0'],
    ['page=abc'],
    ['from=yesterday'],
    ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z'],
  ])('answers 400, never 5xx, to a bad query (%s)', async (query) => {
    const res = await t.api.get(`/api/audit-log/tenant?${query}`, ADMIN);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it.each([
    ['anonymous', ANONYMOUS],
    ['the public shell', PUBLIC_SHELL],
  ])('refuses a caller without an admin identity (%s)', async (_case, identity) => {
    const res = await t.api.get('/api/audit-log/tenant', identity);
    expect(res.status).toBe(401);
  });

  it('never shows a secret, a token or a password hash', async () => {
    expect(
      redactSecrets({ phone: '1', webhookSecret: 'whsec_x', passwordHash: '$argon2id$x', nested: { accessToken: 't', name: 'n' } }),
    ).toEqual({ phone: '1', webhookSecret: '[redacted]', passwordHash: '[redacted]', nested: { accessToken: '[redacted]', name: 'n' } });
  });
});
