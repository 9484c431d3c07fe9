import type { DataSource } from 'typeorm';
import { AvailabilitySchema, DEFAULT_AVAILABILITY, DEFAULT_MESSAGING_SETTINGS, MessagingSettingsSchema } from '@hap/contracts';
import { startPolling } from '@hap/service-kit';
import { nudgesDue, openAt } from './message.rules';
import { addNudges, nudgeCandidates } from './message.repository';

/** How far back the sweep looks: a lead new for longer than this was seen (or forgotten) long ago; no reminder now. */
const LOOK_BACK_HOURS = 72;

/**
 * One pass of the nudge sweep (docs/speed-to-lead.md#nudges): every lead still new of the last three days
 * whose clinic is open now gets a `nudge_users` delivery once it has waited its clinic's nudge minutes, and a
 * `nudge_agency` one after its escalation minutes; each once per lead (the outbox's lead-channel key), sent by
 * the relay and `leads.deliver` as any other. `clientIds` limits it to those clinics (a test's own). Returns how
 * many were added.
 */
export async function sweepNudges(dataSource: DataSource, options: { now?: Date; batch?: number; clientIds?: readonly number[] } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const candidates = await nudgeCandidates(dataSource, now, LOOK_BACK_HOURS, options.batch ?? 500, options.clientIds ?? null);
  const rows: Array<{ leadId: string; channel: string }> = [];
  for (const lead of candidates) {
    const settings = MessagingSettingsSchema.safeParse(lead.settings);
    const availability = AvailabilitySchema.safeParse(lead.availability);
    const due = nudgesDue({
      waitedMinutes: (now.getTime() - lead.created_at.getTime()) / 60_000,
      open: openAt(availability.success ? availability.data : DEFAULT_AVAILABILITY, now),
      settings: settings.success ? settings.data : DEFAULT_MESSAGING_SETTINGS,
      had: lead.had,
    });
    for (const channel of due) rows.push({ leadId: lead.id, channel });
  }
  if (!rows.length) return 0;
  return addNudges(dataSource, rows);
}

/** The worker's sweep, every `intervalMs` (at once again after a full batch). */
export function startNudgeSweep(options: { dataSource: DataSource; intervalMs: number; onError: (err: unknown) => void }) {
  return startPolling({ batch: 500, intervalMs: options.intervalMs, pass: () => sweepNudges(options.dataSource), onError: options.onError });
}
