import type { DataSource, EntityManager } from 'typeorm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorCode,
  Messages,
  PORTAL_AGENCY_ACTOR,
  type ActiveClinicUser,
  type AdminTaskListQuery,
  type Assignee,
  type LeadCallInput,
  type LoggedCall,
  type LeadNote,
  type LeadNoteInput,
  type Task,
  type TaskCreate,
  type TaskList,
  type TaskListQuery,
  type TaskUpdate,
  type TimelineEntry,
} from '@hap/contracts';
import { AppError, badRequest, forbidden, notFound, recordAudit, type Actor } from '@hap/service-kit';
import { siblingFailure } from '@hap/service-kit/internal-client';
import type { TenantClient } from '../../clients/tenant.client';
import type { LeadAdminRepository, LeadRow } from '../admin/lead-admin.repository';
import type { LeadAdminService } from '../admin/lead-admin.service';
import { DEFAULT_QUIET_ZONE } from '../messages/message.rules';
import { FrontDeskRepository, type Author, type CallRow, type NoteRow, type NoteVersionRow, type TaskRow } from './front-desk.repository';
import { callContacts, callSuggestion, isOverdue, unansweredSinceReached } from './front-desk.rules';

/** Who reads: the agency (every name), or the lead's clinic (its users by name, the agency as Agency). */
export type View = 'admin' | 'clinic';

/** The caller as the front desk's rows keep them; `clientId` fixed for a clinic user, null for an admin (any clinic). */
interface Caller {
  author: Author;
  clientId: number | null;
}

const iso = (value: Date) => value.toISOString();
const shownName = (kind: 'clinic' | 'admin', name: string | null, view: View) => (kind === 'admin' && view === 'clinic' ? PORTAL_AGENCY_ACTOR : name);

/** The signed caller: a clinic user of their clinic (identity only), or an admin. */
export function callerOf(actor: Actor): Caller {
  const { identity } = actor;
  if (identity.kind === 'clinic' && identity.clientId) {
    return { author: { userId: identity.userId ?? null, kind: 'clinic', name: identity.name ?? identity.email ?? null }, clientId: identity.clientId };
  }
  return { author: { userId: identity.userId ?? null, kind: 'admin', name: identity.email ?? null }, clientId: null };
}

function toNote(row: NoteRow, versions: NoteVersionRow[], view: View, caller: Caller): LeadNote {
  return {
    id: Number(row.id),
    leadId: Number(row.lead_id),
    body: row.body,
    by: shownName(row.author_kind, row.author_name, view),
    mine: row.author_kind === caller.author.kind && row.author_user_id !== null && row.author_user_id === caller.author.userId,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    edited: row.version > 1,
    versions: versions.filter((v) => v.note_id === row.id).map((v) => ({ version: v.version, body: v.body, at: iso(v.created_at), by: shownName(v.by_kind, v.by_name, view) })),
  };
}

const toCall = (row: CallRow, view: View) => ({
  id: Number(row.id),
  leadId: Number(row.lead_id),
  outcome: row.outcome,
  note: row.note,
  by: shownName(row.by_kind, row.by_name, view),
  at: iso(row.created_at),
});

function toTask(row: TaskRow, view: View, now: Date): Task {
  return {
    id: Number(row.id),
    clientId: row.client_id,
    leadId: row.lead_id === null ? null : Number(row.lead_id),
    leadName: row.lead_name,
    title: row.title,
    dueAt: iso(row.due_at),
    assigneeId: row.assignee_user_id,
    assigneeName: row.assignee_name,
    done: row.done,
    doneAt: row.done_at ? iso(row.done_at) : null,
    overdue: isOverdue({ done: row.done, dueAt: row.due_at }, now),
    createdBy: shownName(row.created_by_kind, row.created_by_name, view),
    createdAt: iso(row.created_at),
  };
}

/**
 * The front desk's tools on a lead (docs/leads.md#the-front-desk): notes with every version, calls with their
 * outcome and suggestion, the lead's assignee (round-robin or by hand, told to the assignee) and tasks. A clinic
 * user's clinic is the signed identity's: another clinic's lead, note or task is 404. Each write is audited in
 * its transaction; the audit never holds a note's or call's words (the audit log outlives the lead).
 */
export class FrontDeskService {
  private readonly repo: FrontDeskRepository;

