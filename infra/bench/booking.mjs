#!/usr/bin/env node
/**
 * Booking under contention (npm run bench:booking, which builds the servers first).
 *
 * Starts the whole stack with the launcher (benchStack) on its own ports, a fresh PostgreSQL
 * database and Redis prefix (both removed afterwards). The seeded clinic 1 is given rules through
 * the gateway as the admin: every day 08:00–18:00 UTC, 30-minute consultations, one seat, so the day
 * three days ahead offers SLOTS (20) times. Then, all to 127.0.0.1 through the gateway:
 *   (1) PATIENTS (200) patients each send a lead (POST /api/leads), and when all have, press at once
 *       one of the day's times with the lead's booking token, PATIENTS / SLOTS on each time. Counted:
 *       bookings answered 201, losers answered 409 `SLOT_TAKEN` and whether each carried next times,
 *       and, in PostgreSQL, pairs of live appointments sharing a seat and time (the exclusion
 *       constraint's promise: 0).
 *   (2) the slots of the next 30 days of the clinic holding APPOINTMENTS (500) appointments in them
 *       (capacity 5, 08:00–20:00): REQUESTS requests, CONCURRENCY (1) at a time, p50 / p95 / p99.
 * Targets (issue): every slot booked once, 0 double, each 409 with the next times; slots p95 ≤ 100 ms.
 * The last line is `booking: N booked of N slots, D double, p95 X ms slots`.
 * A benchmark prints figures: a missed target exits non-zero only with --strict; errors (the stack
 * not starting, an unexpected answer) always do.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { percentile, printVerdicts } from './kit/figures.mjs';
import { benchStack, onInterrupt, portsFrom, requireBuilt, ROOT, runMain, STRICT } from './kit/stack.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { DateTime } = require('luxon');

const env = process.env;
const BASE_PORT = Number(env.BENCH_BOOKING_PORT ?? 18790);
const PATIENTS = Math.max(1, Number(env.BENCH_PATIENTS ?? 200));
const SLOTS = 20;
const APPOINTMENTS = Math.max(0, Number(env.BENCH_APPOINTMENTS ?? 500));
const REQUESTS = Math.max(20, Number(env.BENCH_REQUESTS ?? 200));
const CONCURRENCY = Math.max(1, Number(env.BENCH_CONCURRENCY ?? 1));
const CLINIC = 1;
const TARGET_SLOTS_P95_MS = 50;

requireBuilt(['gateway/dist/server.js', 'services/leads/dist/server.js', 'frontends/public-shell/dist/server/entry-server.js'], 'run npm run bench:booking (it builds first).');

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** Rules in UTC: `hours` every day, the dates in `closed` closed, the service of 30 minutes. */
const rules = (serviceId, { hours, closed, capacity }) => ({
  onlineBooking: true,
  timeZone: 'UTC',
  weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, [hours]])),
  closedDates: closed,
  services: [{ serviceId, bookable: true, lengthMinutes: 30 }],
  bufferMinutes: 0,
  minNoticeMinutes: 0,
  horizonDays: 10,
  capacity,
  confirmation: 'instant',
});

async function json(res) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return { text };
  }
}

