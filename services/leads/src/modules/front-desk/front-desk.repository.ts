import type { DataSource, EntityManager } from 'typeorm';
import type { CallOutcome } from '@hap/contracts';

/** Who wrote or did something, as the front desk's rows keep it: a clinic user (their name, else e-mail) or an admin (e-mail). */
export interface Author {
  userId: number | null;
  kind: 'clinic' | 'admin';
  name: string | null;
}

export interface NoteRow {
  id: string;
  lead_id: string;
  client_id: number;
  author_user_id: number | null;
  author_kind: 'clinic' | 'admin';
  author_name: string | null;
  body: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface NoteVersionRow {
  note_id: string;
  version: number;
  body: string;
  by_kind: 'clinic' | 'admin';
  by_name: string | null;
  created_at: Date;
}

export interface CallRow {
  id: string;
  lead_id: string;
  outcome: CallOutcome;
  note: string | null;
  by_kind: 'clinic' | 'admin';
  by_name: string | null;
  created_at: Date;
}

export interface TaskRow {
  id: string;
  client_id: number;
  lead_id: string | null;
  lead_name: string | null;
  title: string;
  due_at: Date;
  assignee_user_id: number;
  assignee_name: string | null;
  done: boolean;
  done_at: Date | null;
  created_by_kind: 'clinic' | 'admin';
  created_by_name: string | null;
  created_at: Date;
}

export interface AssignmentAuditRow {
  changes: { after?: { assigneeName?: string | null }; by?: string | null; byKind?: 'clinic' | 'admin' | 'service'; byName?: string | null } | null;
  created_at: Date;
}

const NOTE_COLUMNS = `"id", "lead_id", "client_id", "author_user_id", "author_kind", "author_name", "body", "version", "created_at", "updated_at"`;
const CALL_COLUMNS = `"id", "lead_id", "outcome", "note", "by_kind", "by_name", "created_at"`;
const TASK_COLUMNS = `t."id", t."client_id", t."lead_id", l."name" AS "lead_name", t."title", t."due_at", t."assignee_user_id", t."assignee_name", t."done", t."done_at",
  t."created_by_kind", t."created_by_name", t."created_at"`;

/** SQL of the front desk's tools (docs/leads.md#the-front-desk); every value a parameter. */
export class FrontDeskRepository {
  constructor(private readonly dataSource: DataSource) {}

