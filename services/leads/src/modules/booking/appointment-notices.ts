import { appointmentPath, DEFAULT_AVAILABILITY, escapeHtml, type QueuePayload } from '@hap/contracts';
import { createQueue, signAppointmentLink, startPolling, type JobQueue, type Mail, type Mailer, type QueueRedis } from '@hap/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import type { DataSource } from 'typeorm';
import type { TenantClient } from '../../clients/tenant.client';
import { patientCalendar } from './appointment-ics';
import { AppointmentRepository, BookingRepository, type AppointmentChange, type AppointmentWithLeadRow } from './booking.repository';

/**
 * What a patient hears of their appointment (docs/booking.md#changes): an e-mail for each version (booked,
 * moved, confirmed, cancelled) with its `.ics` and a link to change or cancel it, and reminders 24 h and 2 h
 * before. Each is a `leads.appointment-notice` job; a change's job is queued when the change commits and again
 * by the worker's sweep while the row's `notified_version` is behind (the outbox is the row itself), and the
 * job of a version that is no longer the row's sends nothing, so a moved or cancelled appointment's reminders
 * never go. The words are the clinic's: its name as the sender, its address for replies; no service or health
 * detail in a subject or the first line (docs/booking.md#notices).
 */

export type NoticeKind = AppointmentChange | 'pending' | 'reminder-24h' | 'reminder-2h';

export interface AppointmentMailInput {
  kind: NoticeKind;
  to: string;
  patientName: string;
  clinic: { name: string; email: string | null; phone: string | null };
  start: Date;
  end: Date;
  timeZone: string;
  /** The page to change or cancel it; null once cancelled. */
  manageUrl: string | null;
  /** The `.ics` (absent on reminders). */
  ics: string | null;
}

/** 'Tuesday 8 December 2026 at 2:00 PM EST' in the clinic's zone. */
export const whenOf = (start: Date, timeZone: string) => DateTime.fromJSDate(start, { zone: timeZone }).setLocale('en-US').toFormat("cccc d LLLL yyyy 'at' h:mm a ZZZZ");
const timeOf = (start: Date, timeZone: string) => DateTime.fromJSDate(start, { zone: timeZone }).setLocale('en-US').toFormat('h:mm a ZZZZ');

const SUBJECTS: Record<NoticeKind, (clinic: string, when: string, time: string) => string> = {
  booked: (clinic, when) => `Your appointment at ${clinic} is booked: ${when}`,
  pending: (clinic, when) => `Your appointment request at ${clinic}: ${when}`,
  confirmed: (clinic, when) => `Your appointment at ${clinic} is confirmed: ${when}`,
  moved: (clinic, when) => `Your appointment at ${clinic} has moved to ${when}`,
  cancelled: (clinic) => `Your appointment at ${clinic} is cancelled`,
  'reminder-24h': (clinic, _when, time) => `Reminder: your appointment at ${clinic} tomorrow at ${time}`,
  'reminder-2h': (clinic, _when, time) => `Reminder: your appointment at ${clinic} today at ${time}`,
};

const LEADS: Record<NoticeKind, (when: string) => string> = {
  booked: (when) => `Your appointment is booked for ${when}.`,
  pending: (when) => `We have your request for ${when}. The clinic will confirm it shortly; we will e-mail you when it does.`,
  confirmed: (when) => `The clinic has confirmed your appointment for ${when}.`,
  moved: (when) => `Your appointment is now on ${when}. The earlier time is released.`,
  cancelled: (when) => `Your appointment of ${when} is cancelled. You can book a new time whenever you like.`,
  'reminder-24h': (when) => `A reminder of your appointment on ${when}.`,
  'reminder-2h': (when) => `A reminder of your appointment on ${when}.`,
};

