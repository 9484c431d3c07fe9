import { uniqueClientId } from '@hap/test-kit/factories/templates';
import { UNREACHABLE_URL } from '@hap/test-kit/service-process';
import { START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';

/** The appointments table itself (docs/booking.md): the database refuses two live appointments in one seat and time. */
describe('booking storage: leads.appointments', () => {
  let t: TestLeads;

  beforeAll(async () => {
    t = await startLeads({ templatesUrl: UNREACHABLE_URL });
  }, START_TIMEOUT_MS);
  afterAll(async () => t?.close());

  let keys = 0;
  const insert = (clientId: number, seat: number, start: string, end: string, status = 'booked') =>
    t.dataSource.query(
      `INSERT INTO "leads"."appointments" ("client_id", "service_id", "seat", "start_at", "end_at", "status", "idempotency_key") VALUES ($1, 1, $2, $3, $4, $5, $6) RETURNING "id"`,
      [clientId, seat, start, end, status, `storage_${(keys += 1)}`],
    );
  const codeOf = async (work: Promise<unknown>) => work.then(() => 'ok', (err: { driverError?: { code?: string; constraint?: string } }) => `${err.driverError?.code} ${err.driverError?.constraint}`);

  it('refuses an overlapping live appointment in the same seat, and takes it in another seat, clinic or once the first is cancelled', async () => {
    const clientId = uniqueClientId();
    const [first] = (await insert(clientId, 1, '2030-01-07T09:00Z', '2030-01-07T10:00Z')) as Array<{ id: string }>;
    expect(await codeOf(insert(clientId, 1, '2030-01-07T09:30Z', '2030-01-07T10:30Z'))).toBe('23P01 appointments_seat_free');
    // Back to back is no overlap (ranges are [start, end)).
    expect(await codeOf(insert(clientId, 1, '2030-01-07T10:00Z', '2030-01-07T11:00Z'))).toBe('ok');
    expect(await codeOf(insert(clientId, 2, '2030-01-07T09:00Z', '2030-01-07T10:00Z'))).toBe('ok');
    expect(await codeOf(insert(uniqueClientId(), 1, '2030-01-07T09:00Z', '2030-01-07T10:00Z'))).toBe('ok');
    expect(await codeOf(insert(clientId, 3, '2030-01-07T09:00Z', '2030-01-07T09:30Z', 'cancelled'))).toBe('ok');
    expect(await codeOf(insert(clientId, 3, '2030-01-07T09:00Z', '2030-01-07T09:30Z', 'cancelled'))).toBe('ok');

    await t.dataSource.query(`UPDATE "leads"."appointments" SET "status" = 'cancelled' WHERE "id" = $1`, [first.id]);
    expect(await codeOf(insert(clientId, 1, '2030-01-07T09:00Z', '2030-01-07T09:30Z'))).toBe('ok');
  });

  it('refuses an unknown status, an end before the start, a seat below 1 and a key used twice by one clinic', async () => {
    const clientId = uniqueClientId();
    expect(await codeOf(insert(clientId, 1, '2030-01-08T09:00Z', '2030-01-08T10:00Z', 'maybe'))).toBe('23514 appointments_status_check');
    expect(await codeOf(insert(clientId, 1, '2030-01-08T10:00Z', '2030-01-08T09:00Z'))).toBe('23514 appointments_time_check');
    expect(await codeOf(insert(clientId, 0, '2030-01-08T09:00Z', '2030-01-08T10:00Z'))).toMatch(/^23514 /);
    const twice = `INSERT INTO "leads"."appointments" ("client_id", "service_id", "seat", "start_at", "end_at", "status", "idempotency_key") VALUES ($1, 1, $2, $3, $4, 'booked', 'same_key_1')`;
    expect(await codeOf(t.dataSource.query(twice, [clientId, 1, '2030-01-08T09:00Z', '2030-01-08T10:00Z']))).toBe('ok');
    expect(await codeOf(t.dataSource.query(twice, [clientId, 2, '2030-01-08T11:00Z', '2030-01-08T12:00Z']))).toBe('23505 appointments_idempotency_key');
    expect(await codeOf(t.dataSource.query(twice, [uniqueClientId(), 1, '2030-01-08T09:00Z', '2030-01-08T10:00Z']))).toBe('ok');
  });
});
