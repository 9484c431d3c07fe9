import { z } from 'zod';
import { CLINIC_ROLES } from '../clinic-roles';
import { idField, noNul, NUL_MESSAGE } from '../fields';
import { IdParamSchema } from '../envelope';

/**
 * The front desk's tools on a lead (docs/leads.md#the-front-desk): notes with their history, calls and their
 * outcome, the lead's assignee and tasks. The same schemas check the API and the portal's forms.
 */

const timestamp = () => z.string();

export const NOTE_MAX_LENGTH = 2000;
export const CALL_NOTE_MAX_LENGTH = 500;
export const TASK_TITLE_MAX_LENGTH = 200;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(noNul, NUL_MESSAGE);

/** `POST /api/portal/leads/:id/notes`, and an edit (`PATCH …/notes/:noteId`): the words. */
export const LeadNoteInputSchema = z.strictObject({ body: text('Note', NOTE_MAX_LENGTH) });
export type LeadNoteInput = z.infer<typeof LeadNoteInputSchema>;

export const LeadNoteParamSchema = z.object({ id: IdParamSchema.shape.id, noteId: idField('Note id', { fromText: true }) });

/** One version of a note: the first is the note as written, each later one an edit. */
export const LeadNoteVersionSchema = z.object({ version: z.number().int(), body: z.string(), at: timestamp(), by: z.string().nullable() });

export const LeadNoteSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  body: z.string(),
  /** Who wrote it (a clinic user's name, or 'Agency' in the portal for an admin). */
  by: z.string().nullable(),
  /** Whether the signed-in user may edit it (its author). */
  mine: z.boolean(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  edited: z.boolean(),
  /** Every version, oldest first (the last is `body`). */
  versions: z.array(LeadNoteVersionSchema),
});
export type LeadNote = z.infer<typeof LeadNoteSchema>;

/** What the front desk logs after a call (docs/leads.md#calls). */
export const CALL_OUTCOMES = ['reached', 'voicemail', 'no_answer', 'wrong_number', 'booked'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  reached: 'Reached',
  voicemail: 'Voicemail',
  no_answer: 'No answer',
  wrong_number: 'Wrong number',
  booked: 'Booked',
};
/** Outcomes where nobody picked up: three of them suggest the lead is lost. */
export const UNANSWERED_OUTCOMES: readonly CallOutcome[] = ['no_answer', 'voicemail'];
export const UNANSWERED_CALLS_SUGGEST_LOST = 3;

export const LeadCallInputSchema = z.strictObject({
  outcome: z.enum(CALL_OUTCOMES, { error: `Outcome must be one of ${CALL_OUTCOMES.join(', ')}` }),
  note: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(CALL_NOTE_MAX_LENGTH, `Note must be at most ${CALL_NOTE_MAX_LENGTH} characters`).refine(noNul, NUL_MESSAGE).optional(),
  ),
});
export type LeadCallInput = z.output<typeof LeadCallInputSchema>;

export const LeadCallSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  outcome: z.enum(CALL_OUTCOMES),
  note: z.string().nullable(),
  by: z.string().nullable(),
  at: timestamp(),
});
export type LeadCall = z.infer<typeof LeadCallSchema>;

/** A status the product suggests after a call; never set by itself (docs/leads.md#calls). */
export const CallSuggestionSchema = z.object({
  status: z.enum(['lost', 'booked']),
  reason: z.enum(['wrong_number', 'three_unanswered', 'booked_on_call']),
  message: z.string(),
});
export type CallSuggestion = z.infer<typeof CallSuggestionSchema>;

export const LoggedCallSchema = z.object({ call: LeadCallSchema, suggestion: CallSuggestionSchema.nullable(), unansweredCalls: z.number().int() });
export type LoggedCall = z.infer<typeof LoggedCallSchema>;