  private db(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  /** A note and its first version, in the caller's transaction. */
  async addNote(input: { leadId: number; clientId: number; author: Author; body: string }, manager: EntityManager): Promise<NoteRow> {
    const [note] = (await manager.query(
      `INSERT INTO "leads"."lead_notes" ("lead_id", "client_id", "author_user_id", "author_kind", "author_name", "body") VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${NOTE_COLUMNS}`,
      [input.leadId, input.clientId, input.author.userId, input.author.kind, input.author.name, input.body],
    )) as NoteRow[];
    await this.addVersion(note.id, 1, input.body, input.author, manager);
    return note;
  }

  private async addVersion(noteId: string, version: number, body: string, by: Author, manager: EntityManager): Promise<void> {
    await manager.query(`INSERT INTO "leads"."lead_note_versions" ("note_id", "version", "body", "by_user_id", "by_kind", "by_name") VALUES ($1, $2, $3, $4, $5, $6)`, [
      noteId,
      version,
      body,
      by.userId,
      by.kind,
      by.name,
    ]);
  }

  /** The note of that lead (and clinic, when given), locked until the transaction ends. */
  async noteForUpdate(noteId: number, leadId: number, clientId: number | null, manager: EntityManager): Promise<NoteRow | null> {
    const [row] = (await manager.query(
      `SELECT ${NOTE_COLUMNS} FROM "leads"."lead_notes" WHERE "id" = $1 AND "lead_id" = $2 AND ($3::int IS NULL OR "client_id" = $3) FOR UPDATE`,
      [noteId, leadId, clientId],
    )) as NoteRow[];
    return row ?? null;
  }

  /** A new version of the note: the earlier words stay in lead_note_versions. */
  async editNote(note: NoteRow, body: string, by: Author, manager: EntityManager): Promise<NoteRow> {
    const version = note.version + 1;
    await this.addVersion(note.id, version, body, by, manager);
    const [rows] = (await manager.query(`UPDATE "leads"."lead_notes" SET "body" = $2, "version" = $3, "updated_at" = now() WHERE "id" = $1 RETURNING ${NOTE_COLUMNS}`, [
      note.id,
      body,
      version,
    ])) as [NoteRow[], number];
    return rows[0];
  }

  notesOf(leadId: number, noteId?: number): Promise<NoteRow[]> {
    return this.db().query(`SELECT ${NOTE_COLUMNS} FROM "leads"."lead_notes" WHERE "lead_id" = $1 AND ($2::bigint IS NULL OR "id" = $2) ORDER BY "id"`, [
      leadId,
      noteId ?? null,
    ]) as Promise<NoteRow[]>;
  }

  versionsOf(noteIds: string[]): Promise<NoteVersionRow[]> {
    return this.db().query(
      `SELECT "note_id", "version", "body", "by_kind", "by_name", "created_at" FROM "leads"."lead_note_versions" WHERE "note_id" = ANY($1::bigint[]) ORDER BY "note_id", "version"`,
      [noteIds],
    ) as Promise<NoteVersionRow[]>;
  }

  async addCall(input: { leadId: number; clientId: number; outcome: CallOutcome; note: string | null; by: Author }, manager: EntityManager): Promise<CallRow> {
    const [row] = (await manager.query(
      `INSERT INTO "leads"."lead_calls" ("lead_id", "client_id", "outcome", "note", "by_user_id", "by_kind", "by_name") VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${CALL_COLUMNS}`,
      [input.leadId, input.clientId, input.outcome, input.note, input.by.userId, input.by.kind, input.by.name],
    )) as CallRow[];
    return row;
  }

  /** The lead's calls, oldest first. */
  callsOf(leadId: number, manager?: EntityManager): Promise<CallRow[]> {
    return this.db(manager).query(`SELECT ${CALL_COLUMNS} FROM "leads"."lead_calls" WHERE "lead_id" = $1 ORDER BY "created_at", "id"`, [leadId]) as Promise<CallRow[]>;
  }

  async setAssignee(leadId: number, assignee: { id: number; name: string | null } | null, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE "leads"."leads" SET "assignee_user_id" = $2, "assignee_name" = $3, "updated_at" = now() WHERE "id" = $1`, [
      leadId,
      assignee?.id ?? null,
      assignee?.name ?? null,
    ]);
  }

  assignmentsOf(leadId: number): Promise<AssignmentAuditRow[]> {
    return this.db().query(
      `SELECT "changes", "created_at" FROM "leads"."audit_log" WHERE "entity" = 'lead_assignment' AND "entity_id" = $1 ORDER BY "id"`,
      [String(leadId)],
    ) as Promise<AssignmentAuditRow[]>;
  }

  /**
   * The clinic's next user in turn among `candidates` (ids ascending: a stable order), after the one who got
   * the last lead; the cursor row is locked, so two leads arriving together get two users in turn.
   */
  async nextInTurn(clientId: number, candidates: number[], manager: EntityManager): Promise<number> {
    await manager.query(`INSERT INTO "leads"."round_robin" ("client_id", "last_user_id") VALUES ($1, 0) ON CONFLICT ("client_id") DO NOTHING`, [clientId]);
    const [cursor] = (await manager.query(`SELECT "last_user_id" FROM "leads"."round_robin" WHERE "client_id" = $1 FOR UPDATE`, [clientId])) as Array<{ last_user_id: number }>;
    const sorted = [...candidates].sort((a, b) => a - b);
    const next = sorted.find((id) => id > cursor.last_user_id) ?? sorted[0];
    await manager.query(`UPDATE "leads"."round_robin" SET "last_user_id" = $2, "updated_at" = now() WHERE "client_id" = $1`, [clientId, next]);
    return next;
  }

  /** Whether the clinic turned round-robin on (its messaging settings, else the agency's defaults). */
  async roundRobinOn(clientId: number): Promise<boolean> {
    const rows = (await this.db().query(
      `SELECT COALESCE(("settings" ->> 'roundRobin')::boolean, false) AS "on" FROM "leads"."messaging_settings" WHERE "client_id" IN ($1, 0) ORDER BY "client_id" DESC LIMIT 1`,
      [clientId],
    )) as Array<{ on: boolean }>;
    return rows[0]?.on ?? false;
  }

  async addTask(
    input: { clientId: number; leadId: number | null; title: string; dueAt: Date; assignee: { id: number; name: string | null }; by: Author },
    manager: EntityManager,
  ): Promise<string> {
    const [row] = (await manager.query(
      `INSERT INTO "leads"."tasks" ("client_id", "lead_id", "title", "due_at", "assignee_user_id", "assignee_name", "created_by_user_id", "created_by_kind", "created_by_name")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING "id"`,
      [input.clientId, input.leadId, input.title, input.dueAt, input.assignee.id, input.assignee.name, input.by.userId, input.by.kind, input.by.name],
    )) as Array<{ id: string }>;
    return row.id;
  }

  /** The task (of that clinic, when given), locked until the transaction ends when `manager` is one. */
  async task(id: number, clientId: number | null, manager?: EntityManager, lock = false): Promise<TaskRow | null> {
    const [row] = (await this.db(manager).query(
      `SELECT ${TASK_COLUMNS} FROM "leads"."tasks" t LEFT JOIN "leads"."leads" l ON l."id" = t."lead_id"
        WHERE t."id" = $1 AND ($2::int IS NULL OR t."client_id" = $2)${lock ? ' FOR UPDATE OF t' : ''}`,
      [id, clientId],
    )) as TaskRow[];
    return row ?? null;
  }

  async updateTask(
    id: number,
    change: { title?: string; dueAt?: Date; assignee?: { id: number; name: string | null }; done?: boolean },
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE "leads"."tasks" SET "title" = COALESCE($2, "title"), "due_at" = COALESCE($3, "due_at"),
              "assignee_user_id" = COALESCE($4, "assignee_user_id"), "assignee_name" = CASE WHEN $4::int IS NULL THEN "assignee_name" ELSE $5 END,
              "done" = COALESCE($6, "done"),
              "done_at" = CASE WHEN $6::boolean IS NULL THEN "done_at" WHEN $6 THEN COALESCE("done_at", now()) ELSE NULL END,
              "updated_at" = now()
        WHERE "id" = $1`,
      [id, change.title ?? null, change.dueAt ?? null, change.assignee?.id ?? null, change.assignee?.name ?? null, change.done ?? null],
    );
  }

