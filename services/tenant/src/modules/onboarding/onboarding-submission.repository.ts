import type { EntityManager } from 'typeorm';
import { SAME_BUSINESS_WINDOW_HOURS } from './onboarding.rules';

export interface Submission {
  client_id: number;
  request_hash: string;
  service_ids: number[];
  name: string;
}

/** A submission not yet handed to templates (its ClinicOnboardedEvent). */
export interface UnrelayedSubmission {
  submissionId: number;
  clientId: number;
  templateIds: number[];
}

/** Queries on tenant.onboarding_submissions: the sign-up's (inside its transaction) and its outbox relay's. */
export class OnboardingSubmissionRepository {
  /** One sign-up of a business at a time, until the transaction ends. */
  async lockBusiness(manager: EntityManager, businessKey: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('onboarding'), hashtext($1))`, [businessKey]);
  }

  /** Records a sign-up; a repeat of an earlier one keeps the first row with its key (ON CONFLICT DO NOTHING). */
  async record(
    manager: EntityManager,
    row: { clientId: number; key: string | null; businessKey: string; hash: string; serviceIds: number[] },
    { repeat }: { repeat: boolean },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "tenant"."onboarding_submissions" ("client_id", "idempotency_key", "business_key", "request_hash", "service_ids")
       VALUES ($1, $2, $3, $4, $5)${repeat ? ' ON CONFLICT ("idempotency_key") DO NOTHING' : ''}`,
      [row.clientId, row.key, row.businessKey, row.hash, row.serviceIds],
    );
  }

  /** The sign-up this one repeats: by its key, else the same business within the window. */
  async earlier(manager: EntityManager, key: string | null, businessKey: string): Promise<{ row: Submission; byKey: boolean } | null> {
    const select = `SELECT s."client_id", s."request_hash", s."service_ids", c."name" FROM "tenant"."onboarding_submissions" s
      JOIN "tenant"."clients" c ON c."id" = s."client_id"`;
    if (key) {
      const [row] = (await manager.query(`${select} WHERE s."idempotency_key" = $1`, [key])) as Submission[];
      if (row) return { row, byKey: true };
    }
    const [row] = (await manager.query(
      `${select} WHERE s."business_key" = $1 AND s."created_at" > now() - make_interval(hours => $2) ORDER BY s."id" DESC LIMIT 1`,
      [businessKey, SAME_BUSINESS_WINDOW_HOURS],
    )) as Submission[];
    return row ? { row, byKey: false } : null;
  }

  /** The services a clinic chose at its sign-ups, by id. */
  async chosenServices(manager: EntityManager, clientId: number): Promise<number[]> {
    const rows = (await manager.query(
      `SELECT DISTINCT unnest("service_ids") AS "id" FROM "tenant"."onboarding_submissions" WHERE "client_id" = $1 ORDER BY 1`,
      [clientId],
    )) as Array<{ id: number }>;
    return rows.map((r) => r.id);
  }

  /** Up to `batch` submissions not yet relayed, locked (SKIP LOCKED: relays share the work). */
  async claimUnrelayed(manager: EntityManager, batch: number): Promise<UnrelayedSubmission[]> {
    const rows = (await manager.query(
      `SELECT "id", "client_id", "service_ids" FROM "tenant"."onboarding_submissions" WHERE "relayed_at" IS NULL ORDER BY "id" LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [batch],
    )) as Array<{ id: number; client_id: number; service_ids: number[] }>;
    return rows.map((r) => ({ submissionId: r.id, clientId: r.client_id, templateIds: r.service_ids }));
  }

  async markRelayed(manager: EntityManager, submissionIds: number[]): Promise<void> {
    await manager.query(`UPDATE "tenant"."onboarding_submissions" SET "relayed_at" = now() WHERE "id" = ANY($1::int[])`, [submissionIds]);
  }
}
