import { AuditPageSchema, NUL_MESSAGE } from '@hap/contracts';
import { ADMIN, ANONYMOUS, startTenant } from '../helpers/app';
import { sharedService } from '@hap/test-kit/shared-service';

// A NUL in a query parameter or a path segment used to reach PostgreSQL (or the disk) and come back as a 500.
describe('a NUL in the address (%00), on any route', () => {
  const t = sharedService(() => startTenant());

  it.each([
    ['entity=%00', 'entity'],
    ['entityId=1%00', 'entityId'],
    ['entity=client&action=up%00date', 'action'],
  ])('answers the audit-log filters 400 with the NUL message (%s)', async (query, field) => {
    const res = await t.api.get(`/api/audit-log/tenant?${query}`, ADMIN);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: 'VALIDATION_FAILED', message: NUL_MESSAGE, issues: [{ path: field, message: NUL_MESSAGE }] });
  });

  it('answers a public route 400 too, for its path and its query', async () => {
    const upload = await t.api.get('/uploads/logo%00.png', ANONYMOUS);
    expect(upload.status).toBe(400);
    expect(upload.body).toEqual({ success: false, code: 'VALIDATION_FAILED', message: NUL_MESSAGE, issues: [{ path: 'path', message: NUL_MESSAGE }] });

    const context = await t.api.get('/api/page-context?host=localhost&session=%00', ANONYMOUS);
    expect(context.status).toBe(400);
    expect(context.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'session', message: NUL_MESSAGE }] });
  });

  it('still answers the same filters without the NUL, and a %2500 (an escaped percent sign) is no NUL', async () => {
    const res = await t.api.get('/api/audit-log/tenant?entity=client%2500', ADMIN);
    expect(res.status).toBe(200);
    expect(AuditPageSchema.parse(res.body.data)).toMatchObject({ items: [], total: 0 });
  });
});
