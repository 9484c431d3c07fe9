import type { DataSource, EntityManager } from 'typeorm';

/** One browser's push subscription, as the push adapter needs it. */
export interface StoredPushSubscription {
  userId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Queries on tenant.push_subscriptions: the browsers each clinic user
 * subscribed to pushes of new leads (docs/leads.md#delivery). An endpoint is
 * one device's: subscribing it again, as whoever is signed in there now, moves
 * it to them with its fresh keys.
 */
export class PushSubscriptionRepository {
  constructor(private readonly dataSource: DataSource) {}

  private db(manager?: EntityManager) {
    return manager ?? this.dataSource.manager;
  }

  async save(userId: number, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, manager?: EntityManager): Promise<void> {
    await this.db(manager).query(
      `INSERT INTO "tenant"."push_subscriptions" ("user_id", "endpoint", "p256dh", "auth") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("endpoint") DO UPDATE SET "user_id" = EXCLUDED."user_id", "p256dh" = EXCLUDED."p256dh", "auth" = EXCLUDED."auth", "created_at" = now()`,
      [userId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth],
    );
  }

  /** Deletes the endpoint (only the user's own when `userId` is given); whether one was there. */
  async delete(endpoint: string, userId?: number, manager?: EntityManager): Promise<boolean> {
    const [, count] = (await this.db(manager).query(
      `DELETE FROM "tenant"."push_subscriptions" WHERE "endpoint" = $1 AND ($2::int IS NULL OR "user_id" = $2)`,
      [endpoint, userId ?? null],
    )) as [unknown, number];
    return count > 0;
  }

  async countOf(userId: number, manager?: EntityManager): Promise<number> {
    const [row] = (await this.db(manager).query(`SELECT count(*)::int AS "n" FROM "tenant"."push_subscriptions" WHERE "user_id" = $1`, [userId])) as Array<{ n: number }>;
    return row.n;
  }

  /** The subscriptions of these users, oldest first. */
  async ofUsers(userIds: readonly number[], manager?: EntityManager): Promise<StoredPushSubscription[]> {
    if (!userIds.length) return [];
    const rows = (await this.db(manager).query(
      `SELECT "user_id", "endpoint", "p256dh", "auth" FROM "tenant"."push_subscriptions" WHERE "user_id" = ANY($1::int[]) ORDER BY "id"`,
      [userIds],
    )) as Array<{ user_id: number; endpoint: string; p256dh: string; auth: string }>;
    return rows.map((r) => ({ userId: r.user_id, endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } }));
  }
}
