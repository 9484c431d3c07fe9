import type { DataSource } from 'typeorm';

/** ads.conversion_actions: the conversion action each Google Ads account uploads to, made once. */
export class ConversionActionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async actionIdOf(customerId: string): Promise<string | null> {
    const [known] = (await this.dataSource.query(`SELECT "action_id" FROM "ads"."conversion_actions" WHERE "customer_id" = $1`, [customerId])) as Array<{ action_id: string }>;
    return known?.action_id ?? null;
  }

  /** Keeps the account's action; one made meanwhile by another upload wins (ON CONFLICT DO NOTHING). */
  async remember(customerId: string, actionId: string, name: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "ads"."conversion_actions" ("customer_id", "action_id", "name") VALUES ($1, $2, $3) ON CONFLICT ("customer_id") DO NOTHING`,
      [customerId, actionId, name],
    );
  }
}
