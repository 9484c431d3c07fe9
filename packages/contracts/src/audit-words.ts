import type { AuditLogEntry } from './audit';
import { clinicRoleWords as roleWords } from './clinic-roles';

/**
 * An audit entry in words, by name ("Stopped experiment ‘TRT’ at Harbor Peak,
 * winner B"), never by number. The names are the ones the entry was written
 * with (`names`: the clinic, service, campaign, account and the row's own
 * name as they were then, so a rename or a deletion later changes nothing),
 * else what its before/after hold; `clinicName` answers for entries older
 * than names (the screen's list of clinics). Only an entry that carries no
 * name at all falls back to its kind and id.
 */

type Fields = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);
const quoted = (name: string | undefined) => (name ? `‘${name}’` : '');

/** Names an older entry's ids (before names were written): the clinics the screen knows. */
export interface AuditNameLookup {
  clinicName?: (clientId: number) => string | undefined;
}

const LAUNCH_OUTCOME: Record<string, string> = {
  launched: 'launched',
  partial: 'partly launched',
  policy_review: 'held for Google’s policy review',
  failed: 'failed',
};

const DOMAIN_STATUS: Record<string, string> = {
  pending: 'pending verification',
  verified: 'verified',
  certificate_issued: 'certificate issued',
  active: 'active',
  failing: 'failing',
};

/** Field names as people read them ('brandColor' → 'brand color'). */
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();

/** The clinic an entry is about, by name: as written, else the lookup, else null. */
export function auditClinicOf(entry: AuditLogEntry, lookup: AuditNameLookup = {}): string | undefined {
  const before = entry.changes.before ?? {};
  const after = entry.changes.after ?? {};
  if (entry.names.client) return entry.names.client;
  if (entry.entity === 'client') return text(after.name) ?? text(before.name) ?? lookup.clinicName?.(Number(entry.entityId));
  const id = num(after.clientId) ?? num(before.clientId);
  return id === undefined ? undefined : lookup.clinicName?.(id);
}

/** The row's own name: as written, else its before/after's name, title, e-mail or domain. */
function subjectOf(entry: AuditLogEntry, before: Fields, after: Fields): string | undefined {
  return (
    entry.names.subject ??
    text(after.name) ??
    text(before.name) ??
    text(after.title) ??
    text(before.title) ??
    text(after.email) ??
    text(before.email) ??
    text(after.domain) ??
    text(before.domain)
  );
}

const verbOf = (action: string) => (action === 'create' ? 'Added' : action === 'delete' ? 'Removed' : action === 'update' ? 'Changed' : action);

