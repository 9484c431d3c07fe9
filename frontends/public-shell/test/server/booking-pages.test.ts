import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppointmentMessages, BookingMessages, type ClinicTracking, type ManagedAppointment, type PageContext } from '@hap/contracts';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import type { BookingLoader, LoadedPicker } from '../../server/booking-data';
import { readConfig } from '../../server/config';
import { TRACKING_ENTRY_SOURCE } from '../../server/page-sources';
import * as entryServer from '../../src/entry-server';
import { clinicBranding, pageTemplate } from '../helpers/pages';

/**
 * The booking pages over HTTP (docs/booking.md#pages), with the real SSR entry and stand-ins for
 * tenant and leads: which pages ask leads, what they show, and that they are never stored and
 * never tracked (their addresses carry the patient's tokens).
 */
const REF = '0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11';
const TRACKING: ClinicTracking = { googleAdsTagId: 'AW-123456789', googleAnalyticsId: 'G-ABC123XYZ', facebookPixelId: '1234567890', trackingEnabled: true, conversionTrackingEnabled: true };
const PICKER: LoadedPicker = {
  clientId: 2,
  serviceId: 17,
  timeZone: 'America/New_York',
  slots: [{ start: '2026-03-06T14:00:00.000Z', local: '2026-03-06T09:00:00.000-05:00' }],
  idempotencyKey: 'b1c2d3e4-0000-4000-8000-000000000001',
  leadToken: null,
};
const MANAGED: ManagedAppointment = {
  appointment: { id: 5, clientId: 2, serviceId: 17, start: '2026-03-06T14:00:00.000Z', end: '2026-03-06T14:30:00.000Z', status: 'booked' },
  clinicName: 'Apex Clinic',
  clinicPhone: '(303) 555-0100',
  timeZone: 'America/New_York',
  changeable: true,
};

