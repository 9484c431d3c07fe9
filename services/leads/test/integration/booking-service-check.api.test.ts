import { Messages } from '@hap/contracts';
import { ADMIN } from '@hap/service-kit/testing';
import { ANONYMOUS, START_TIMEOUT_MS, clinicWithServices, startLeads, type TestLeads } from '../helpers/app';

/** POST /api/bookings asks the real templates service whether the service is the clinic's and live (docs/booking.md#calls). */
describe('POST /api/bookings: the service is checked with templates', () => {
  let t: TestLeads;
  let clinic: Awaited<ReturnType<typeof clinicWithServices>>;
  /** Tomorrow plus two, 14:00 UTC: within the defaults' hours (9–12, 13–17 New York) on a weekday, else checked before the time. */
  const start = (() => {
    const day = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
    return `${day.toISOString().slice(0, 10)}T15:00:00.000Z`;
  })();

  beforeAll(async () => {
    t = await startLeads();
    clinic = await clinicWithServices(t.templates!);
  }, START_TIMEOUT_MS);
  afterAll(async () => t?.close());

  const book = (serviceId: number, key: string) => t.api.post('/api/bookings', ANONYMOUS).send({ clientId: clinic.clientId, serviceId, start, idempotencyKey: key });

  it("refuses a service that is not the clinic's (404) or not live (422), and books a live one", async () => {
    const unknown = await book(clinic.serviceId + 100_000, 'check_unknown_1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(Messages.leadServiceNotFound(clinic.serviceId + 100_000, clinic.clientId));
    const inactive = await book(clinic.inactiveServiceId, 'check_inactive_1');
    expect(inactive.status).toBe(422);
    expect(inactive.body.message).toBe(Messages.leadServiceInactive);

    const live = await book(clinic.serviceId, 'check_live_1');
    expect(live.status).toBe(201);
    expect(live.body.data).toMatchObject({ clientId: clinic.clientId, serviceId: clinic.serviceId, start, seat: 1, status: 'booked' });
    // The clinic's defaults: a 30-minute consultation.
    expect(Date.parse(live.body.data.end) - Date.parse(start)).toBe(30 * 60 * 1000);
    expect((await t.api.get(`/api/clients/${clinic.clientId}/booking/availability`, ADMIN)).body.data.updatedAt).toBeNull();
  });
});