/** The entry in one sentence, by name. */
export function describeAudit(entry: AuditLogEntry, lookup: AuditNameLookup = {}): string {
  const before: Fields = entry.changes.before ?? {};
  const after: Fields = entry.changes.after ?? {};
  const names = entry.names;
  const clinic = auditClinicOf(entry, lookup);
  const at = clinic ? ` at ${clinic}` : '';
  const forClinic = clinic ? ` for ${clinic}` : '';
  const campaign = quoted(names.campaign ?? text(after.campaignName) ?? text(before.campaignName) ?? text(before.name));
  const service = quoted(names.service ?? (entry.entity === 'client_service' ? (text(after.name) ?? text(before.name)) : undefined));
  const subject = subjectOf(entry, before, after);
  switch (`${entry.entity}:${entry.action}`) {
    case 'campaign_launch:create':
      return `Launched campaign ${campaign}${forClinic}`.trim();
    case 'campaign_launch:update':
      if (typeof after.dailyBudget === 'number')
        return `Changed the daily budget of campaign ${campaign || 'a campaign'} from $${String(before.dailyBudget ?? '?')} to $${after.dailyBudget}${forClinic}`;
      if (after.status === 'PAUSED') return `Paused campaign ${campaign}${forClinic}`;
      if (after.status === 'ENABLED') return `Resumed campaign ${campaign}${forClinic}`;
      // docs/campaigns.md#ad-texts-follow-the-template; docs/admin.md#page-paths.
      if (Array.isArray(after.ads)) return `Gave ${after.ads.length === 1 ? '1 ad' : `${after.ads.length} ads`} of campaign ${campaign || 'a campaign'} the template's texts${forClinic}`;
      if (text(after.finalUrl)) return `Moved the ads of campaign ${campaign || 'a campaign'} to ${String(after.finalUrl)}${forClinic}`;
      return `Launch of ${campaign || 'a campaign'}${forClinic}: ${LAUNCH_OUTCOME[String(after.status)] ?? String(after.status ?? 'updated')}`;
    case 'google_ads_recommendation:create':
      return `Added [${subject ?? 'a search term'}] as a negative keyword to campaign ${campaign || 'a campaign'}${forClinic} (a recommendation)`;
    case 'google_ads_recommendation:delete':
      return `Undid the negative keyword [${subject ?? 'a search term'}] of campaign ${campaign || 'a campaign'}${forClinic}`;
    case 'google_ads_recommendation:update':
      return after.status === 'PAUSED'
        ? `Paused the keyword ${subject ?? 'a keyword'} of campaign ${campaign || 'a campaign'}${forClinic} (a recommendation)`
        : `Ran the keyword ${subject ?? 'a keyword'} of campaign ${campaign || 'a campaign'} again${forClinic}`;
    case 'ad_campaign_job:create':
      return after.kind === 'optimize'
        ? `Asked the AI to optimise campaign ${campaign}${text(after.goal) ? ` (${String(after.goal).replace(/_/g, ' ')})` : ''}`.trim()
        : `Asked the AI to write campaigns${service ? ` for ${service}` : ''}`;
    case 'ad_campaign_template:delete':
      return `Deleted campaign ${campaign}`.trim();
    case 'google_ads_connection:update':
      return `Connected Google Ads${names.account ? ` (${names.account})` : ''}`;
    case 'google_ads_connection:delete':
      return `Disconnected Google Ads${names.account ? ` (${names.account})` : ''}`;
    case 'offline_conversion:create':
      return `Reported a booked lead${subject ? ` (${subject})` : ''}${forClinic} to Google Ads as a conversion`;
    case 'clinic_user:create':
    case 'clinic_user:update':
    case 'clinic_user:delete':
      return describeClinicUser(entry.action, before, after, at);
    case 'experiment:create':
      return `Started experiment ${service || 'on a service'}${at}${armsOf(after)}`;
    case 'experiment:update': {
      const what = service || 'an experiment';
      if (after.status === 'stopped' && before.status !== 'stopped') return `Stopped experiment ${what}${at}${text(after.winner) ? `, winner ${String(after.winner)}` : ''}`;
      if (after.status === 'paused' && before.status !== 'paused') return `Paused experiment ${what}${at}`;
      if (after.status === 'running' && before.status === 'paused') return `Resumed experiment ${what}${at}`;
      return `Changed experiment ${what}${at}${armsOf(after)}`;
    }
    case 'client_domain:create':
      return `Claimed domain ${subject ?? 'a domain'}${forClinic}`;
    case 'client_domain:update':
      return `Domain ${subject ?? 'a domain'}${forClinic} is now ${DOMAIN_STATUS[String(after.status)] ?? String(after.status ?? 'changed')}${text(after.reason) ? `: ${String(after.reason)}` : ''}`;
    case 'client_domain:delete':
      return `Removed domain ${subject ?? 'a domain'}${clinic ? ` from ${clinic}` : ''}`;
    case 'domain_mapping:create':
    case 'domain_mapping:update':
      return `${entry.action === 'create' ? 'Mapped' : 'Changed the mapping of'} ${subject ?? 'a host'}${text(after.path) && after.path !== '/' ? String(after.path) : ''} to ${clinic ?? 'a clinic'}`;
    case 'domain_mapping:delete':
      return `Removed the mapping of ${subject ?? 'a host'}${clinic ? ` to ${clinic}` : ''}`;
    case 'client:create':
      return `Added client ${quoted(clinic)}${after.source === 'onboarding' ? ' (self-onboarding)' : ''}`;
    case 'client:delete':
      return `Deleted client ${quoted(clinic)}`;
    case 'client:update': {
      const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
      return `Changed client ${quoted(clinic)}${keys.length ? `: ${keys.map(words).join(', ')}` : ''}`;
    }
    case 'client_service:create':
      return `Added service ${service}${at}`;
    case 'client_service:update':
      if (after.isActive === false && before.isActive !== false) return `Deactivated service ${service}${at}`;
      if (after.isActive === true && before.isActive === false) return `Activated service ${service}${at}`;
      return `Changed service ${service}${at}`;
    case 'lead:update':
      // A patient's name is never kept in the audit log (it outlives the lead): the lead by its clinic and move.
      return `Moved a lead${at} from ${String(before.status ?? '?')} to ${String(after.status ?? '?')}`;
    case 'lead_delivery:update':
      return `Retried a failed delivery of a lead${at}`;
    case 'booking_availability:create':
      return `Set the online booking hours${at}`;
    case 'booking_availability:update':
      return `Changed the online booking hours${at}`;
    case 'appointment:update': {
      // The patient's name is never kept: the appointment by its clinic, change and time.
      const what = { confirmed: 'Confirmed', moved: 'Moved', cancelled: 'Cancelled', showed: 'Marked showed', no_show: 'Marked no-show' }[String(after.change)] ?? 'Changed';
      const by = after.by === 'patient' ? ' (by the patient’s link)' : '';
      return `${what} an appointment${at}${by}`;
    }
    case 'messaging_settings:create':
    case 'messaging_settings:update':
      return Number(after.clientId) === 0 ? 'Changed the agency’s default patient messages' : `Changed the patient messages${at}`;
    case 'messaging_settings:delete':
      return `Set the patient messages${at} back to the agency’s defaults`;
    case 'booking_feed:update':
      return `Replaced the calendar feed address${at}`;
    case 'view_as:create':
      return `Opened the portal of ${clinic ?? 'a clinic'} read-only`;
    case 'view_as:delete':
      return `Ended the read-only view of ${clinic ?? 'a clinic'}`;
  }
  const label = words(entry.entity);
  if (subject) return `${verbOf(entry.action)} ${label} ${quoted(subject)}${at}`;
  if (clinic) return `${verbOf(entry.action)} ${label}${at}`;
  return `${verbOf(entry.action)} ${label} #${entry.entityId}`;
}