/** The patient's e-mail of one notice. Pure (unit-tested). */
export function appointmentEmail(input: AppointmentMailInput): Mail & { fromName: string } {
  const when = whenOf(input.start, input.timeZone);
  const subject = SUBJECTS[input.kind](input.clinic.name, when, timeOf(input.start, input.timeZone));
  const lines = [
    `Hello ${input.patientName},`,
    '',
    LEADS[input.kind](when),
    '',
    input.clinic.phone ? `Questions? Call ${input.clinic.name} on ${input.clinic.phone}.` : `Questions? Reply to this e-mail.`,
    ...(input.manageUrl ? ['', `Need to change or cancel? ${input.manageUrl}`] : []),
    '',
    input.clinic.name,
  ];
  const link = input.manageUrl
    ? `<p><a href="${escapeHtml(input.manageUrl)}" style="display:inline-block;padding:10px 18px;background:#1f6f8b;color:#fff;border-radius:6px;text-decoration:none">Change or cancel</a></p>`
    : '';
  return {
    to: input.to,
    fromName: input.clinic.name,
    ...(input.clinic.email ? { replyTo: input.clinic.email } : {}),
    subject,
    text: lines.join('\n'),
    html:
      `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">` +
      `<p>${escapeHtml(lines[0])}</p><p><strong>${escapeHtml(LEADS[input.kind](when))}</strong></p>` +
      `<p>${escapeHtml(lines[4])}</p>${link}<p>${escapeHtml(input.clinic.name)}</p></body></html>`,
    ...(input.ics
      ? { attachments: [{ filename: 'appointment.ics', content: input.ics, contentType: `text/calendar; charset=utf-8; method=${input.kind === 'cancelled' ? 'CANCEL' : 'REQUEST'}` }] }
      : {}),
  };
}

/** The patient's page to change or cancel this version (`?client=` names the clinic on hosts that are not its own). */
export function manageUrlOf(origin: string, secret: string, row: Pick<AppointmentWithLeadRow, 'id' | 'version' | 'end_at' | 'client_id'>): string {
  const token = signAppointmentLink(secret, { appointmentId: Number(row.id), version: row.version, expires: Math.floor(new Date(row.end_at).getTime() / 1000) });
  return `${origin}${appointmentPath(row.client_id, token)}`;
}

/** Queues the e-mail of the row's latest version; a failure is logged, and the worker's sweep sends it later. */
export async function queueNotice(
  notices: Pick<JobQueue<'leads.appointment-notice'>, 'add'> | null,
  row: { id: string | number; version: number },
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  if (!notices) return;
  try {
    await notices.add({ appointmentId: Number(row.id), version: row.version, notice: 'change' });
  } catch (err) {
    log.warn({ err, appointmentId: row.id }, 'appointment e-mail not queued: the worker’s sweep sends it');
  }
}

export interface NoticeDependencies {
  dataSource: DataSource;
  mailer: Mailer | null;
  tenant: Pick<TenantClient, 'clinic'>;
  /** Where reminders are queued (delayed jobs). */
  notices: Pick<JobQueue<'leads.appointment-notice'>, 'add'>;
  /** PUBLIC_BASE_URL: the origin of the patient's links. */
  origin: string;
  internalSecret: string;
  now?: () => Date;
}

const REMINDERS = [
  { notice: 'reminder-24h', beforeMs: 24 * 3600_000 },
  { notice: 'reminder-2h', beforeMs: 2 * 3600_000 },
] as const;

