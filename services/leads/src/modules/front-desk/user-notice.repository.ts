import type { DataSource } from 'typeorm';

/** A notice to one clinic user (docs/leads.md#tasks): an assignment, or a task due. */
export interface NoticeRow {
  id: string;
  client_id: number;
  user_id: number;
  kind: 'assigned' | 'task_due';
  lead_id: string | null;
  task_id: string | null;
}

/** SQL of leads.user_notices. */
export class UserNoticeRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Claims the notices due (oldest first), marking them sent in the same statement: each is claimed once. */
  claimDue(now: Date, batch: number, clientIds: readonly number[] | null): Promise<NoticeRow[]> {
    return this.dataSource.query(
      `UPDATE "leads"."user_notices" n SET "sent_at" = now(), "outcome" = 'Sending…'
        WHERE n."id" IN (
          SELECT "id" FROM "leads"."user_notices"
           WHERE "sent_at" IS NULL AND "due_at" <= $1 AND ($3::int[] IS NULL OR "client_id" = ANY($3::int[]))
           ORDER BY "due_at", "id" LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING n."id", n."client_id", n."user_id", n."kind", n."lead_id", n."task_id"`,
      [now, batch, clientIds],
    ).then((result: [NoticeRow[], number] | NoticeRow[]) => (Array.isArray(result[0]) ? (result[0] as NoticeRow[]) : (result as NoticeRow[])));
  }

  async settle(id: string, outcome: string): Promise<void> {
    await this.dataSource.query(`UPDATE "leads"."user_notices" SET "outcome" = $2 WHERE "id" = $1`, [id, outcome]);
  }
}