let dist: string;
let app: FastifyInstance;
let client = clinicBranding({ bookingLink: null });
let pickerAnswer: Awaited<ReturnType<BookingLoader['picker']>>;
let appointmentAnswer: Awaited<ReturnType<BookingLoader['appointment']>>;
let pickerCalls: Array<{ clientId: number; serviceId: number; leadToken: string | null }>;
let appointmentCalls: Array<string | undefined>;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'public-shell-booking-'));
  mkdirSync(join(dist, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
  mkdirSync(join(dist, 'admin', 'assets', 'admin'), { recursive: true });
  // A build with the tracking script and the picker's own chunk and styles.
  writeFileSync(
    join(dist, 'client', '.vite', 'manifest.json'),
    JSON.stringify({
      [TRACKING_ENTRY_SOURCE]: { file: 'assets/tracking-xyz.js', isEntry: true, src: TRACKING_ENTRY_SOURCE },
      [entryServer.PICKER_MODULE]: { file: 'assets/SlotPicker-abc.js', src: entryServer.PICKER_MODULE, css: ['assets/SlotPicker-abc.css'] },
    }),
  );
  writeFileSync(join(dist, 'client', 'assets', 'SlotPicker-abc.css'), '.picker{display:block}');
  const booking: BookingLoader = {
    picker: async (clientId, serviceId, leadToken) => {
      pickerCalls.push({ clientId, serviceId, leadToken });
      return pickerAnswer.picker ? { ...pickerAnswer, picker: { ...pickerAnswer.picker, leadToken } } : pickerAnswer;
    },
    appointment: async (token) => {
      appointmentCalls.push(token);
      return appointmentAnswer;
    },
  };
  app = await buildServer(readConfig({ LOG_LEVEL: 'silent' }), {
    bundle: { ssr: entryServer, templates: { page: pageTemplate('/assets/index-abc.js'), admin: pageTemplate('/assets/admin/admin-def.js') } },
    dirs: { client: join(dist, 'client'), admin: join(dist, 'admin') },
    pageContext: async () => ({ context: { resolution: { clientId: 2, source: 'query' }, client, staff: [], tracking: TRACKING } satisfies PageContext }),
    pageContent: async () => ({ content: { services: [], landing: null } }),
    booking,
  });
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

beforeEach(() => {
  client = clinicBranding({ bookingLink: null });
  pickerAnswer = { picker: PICKER, open: true };
  appointmentAnswer = { appointment: MANAGED, problem: null };
  pickerCalls = [];
  appointmentCalls = [];
});

const configOf = (html: string) => JSON.parse(/<script type="application\/json" id="__HAP_CONFIG__">(.*?)<\/script>/.exec(html)![1]!) as { tracking?: object };

describe('GET /thanks with the lead’s service', () => {
  it('shows the picker of that service, with its styles inline and its chunk preloaded, never stored', async () => {
    const res = await app.inject({ url: `/thanks?client=2&ref=${REF}&service=17` });
    expect(res.statusCode).toBe(200);
    expect(pickerCalls).toEqual([{ clientId: 2, serviceId: 17, leadToken: null }]);
    expect(res.body).toContain('Reserve Your Appointment');
    expect(res.body).toContain('action="/api/bookings/form"');
    expect(res.body).toContain('<style>.picker{display:block}</style>');
    expect(res.body).toContain('/assets/SlotPicker-abc.js');
    expect(res.headers['cache-control']).toBe('no-store');
    // The thank-you page keeps its tracking (the Lead conversion); the pixel is kept off the service (tracking-rules.ts).
    expect(configOf(res.body).tracking).toBeDefined();
  });

  it('keeps a clinic’s own booking link, and says what happens next when leads has no free time or does not answer', async () => {
    client = clinicBranding({ bookingLink: 'https://booking.example.com/apex' });
    const linked = await app.inject({ url: `/thanks?client=2&ref=${REF}&service=17` });
    expect(linked.body).toContain('href="https://booking.example.com/apex"');
    expect(pickerCalls).toEqual([]);

    client = clinicBranding({ bookingLink: null });
    for (const answer of [{ picker: null, open: false }, { picker: null, open: null }]) {
      pickerAnswer = answer;
      const res = await app.inject({ url: `/thanks?client=2&ref=${REF}&service=17` });
      expect(res.body).toContain('What Happens Next');
      expect(res.body).not.toContain('SlotPicker-abc');
    }
    // No service in the address: leads is not asked.
    pickerCalls = [];
    await app.inject({ url: `/thanks?client=2&ref=${REF}` });
    expect(pickerCalls).toEqual([]);
  });
});

describe('GET /book', () => {
  it('the picker of the service for the lead of the link’s token; noindex, never stored, never tracked', async () => {
    const res = await app.inject({ url: '/book?client=2&service=17&token=12.2.mac' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-page="book"');
    expect(pickerCalls).toEqual([{ clientId: 2, serviceId: 17, leadToken: '12.2.mac' }]);
    expect(res.body).toContain('name="leadToken" value="12.2.mac"');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(configOf(res.body).tracking).toBeUndefined();
    expect(res.body).not.toContain('tracking-xyz');
    expect(res.headers['x-hap-page-tags']).toBe('');
  });

  it('a service nobody can book online says so with the clinic’s phone, and a clinic that books nothing online says that', async () => {
    pickerAnswer = { picker: null, open: false, closedReason: 'not_bookable' };
    const res = await app.inject({ url: '/book?client=2&service=17' });
    expect(res.body).toContain(BookingMessages.notBookable);
    expect(res.body).toMatch(/href="tel:/);
    pickerAnswer = { picker: null, open: false, closedReason: 'offline' };
    const offline = await app.inject({ url: '/book?client=2&service=17' });
    expect(offline.body).toContain(BookingMessages.offline);
    expect(offline.body).not.toContain(BookingMessages.notBookable);
  });
});

describe('GET /appointment', () => {
  it('the appointment of the link, in the clinic’s zone, with its changes; never stored, never tracked', async () => {
    const res = await app.inject({ url: '/appointment?client=2&token=link.token&booked=1' });
    expect(res.statusCode).toBe(200);
    expect(appointmentCalls).toEqual(['link.token']);
    expect(res.body).toContain('Your appointment is booked');
    expect(res.body).toContain('Fri, Mar 6 at 9:00 AM');
    expect(res.body).toContain('Change time');
    expect(res.body).toContain('Cancel appointment');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(configOf(res.body).tracking).toBeUndefined();
  });

  it('a used or invalid link says why, with the clinic’s phone', async () => {
    appointmentAnswer = { appointment: null, problem: AppointmentMessages.linkUsed };
    const res = await app.inject({ url: '/appointment?client=2&token=old.token' });
    expect(res.body).toContain('This link does not work');
    expect(res.body).toContain(AppointmentMessages.linkUsed.replace(/'/g, '&#x27;'));
    expect(res.body).toMatch(/href="tel:/);
  });
});
