import request from 'supertest';
import { buildGateway } from '../helpers/gateway';
import { proxied, startUpstream, type Upstream } from '../helpers/upstream';

/** Booking's public rows (docs/booking.md) go to leads, anonymous, and leads' answers come back whole (a taken slot's nextSlots too). */
describe('gateway: booking rows reach leads', () => {
  let tenant: Upstream;
  let leads: Upstream;
  let gateway: ReturnType<typeof buildGateway>['app'];
  const taken = { success: false, code: 'SLOT_TAKEN', message: 'That time was just taken', nextSlots: [{ start: '2030-01-07T15:00:00.000Z', local: '2030-01-07T10:00:00.000-05:00' }] };

  beforeAll(async () => {
    tenant = await startUpstream();
    leads = await startUpstream({ answer: (req) => (req.method === 'POST' ? { status: 409, body: taken } : {}) });
    gateway = buildGateway({ TENANT_URL: tenant.url, LEADS_URL: leads.url }).app;
    await gateway.ready();
  });
  afterAll(async () => {
    await gateway?.close();
    await leads?.close();
    await tenant?.close();
  });

  it('forwards GET /api/booking/slots and POST /api/bookings to leads as anonymous calls', async () => {
    const slots = await request(gateway.server).get('/api/booking/slots?clientId=1&serviceId=2&from=2030-01-07T00:00:00Z&to=2030-01-08T00:00:00Z');
    expect(slots.status).toBe(200);
    const booking = await request(gateway.server).post('/api/bookings').send({ clientId: 1, serviceId: 2, start: '2030-01-07T14:00:00Z', idempotencyKey: 'gateway_booking_1' });
    expect(booking.status).toBe(409);
    expect(booking.body).toEqual(taken);
    expect(proxied(leads).map((r) => [r.method, r.url.split('?')[0], r.identity?.kind])).toEqual([
      ['GET', '/api/booking/slots', 'anonymous'],
      ['POST', '/api/bookings', 'anonymous'],
    ]);
    expect(proxied(tenant)).toEqual([]);
  });
});
