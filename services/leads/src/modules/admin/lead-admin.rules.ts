import { dateBoundEnd, dateBoundStart, LEAD_STATUSES, type LeadExportQuery, type LeadStatus } from '@hap/contracts';

/**
 * The admin inbox's rules that need no database, each unit-tested
 * (test/unit/lead-admin.rules.test.ts): the filter's SQL, the CSV cells and
 * what a status change is.
 */

/** A WHERE clause over `leads.leads` (alias `l`) and its parameters, $1 first. */
export interface SqlFilter {
  where: string;
  params: unknown[];
}

/** `50%_off\` → `50\%\_off\\`: a LIKE pattern that matches the text itself. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The lead has a delivery that exhausted its tries. */
export const FAILED_DELIVERY = `EXISTS (SELECT 1 FROM "leads"."lead_deliveries" d WHERE d."lead_id" = l."id" AND d."status" = 'failed')`;

/** A search needs this many digits before it also looks into phone numbers (so '2' does not match every phone). */
const PHONE_DIGITS_MIN = 3;

/**
 * The filters of the list, the counts and the export as one parameterised
 * WHERE clause: values only ever travel as parameters. The text matches any
 * part of the name or e-mail (case-insensitive), the phone by its digits when
 * the text has no letters ('303-555' finds '(303) 555-0142'), or the start of
 * the reference.
 */
/** The agency's lists and board take no `me`: the admin is no user of a clinic. */
export const ASSIGNEE_ME_IS_PORTAL = 'Assignee me is for clinic users; choose a user id or none.';

export function leadFilter(query: Partial<LeadExportQuery>): SqlFilter {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // Without a clinic: every clinic's leads (the inbox's 'All clinics' view).
  if (query.clientId !== undefined) clauses.push(`l."client_id" = ${param(query.clientId)}`);
  if (query.serviceId !== undefined) clauses.push(`l."service_id" = ${param(query.serviceId)}`);
  if (query.status !== undefined) clauses.push(`l."status" = ${param(query.status)}`);
  if (query.from !== undefined) clauses.push(`l."created_at" >= ${param(dateBoundStart(query.from).toISOString())}::timestamptz`);
  if (query.to !== undefined) clauses.push(`l."created_at" < ${param(dateBoundEnd(query.to).toISOString())}::timestamptz`);
  if (query.delivery === 'failed') clauses.push(FAILED_DELIVERY);
  // 'me' is the portal's, turned into the user's id before (lead-admin.service.ts); here it matches nobody.
  if (query.assigneeId === 'none') clauses.push(`l."assignee_user_id" IS NULL`);
  else if (query.assigneeId === 'me') clauses.push('FALSE');
  else if (query.assigneeId !== undefined) clauses.push(`l."assignee_user_id" = ${param(query.assigneeId)}`);
  const text = query.q?.trim();
  if (text) {
    const like = param(`%${escapeLike(text)}%`);
    const alternatives = [`l."name" ILIKE ${like}`, `l."email" ILIKE ${like}`, `l."reference"::text ILIKE ${param(`${escapeLike(text.toLowerCase())}%`)}`];
    const digits = text.replace(/\D/g, '');
    // A phone is searched for by what looks like one: digits with their punctuation, no letters ('3f2a9c01', a
    // reference's start, is no phone number even though it holds digits).
    if (digits.length >= PHONE_DIGITS_MIN && !/\p{L}/u.test(text)) alternatives.push(`regexp_replace(l."phone", '\\D', '', 'g') LIKE ${param(`%${digits}%`)}`);
    clauses.push(`(${alternatives.join(' OR ')})`);
  }
  return { where: clauses.length ? clauses.join(' AND ') : 'TRUE', params };
}

/** How many pages `total` rows make (at least 1, so page 1 of nothing is a page). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** CSV cells and rows: the contracts' (csv.ts), shared with the Results screen's export. */
export { csvCell, csvRow } from '@hap/contracts';

/** Excel reads UTF-8 (a patient's accented name) only after a byte-order mark. */
export const CSV_BOM = '\uFEFF';

/** The export's file name: the clinic and the day, nothing from the request's text. */
export const exportFileName = (clientId: number, now: Date): string => `leads-client-${clientId}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * What a status change is. Every move is allowed (decided in
 * services/leads/README.md): forward along new → contacted → booked → won,
 * skipping steps (a patient who books on the first call), to lost from
 * anywhere, and back (a correction, or a lost lead who calls again); each is
 * recorded with who made it. Only a move to the status the lead already has
 * changes nothing.
 */
export type StatusMove = 'none' | 'forward' | 'back' | 'close' | 'reopen';

const CLOSED: ReadonlySet<LeadStatus> = new Set(['won', 'lost']);

export function statusMove(from: LeadStatus, to: LeadStatus): StatusMove {
  if (from === to) return 'none';
  if (CLOSED.has(from)) return 'reopen';
  if (CLOSED.has(to)) return 'close';
  return LEAD_STATUSES.indexOf(to) > LEAD_STATUSES.indexOf(from) ? 'forward' : 'back';
}