async function login(stack, bench) {
  const res = await fetch(`${stack.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: stack.admin.email, password: bench.password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function putRules(stack, cookie, body) {
  const res = await fetch(`${stack.url}/api/clients/${CLINIC}/booking/availability`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`PUT availability answered ${res.status}: ${JSON.stringify(await json(res)).slice(0, 300)}`);
}

async function serviceIdOf(stack) {
  const body = await json(await fetch(`${stack.url}/api/page-content/${CLINIC}?service=trt`));
  const id = body?.data?.landing?.content?.service?.id;
  if (!Number.isInteger(id)) throw new Error(`clinic ${CLINIC} has no TRT service: ${JSON.stringify(body).slice(0, 300)}`);
  return id;
}

const slotsUrl = (stack, serviceId, from, to) => `${stack.url}/api/booking/slots?clientId=${CLINIC}&serviceId=${serviceId}&from=${from}&to=${to}`;

/** One patient: a lead, then one press on slot `n % SLOTS` of the day (so PATIENTS / SLOTS press each slot at once). */
async function patient(stack, serviceId, slots, n, tally) {
  const lead = await fetch(`${stack.url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${Math.floor(n / 250)}.${n % 250}` },
    body: JSON.stringify({ name: `Bench Patient ${n}`, email: `bench-${n}-${randomUUID().slice(0, 8)}@example.com`, phone: '(303) 555-0142', clientId: CLINIC, serviceId, consentVersion: 'lead-form-v1' }),
  });
  const receipt = await json(lead);
  if (lead.status !== 201 || !receipt.data?.bookingToken) throw new Error(`POST /api/leads answered ${lead.status}: ${JSON.stringify(receipt).slice(0, 300)}`);
  await tally.ready(); // every patient has sent their lead: now they press at once
  const start = slots[n % slots.length];
  const res = await fetch(`${stack.url}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: CLINIC, serviceId, start, idempotencyKey: randomUUID(), leadToken: receipt.data.bookingToken }),
  });
  const body = await json(res);
  if (res.status === 201) {
    tally.booked++;
    return;
  }
  if (res.status !== 409 || body.code !== 'SLOT_TAKEN') throw new Error(`POST /api/bookings answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  tally.taken++;
  if ((body.nextSlots ?? []).length > 0) tally.takenWithNext++;
}

/** A gate `count` callers pass together: each waits until all have arrived. */
function barrier(count) {
  let arrived = 0;
  let open;
  const opened = new Promise((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return opened;
  };
}

async function main() {
  const bench = await benchStack('booking');
  onInterrupt(() => bench.stop());
  const stop = async (code) => {
    await bench.stop().catch((err) => console.error(err));
    process.exit(code);
  };
  runMain(async () => {
    const stack = await bench.start({
      logDir: join(ROOT, '.data', 'bench', 'booking', 'logs'),
      ports: portsFrom(BASE_PORT),
      // Every patient comes from one machine here: the gateway's limits are off for the run.
      env: { RATE_LIMIT_PER_MINUTE: '0', LEAD_RATE_LIMIT_PER_MINUTE: '0', TRUST_PROXY: '127.0.0.1' },
    });
    const cookie = await login(stack, bench);
    const serviceId = await serviceIdOf(stack);

    // (1) Every day open 08:00–18:00 UTC, half-hour consultations, one seat: the day three days ahead offers 20 slots.
    const open = DateTime.utc().plus({ days: 3 }).startOf('day');
    await putRules(stack, cookie, rules(serviceId, { hours: { start: '08:00', end: '18:00' }, closed: [], capacity: 1 }));
    const day = { start: open.toISO(), end: open.plus({ days: 1 }).toISO() };
    const slots = (await json(await fetch(slotsUrl(stack, serviceId, day.start, day.end)))).data.slots.map((slot) => slot.start);
    if (slots.length !== SLOTS) throw new Error(`the day offers ${slots.length} slots, not ${SLOTS}`);

    const tally = { booked: 0, taken: 0, takenWithNext: 0, ready: barrier(PATIENTS) };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: PATIENTS }, (_, n) => patient(stack, serviceId, slots, n, tally)));
    const seconds = (performance.now() - t0) / 1000;

    const db = new Client({ connectionString: bench.databaseUrl });
    await db.connect();
    let rows;
    let double;
    try {
      ({ rows } = await db.query(`SELECT count(*)::int AS n, count(DISTINCT "lead_id")::int AS leads FROM "leads"."appointments" WHERE "client_id" = $1 AND "status" <> 'cancelled'`, [CLINIC]));
      ({
        rows: [double],
      } = await db.query(
        `SELECT count(*)::int AS n FROM "leads"."appointments" a JOIN "leads"."appointments" b
            ON a."client_id" = b."client_id" AND a."seat" = b."seat" AND a."id" < b."id"
           AND tstzrange(a."start_at", a."end_at") && tstzrange(b."start_at", b."end_at")
         WHERE a."client_id" = $1 AND a."status" <> 'cancelled' AND b."status" <> 'cancelled'`,
        [CLINIC],
      ));
    } finally {
      await db.end();
    }
    const stored = rows[0];
    console.log(`── ${PATIENTS} patients at once on ${SLOTS} slots (${PATIENTS / SLOTS} on each), through the gateway, ${seconds.toFixed(1)} s`);
    console.log(`  bookings answered 201            ${tally.booked}`);
    console.log(`  appointments stored (leads)      ${stored.n} (${stored.leads})`);
    const missingNext = tally.taken - tally.takenWithNext;
    console.log(`  409 SLOT_TAKEN                   ${tally.taken} (with next times ${tally.takenWithNext})`);
    console.log(`  pairs sharing a seat and time    ${double.n}`);

    // (2) The slots of 30 days with APPOINTMENTS appointments: every day open, five seats.
    await putRules(stack, cookie, { ...rules(serviceId, { hours: { start: '08:00', end: '20:00' }, closed: [], capacity: 5 }), horizonDays: 40 });
    const seedDb = new Client({ connectionString: bench.databaseUrl });
    await seedDb.connect();
    try {
      // From the day after (1)'s, 08:00–20:00, on seats 1–5: half-hour appointments at distinct (seat, time).
      await seedDb.query(
        `INSERT INTO "leads"."appointments" ("client_id", "service_id", "seat", "start_at", "end_at", "status", "idempotency_key")
         SELECT $1, $2, 1 + (n % 5), t, t + interval '30 minutes', 'booked', 'bench-' || n
           FROM generate_series(0, $3 - 1) AS n,
                LATERAL (SELECT date_trunc('day', now()) + interval '4 days' + ((n / 5) / 24) * interval '1 day' + interval '8 hours' + ((n / 5) % 24) * interval '30 minutes' AS t) AS s`,
        [CLINIC, serviceId, APPOINTMENTS],
      );
    } finally {
      await seedDb.end();
    }
    const from = DateTime.utc().plus({ days: 1 }).startOf('day');
    const window = slotsUrl(stack, serviceId, from.toISO(), from.plus({ days: 30 }).toISO());
    for (let i = 0; i < 5; i++) await (await fetch(window)).arrayBuffer();
    const times = [];
    let next = 0;
    let slotsCount = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          next++;
          const t = performance.now();
          const res = await fetch(window);
          const body = await json(res);
          times.push(performance.now() - t);
          if (res.status !== 200) throw new Error(`GET slots answered ${res.status}`);
          slotsCount = body.data.slots.length;
        }
      }),
    );
    times.sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p));
    console.log(`── GET /api/booking/slots, 30 days, ${APPOINTMENTS} appointments: ${REQUESTS} requests, ${CONCURRENCY} at a time (${slotsCount} free slots each)`);
    console.log(`  latency p50 / p95 / p99          ${p50.toFixed(1)} / ${p95.toFixed(1)} / ${p99.toFixed(1)} ms`);

    const passed = printVerdicts([
      [`every slot booked once (${tally.booked} of ${SLOTS})`, tally.booked === SLOTS && stored.n === SLOTS && stored.leads === SLOTS],
      [`no two appointments in one seat and time (${double.n})`, double.n === 0],
      [`every loser answered 409 with next times (${tally.taken} of ${PATIENTS - SLOTS}, ${missingNext} without)`, tally.taken === PATIENTS - SLOTS && missingNext === 0],
      [`slots p95 ≤ ${TARGET_SLOTS_P95_MS} ms (${p95.toFixed(1)} ms)`, p95 <= TARGET_SLOTS_P95_MS],
    ]);
    console.log(`booking: ${tally.booked} booked of ${SLOTS} slots, ${double.n} double, p95 ${p95.toFixed(1)} ms slots`);
    return passed || !STRICT;
  }, stop);
}

void main();