/** An experiment's styles and weights: ' (A 50%, B 50%)'. */
function armsOf(after: Fields): string {
  const arms = Array.isArray(after.arms) ? (after.arms as Array<{ variant?: unknown; weight?: unknown }>) : [];
  const parts = arms.filter((a) => typeof a.variant === 'string').map((a) => `${String(a.variant)} ${String(a.weight ?? '?')}%`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** A clinic user's invitation, sign-in and access. */
function describeClinicUser(action: string, before: Fields, after: Fields, at: string): string {
  const who = quoted(text(after.email) ?? text(before.email)) || 'a clinic user';
  if (action === 'create') return `Invited ${who} as ${roleWords(after.role)}${at}`;
  if (action === 'delete') return `Removed clinic user ${who}${at}`;
  if (after.invitation === 'reissued') return `Sent ${who} a new invitation${after.mail === 'off' ? ' (link handed over: e-mail is off)' : ''}`;
  if (after.invitation === 'accepted') return `${who} accepted their invitation`;
  if (after.password === 'reset') return `${who} reset their password`;
  const changes: string[] = [];
  if (after.role !== before.role && typeof after.role === 'string') changes.push(`made ${who} ${roleWords(after.role)}`);
  if (after.status !== before.status && after.status === 'disabled') changes.push(`disabled ${who}`);
  if (after.status !== before.status && before.status === 'disabled') changes.push(`enabled ${who}`);
  const sentence = changes.join(' and ') || `changed clinic user ${who}`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