  constructor(
    private readonly dataSource: DataSource,
    private readonly leadRows: LeadAdminRepository,
    private readonly leads: LeadAdminService,
    private readonly tenant: Pick<TenantClient, 'activeUsers'>,
    /** The clinic's time zone for due times (its booking availability's), else New York. */
    private readonly clinicZone: (clientId: number) => Promise<string | null> = async () => null,
  ) {
    this.repo = new FrontDeskRepository(dataSource);
  }

  /** The lead, locked in `manager`'s transaction; a clinic user's only when it is their clinic's (else 404). */
  private async lead(id: number, caller: Caller, manager?: EntityManager, lock = false): Promise<LeadRow> {
    const row = await this.leadRows.findById(id, manager, lock, caller.clientId ?? undefined);
    if (!row) throw notFound(Messages.leadNotFound(id));
    return row;
  }

  async addNote(actor: Actor, leadId: number, input: LeadNoteInput): Promise<LeadNote> {
    const caller = callerOf(actor);
    const note = await this.dataSource.transaction(async (manager) => {
      const lead = await this.lead(leadId, caller, manager);
      const row = await this.repo.addNote({ leadId, clientId: lead.client_id, author: caller.author, body: input.body }, manager);
      await recordAudit(manager, actor, { action: 'create', entity: 'lead_note', entityId: row.id, changes: { after: { leadId, clientId: lead.client_id, version: 1 } } });
      return row;
    });
    return this.noteOf(leadId, Number(note.id), caller);
  }

  /** Only its author edits a note; the words before stay as a version. */
  async editNote(actor: Actor, leadId: number, noteId: number, input: LeadNoteInput): Promise<LeadNote> {
    const caller = callerOf(actor);
    await this.dataSource.transaction(async (manager) => {
      await this.lead(leadId, caller, manager);
      const note = await this.repo.noteForUpdate(noteId, leadId, caller.clientId, manager);
      if (!note) throw notFound(`Note ${noteId} was not found on this lead.`);
      if (note.author_kind !== caller.author.kind || note.author_user_id === null || note.author_user_id !== caller.author.userId) {
        throw forbidden('Only the note’s author can edit it.');
      }
      if (note.body === input.body) return;
      const after = await this.repo.editNote(note, input.body, caller.author, manager);
      await recordAudit(manager, actor, { action: 'update', entity: 'lead_note', entityId: note.id, changes: { before: { version: note.version }, after: { leadId, clientId: note.client_id, version: after.version } } });
    });
    return this.noteOf(leadId, noteId, caller);
  }

  private async noteOf(leadId: number, noteId: number, caller: Caller): Promise<LeadNote> {
    const [row] = await this.repo.notesOf(leadId, noteId);
    return toNote(row, await this.repo.versionsOf([row.id]), caller.clientId === null ? 'admin' : 'clinic', caller);
  }

  /**
   * A call and its outcome: counted as a first contact for speed to lead (its time), a reached or booked call
   * moves a new lead to contacted (the status menu's move, audited as the caller); the answer's suggestion is
   * never applied (docs/leads.md#calls).
   */
  async logCall(actor: Actor, leadId: number, input: LeadCallInput): Promise<LoggedCall> {
    const caller = callerOf(actor);
    const outcome = input.outcome;
    const { row, lead, outcomes } = await this.dataSource.transaction(async (manager) => {
      // Locked: two calls logged at once count each other.
      const lead = await this.lead(leadId, caller, manager, true);
      const row = await this.repo.addCall({ leadId, clientId: lead.client_id, outcome, note: input.note?.trim() || null, by: caller.author }, manager);
      await recordAudit(manager, actor, { action: 'create', entity: 'lead_call', entityId: row.id, changes: { after: { leadId, clientId: lead.client_id, outcome } } });
      const outcomes = (await this.repo.callsOf(leadId, manager)).map((c) => c.outcome);
      return { row, lead, outcomes };
    });
    if (lead.status === 'new' && callContacts(outcome)) await this.leads.markContacted(actor, leadId, lead.client_id);
    const suggestion = callSuggestion({ outcome, status: lead.status, outcomes });
    return { call: toCall(row, caller.clientId === null ? 'admin' : 'clinic'), suggestion, unansweredCalls: unansweredSinceReached(outcomes) };
  }

  /** The clinic's users who may be given leads and tasks, as tenant says (active, not read-only). */
  async assignees(clientId: number): Promise<{ items: Assignee[] }> {
    const users = await this.activeUsers(clientId);
    return { items: users.filter((u) => u.assignable).map(({ id, name, email }) => ({ id, name, email })) };
  }