/** The `leads.appointment-notice` job: one e-mail of one version, or one reminder; anything stale sends nothing. */
export function createAppointmentNoticeHandler(deps: NoticeDependencies) {
  const appointments = new AppointmentRepository(deps.dataSource);
  const booking = new BookingRepository(deps.dataSource);
  const now = deps.now ?? (() => new Date());
  return async (payload: QueuePayload<'leads.appointment-notice'>): Promise<string> => {
    const row = await appointments.byId(payload.appointmentId);
    if (!row || row.version !== payload.version) return 'stale: the appointment changed or is gone';
    const change = payload.notice === 'change';
    if (change && row.notified_version >= row.version) return 'already sent';
    const live = row.status === 'booked' || row.status === 'pending';
    if (!change && (!live || new Date(row.start_at).getTime() <= now().getTime())) return 'no reminder: not live or already begun';
    if (!row.lead_email) {
      if (change) await appointments.markNotified(Number(row.id), row.version);
      return 'no patient e-mail (booked without a lead)';
    }
    if (!deps.mailer) {
      // The worker says at its start that SMTP_URL is not set; the job's result says it for this appointment.
      if (change) await appointments.markNotified(Number(row.id), row.version);
      return 'not configured: SMTP_URL is not set';
    }
    const clinic = await deps.tenant.clinic(row.client_id);
    const timeZone = (await booking.availability(row.client_id))?.availability.timeZone ?? DEFAULT_AVAILABILITY.timeZone;
    const cancelled = row.status === 'cancelled';
    const manageUrl = cancelled ? null : manageUrlOf(deps.origin, deps.internalSecret, row);
    const kind: NoticeKind = change ? (row.last_change === 'booked' && row.status === 'pending' ? 'pending' : row.last_change) : (payload.notice as NoticeKind);
    const ics = change ? patientCalendar({ appointmentId: row.id, version: row.version, start: row.start_at, end: row.end_at, cancelled, clinicName: clinic.name, clinicPhone: clinic.phone, manageUrl }) : null;
    const { fromName, ...mail } = appointmentEmail({
      kind,
      to: row.lead_email,
      patientName: row.lead_name ?? 'there',
      clinic,
      start: row.start_at,
      end: row.end_at,
      timeZone,
      manageUrl,
      ics,
    });
    await deps.mailer.send({ ...mail, fromName });
    if (!change) return `sent ${payload.notice}`;
    await appointments.markNotified(Number(row.id), row.version);
    if (live) {
      for (const reminder of REMINDERS) {
        const delayMs = new Date(row.start_at).getTime() - reminder.beforeMs - now().getTime();
        if (delayMs > 0) await deps.notices.add({ appointmentId: Number(row.id), version: row.version, notice: reminder.notice }, { delayMs });
      }
    }
    return `sent ${kind}`;
  };
}

/** The worker's sweep: a change's e-mail whose job was never queued (Redis away at the change) is queued now. */
export function startNoticeSweep(options: {
  dataSource: DataSource;
  notices: Pick<JobQueue<'leads.appointment-notice'>, 'addBulk'>;
  intervalMs: number;
  onError: (err: unknown) => void;
}): { stop: () => Promise<void> } {
  const appointments = new AppointmentRepository(options.dataSource);
  const batch = 200;
  return startPolling({
    batch,
    intervalMs: options.intervalMs,
    pass: async () => {
      const rows = await appointments.unnotified(batch);
      if (rows.length) await options.notices.addBulk(rows.map((row) => ({ appointmentId: row.id, version: row.version, notice: 'change' as const })));
      // Rows stay behind until their jobs have sent: the next pass waits its interval (a job already queued is not added twice).
      return 0;
    },
    onError: options.onError,
  });
}

/** Past this an API request stops waiting for Redis to take a notice (the sweep queues it later). */
const QUEUE_TIMEOUT_MS = 1500;

/**
 * The API's side of the notices queue: opened at the first change, each add given QUEUE_TIMEOUT_MS, so a
 * booking never waits on a Redis that is away (the row stays behind `version`, and the worker's sweep
 * queues its e-mail). Connection errors go to `onError`.
 */
export function createNoticeQueue(redis: QueueRedis, onError: (err: Error) => void): Pick<JobQueue<'leads.appointment-notice'>, 'add'> & { close(): Promise<void> } {
  let queue: JobQueue<'leads.appointment-notice'> | null = null;
  return {
    async add(payload, options) {
      if (!queue) {
        queue = createQueue('leads.appointment-notice', redis);
        queue.queue.on('error', onError);
      }
      let timer: NodeJS.Timeout | undefined;
      return Promise.race([
        queue.add(payload, options),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the notices queue did not answer in ${QUEUE_TIMEOUT_MS} ms`)), QUEUE_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
    },
    async close() {
      await queue?.close();
      queue = null;
    },
  };
}