/** `PATCH /api/portal/leads/:id`: the lead's assignee (a user of its clinic; null unassigns). */
export const LeadAssignSchema = z.strictObject({
  assigneeId: z.union([idField('Assignee'), z.null()], { error: 'Assignee must be a user id or null' }),
});
export type LeadAssign = z.infer<typeof LeadAssignSchema>;

/** Who of a clinic may be given leads and tasks: its active users who are not read-only. */
export const AssigneeSchema = z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string() });
export type Assignee = z.infer<typeof AssigneeSchema>;
export const AssigneeListSchema = z.object({ items: z.array(AssigneeSchema) });

/** Tenant's answer to leads: a clinic's active users (docs/portal.md#clinic-users-invitations-and-password-resets). */
export const ActiveClinicUserSchema = z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string(), role: z.enum(CLINIC_ROLES), assignable: z.boolean() });
export type ActiveClinicUser = z.infer<typeof ActiveClinicUserSchema>;

const dueAt = z.iso.datetime({ offset: true, error: 'Due time must be a date and time like 2026-12-05T10:00:00-05:00' });

export const TaskCreateSchema = z.strictObject({
  leadId: idField('Lead id').optional(),
  title: text('Title', TASK_TITLE_MAX_LENGTH),
  dueAt,
  assigneeId: idField('Assignee'),
});
export type TaskCreate = z.infer<typeof TaskCreateSchema>;

/** The admin's task: the clinic it is for (a task without a lead has no other way to say). */
export const AdminTaskCreateSchema = TaskCreateSchema.extend({ clientId: idField('Client id') });
export type AdminTaskCreate = z.infer<typeof AdminTaskCreateSchema>;

export const TaskUpdateSchema = z
  .strictObject({ title: text('Title', TASK_TITLE_MAX_LENGTH).optional(), dueAt: dueAt.optional(), assigneeId: idField('Assignee').optional(), done: z.boolean().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Send a title, dueAt, assigneeId or done to change');
export type TaskUpdate = z.infer<typeof TaskUpdateSchema>;

const flag = z.enum(['1', 'true', '0', 'false'], { error: 'mine must be 1 or 0' }).transform((v) => v === '1' || v === 'true');
const blank = (v: unknown) => (v === '' ? undefined : v);

export const TaskListQuerySchema = z.object({
  mine: z.preprocess(blank, flag.optional()),
  state: z.preprocess(blank, z.enum(['open', 'done', 'all'], { error: 'State must be open, done or all' }).optional()).transform((v) => v ?? 'open'),
  leadId: z.preprocess(blank, idField('Lead id', { fromText: true }).optional()),
});
export type TaskListQuery = z.output<typeof TaskListQuerySchema>;

export const AdminTaskListQuerySchema = TaskListQuerySchema.omit({ mine: true }).extend({ clientId: idField('Client id', { fromText: true }) });
export type AdminTaskListQuery = z.output<typeof AdminTaskListQuerySchema>;

export const TaskSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  leadId: z.number().int().nullable(),
  /** The lead's name, for the task list's link (null without a lead). */
  leadName: z.string().nullable(),
  title: z.string(),
  dueAt: timestamp(),
  assigneeId: z.number().int(),
  assigneeName: z.string().nullable(),
  done: z.boolean(),
  doneAt: timestamp().nullable(),
  overdue: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: timestamp(),
});
export type Task = z.infer<typeof TaskSchema>;

/** Tasks, overdue first then by due time; `timeZone` is the clinic's, for showing due times. */
export const TaskListSchema = z.object({ items: z.array(TaskSchema), timeZone: z.string() });
export type TaskList = z.infer<typeof TaskListSchema>;

/** The words a suggestion says (the portal shows them with a 'Mark as …' button). */
export const CALL_SUGGESTION_MESSAGES = {
  wrong_number: 'The number was wrong: mark this lead as lost?',
  three_unanswered: 'Three calls went unanswered: mark this lead as lost?',
  booked_on_call: 'Booked on the call: mark this lead as booked?',
} as const;