  private async activeUsers(clientId: number): Promise<ActiveClinicUser[]> {
    try {
      return await this.tenant.activeUsers(clientId);
    } catch (err) {
      throw siblingFailure(err, 'tenant', Messages.clientNotFound(clientId));
    }
  }

  /** The user `id` if they may be given this clinic's leads and tasks; 400 with the reason otherwise. */
  private async assignee(clientId: number, id: number): Promise<{ id: number; name: string | null }> {
    const user = (await this.activeUsers(clientId)).find((u) => u.id === id);
    if (!user) throw badRequest(`User ${id} is not an active user of this clinic.`, [{ path: 'assigneeId', message: 'Choose an active user of this clinic' }]);
    if (!user.assignable) throw badRequest(`${user.name ?? user.email} has read-only access and cannot be given leads or tasks.`, [{ path: 'assigneeId', message: 'Choose a user who is not read-only' }]);
    return { id: user.id, name: user.name ?? user.email };
  }

  /** Gives the lead to a user of its clinic (null: nobody): audited, on the timeline, the assignee told once. */
  async assign(actor: Actor, leadId: number, assigneeId: number | null, roundRobin = false): Promise<void> {
    const caller = callerOf(actor);
    const before = await this.lead(leadId, caller);
    const user = assigneeId === null ? null : await this.assignee(before.client_id, assigneeId);
    await this.dataSource.transaction(async (manager) => {
      const lead = await this.lead(leadId, caller, manager, true);
      if (lead.assignee_user_id === (user?.id ?? null)) return;
      await this.repo.setAssignee(leadId, user, manager);
      const by = actor.identity.kind === 'service' ? { byKind: 'service', byName: 'Round-robin' } : { byKind: caller.author.kind, byName: caller.author.name };
      await recordAudit(manager, actor, {
        action: 'update',
        entity: 'lead_assignment',
        entityId: leadId,
        changes: { before: { assigneeId: lead.assignee_user_id }, after: { assigneeId: user?.id ?? null, assigneeName: user?.name ?? null, clientId: lead.client_id }, ...by, ...(roundRobin ? { roundRobin: true } : {}) },
      });
      // Told by the worker's notice sweep (docs/leads.md#assignment); nobody is told of their own choice.
      if (user && !(caller.author.kind === 'clinic' && caller.author.userId === user.id)) await this.repo.addNotice({ clientId: lead.client_id, userId: user.id, kind: 'assigned', leadId }, manager);
    });
  }

  /**
   * Round-robin (docs/leads.md#assignment): a new lead of a clinic that turned it on goes to its next assignable
   * user in turn. Never fails the lead: tenant away or nobody to give it to leaves it unassigned (logged).
   */
  async autoAssign(leadId: number, clientId: number, requestId: string, log: FastifyBaseLogger): Promise<void> {
    try {
      if (!(await this.repo.roundRobinOn(clientId))) return;
      const candidates = (await this.tenant.activeUsers(clientId)).filter((u) => u.assignable).map((u) => u.id);
      if (!candidates.length) return;
      const next = await this.dataSource.transaction((manager) => this.repo.nextInTurn(clientId, candidates, manager));
      await this.assign({ identity: { kind: 'service', service: 'leads' }, requestId }, leadId, next, true);
    } catch (err) {
      log.warn({ err, leadId, clientId }, 'round-robin assignment failed: the lead stays unassigned');
    }
  }

  /** The clinic's tasks; `viewer` is the clinic user asking (for `mine`), null for an admin. */
  async tasks(clientId: number, query: TaskListQuery | AdminTaskListQuery, viewer: number | null, view: View): Promise<TaskList> {
    const mine = 'mine' in query && query.mine === true && viewer !== null;
    const [rows, zone] = await Promise.all([
      this.repo.tasks({ clientId, state: query.state, leadId: query.leadId, assigneeId: mine ? viewer : undefined }),
      this.clinicZone(clientId).catch(() => null),
    ]);
    const now = new Date();
    return { items: rows.map((row) => toTask(row, view, now)), timeZone: zone ?? DEFAULT_QUIET_ZONE };
  }