  /** A clinic's tasks: overdue (open and past due) first, then by due time; at most 500. */
  tasks(filter: { clientId: number; assigneeId?: number; state: 'open' | 'done' | 'all'; leadId?: number }): Promise<TaskRow[]> {
    return this.db().query(
      `SELECT ${TASK_COLUMNS} FROM "leads"."tasks" t LEFT JOIN "leads"."leads" l ON l."id" = t."lead_id"
        WHERE t."client_id" = $1 AND ($2::int IS NULL OR t."assignee_user_id" = $2) AND ($4::bigint IS NULL OR t."lead_id" = $4)
          AND ($3 = 'all' OR t."done" = ($3 = 'done'))
        ORDER BY (NOT t."done" AND t."due_at" < now()) DESC, t."due_at", t."id" LIMIT 500`,
      [filter.clientId, filter.assigneeId ?? null, filter.state, filter.leadId ?? null],
    ) as Promise<TaskRow[]>;
  }

  /** A notice to one user, due at once (an assignment). */
  async addNotice(input: { clientId: number; userId: number; kind: 'assigned'; leadId: number }, manager: EntityManager): Promise<void> {
    await manager.query(`INSERT INTO "leads"."user_notices" ("client_id", "user_id", "kind", "lead_id", "due_at") VALUES ($1, $2, $3, $4, now())`, [
      input.clientId,
      input.userId,
      input.kind,
      input.leadId,
    ]);
  }

  /**
   * The task's reminder, due at its time to its assignee: one row per task. A moved time or a new assignee makes
   * it due again (unsent); a done task's reminder is settled and never sent.
   */
  async scheduleTaskReminder(task: { id: string; clientId: number; leadId: string | null; userId: number; dueAt: Date; done: boolean }, resend: boolean, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO "leads"."user_notices" ("client_id", "user_id", "kind", "lead_id", "task_id", "due_at", "sent_at", "outcome")
       VALUES ($1, $2, 'task_due', $3, $4, $5, CASE WHEN $6 THEN now() END, CASE WHEN $6 THEN 'The task was done.' END)
       ON CONFLICT ("task_id") WHERE "task_id" IS NOT NULL DO UPDATE SET
         "user_id" = EXCLUDED."user_id", "due_at" = EXCLUDED."due_at",
         "sent_at" = CASE WHEN $6 THEN COALESCE("user_notices"."sent_at", now()) WHEN $7 THEN NULL ELSE "user_notices"."sent_at" END,
         "outcome" = CASE WHEN $6 AND "user_notices"."sent_at" IS NULL THEN 'The task was done.' WHEN $7 THEN NULL ELSE "user_notices"."outcome" END`,
      [task.clientId, task.userId, task.leadId, task.id, task.dueAt, task.done, resend],
    );
  }
}