  async createTask(actor: Actor, clientId: number, input: TaskCreate): Promise<Task> {
    const caller = callerOf(actor);
    if (input.leadId !== undefined) {
      const lead = await this.leadRows.findById(input.leadId, undefined, false, clientId);
      if (!lead) throw notFound(Messages.leadNotFound(input.leadId));
    }
    const assignee = await this.assignee(clientId, input.assigneeId);
    const dueAt = new Date(input.dueAt);
    const id = await this.dataSource.transaction(async (manager) => {
      const id = await this.repo.addTask({ clientId, leadId: input.leadId ?? null, title: input.title, dueAt, assignee, by: caller.author }, manager);
      await this.repo.scheduleTaskReminder({ id, clientId, leadId: input.leadId === undefined ? null : String(input.leadId), userId: assignee.id, dueAt, done: false }, true, manager);
      await recordAudit(manager, actor, { action: 'create', entity: 'task', entityId: id, changes: { after: { clientId, leadId: input.leadId ?? null, dueAt: input.dueAt, assigneeId: assignee.id } } });
      return id;
    });
    return this.taskOf(Number(id), clientId, caller);
  }

  async updateTask(actor: Actor, id: number, change: TaskUpdate): Promise<Task> {
    const caller = callerOf(actor);
    const before = await this.repo.task(id, caller.clientId);
    if (!before) throw notFound(`Task ${id} was not found.`);
    const assignee = change.assigneeId === undefined ? undefined : await this.assignee(before.client_id, change.assigneeId);
    const dueAt = change.dueAt === undefined ? undefined : new Date(change.dueAt);
    await this.dataSource.transaction(async (manager) => {
      const task = await this.repo.task(id, caller.clientId, manager, true);
      if (!task) throw notFound(`Task ${id} was not found.`);
      await this.repo.updateTask(id, { title: change.title, dueAt, assignee, done: change.done }, manager);
      const moved = (dueAt !== undefined && dueAt.getTime() !== task.due_at.getTime()) || (assignee !== undefined && assignee.id !== task.assignee_user_id);
      const done = change.done ?? task.done;
      // Reopened, moved or given to someone else: the reminder is due again (once) at the task's time.
      const resend = moved || (task.done && change.done === false);
      await this.repo.scheduleTaskReminder({ id: task.id, clientId: task.client_id, leadId: task.lead_id, userId: assignee?.id ?? task.assignee_user_id, dueAt: dueAt ?? task.due_at, done }, resend, manager);
      await recordAudit(manager, actor, {
        action: 'update',
        entity: 'task',
        entityId: id,
        changes: { before: { dueAt: iso(task.due_at), assigneeId: task.assignee_user_id, done: task.done }, after: { dueAt: iso(dueAt ?? task.due_at), assigneeId: assignee?.id ?? task.assignee_user_id, done, clientId: task.client_id } },
      });
    });
    return this.taskOf(id, caller.clientId, caller);
  }

  private async taskOf(id: number, clientId: number | null, caller: Caller): Promise<Task> {
    const row = await this.repo.task(id, clientId);
    if (!row) throw new AppError(500, ErrorCode.INTERNAL, `task ${id} vanished`);
    return toTask(row, caller.clientId === null ? 'admin' : 'clinic', new Date());
  }

  /** The lead's notes, calls, assignments and tasks as timeline entries (docs/speed-to-lead.md#conversations). */
  async timelineEntries(actor: Actor, lead: { id: number; clientId: number }, view: View): Promise<TimelineEntry[]> {
    const caller = callerOf(actor);
    const leadId = lead.id;
    const [notes, calls, assignments, tasks] = await Promise.all([
      this.repo.notesOf(leadId),
      this.repo.callsOf(leadId),
      this.repo.assignmentsOf(leadId),
      this.repo.tasks({ clientId: lead.clientId, state: 'all', leadId }),
    ]);
    const versions = notes.length ? await this.repo.versionsOf(notes.map((n) => n.id)) : [];
    const now = new Date();
    return [
      ...notes.map((n): TimelineEntry => ({ type: 'note', at: iso(n.created_at), ...toNote(n, versions, view, caller) })),
      ...calls.map((c): TimelineEntry => ({ type: 'call', ...toCall(c, view) })),
      ...assignments.map((a): TimelineEntry => {
        const kind = a.changes?.byKind;
        const by = kind === 'admin' ? shownName('admin', a.changes?.byName ?? null, view) : (a.changes?.byName ?? null);
        return { type: 'assignment', at: iso(a.created_at), assigneeName: a.changes?.after?.assigneeName ?? null, by };
      }),
      ...tasks.map((t): TimelineEntry => {
        const task = toTask(t, view, now);
        return { type: 'task', at: task.createdAt, id: task.id, title: task.title, dueAt: task.dueAt, assigneeName: task.assigneeName, done: task.done, doneAt: task.doneAt };
      }),
    ];
  }
}
