import type { EntityManager } from 'typeorm';

/** What leads holds of one clinic: its leads with their deliveries (the outbox), its page view counts, its booking rules and appointments. */
export class ClientDeletionRepository {
  /**
   * Deletes the clinic's leads (their deliveries go with them, ON DELETE
   * CASCADE) and its page view counts: the daily cells and both totals the
   * trigger keeps beside them. Returns how many leads and count rows went.
   */
  async deleteClinic(clientId: number, manager: EntityManager): Promise<{ leads: number; pageViewCells: number }> {
    const [, leads] = (await manager.query(`DELETE FROM "leads"."leads" WHERE "client_id" = $1`, [clientId])) as [unknown, number];
    const [, pageViewCells] = (await manager.query(`DELETE FROM "leads"."page_view_rollups" WHERE "client_id" = $1`, [clientId])) as [unknown, number];
    // The triggers have taken its leads and visits off the result cells (migration ResultCells); the rows they leave at zero go too.
    for (const table of ['result_days', 'result_weeks', 'result_months']) await manager.query(`DELETE FROM "leads"."${table}" WHERE "scope" = $1 OR "key_client" = $1`, [clientId]);
    // Its booking rules and appointments (docs/booking.md) go with it.
    await manager.query(`DELETE FROM "leads"."appointments" WHERE "client_id" = $1`, [clientId]);
    await manager.query(`DELETE FROM "leads"."booking_availability" WHERE "client_id" = $1`, [clientId]);
    await manager.query(`DELETE FROM "leads"."booking_feeds" WHERE "client_id" = $1`, [clientId]);
    // The front desk's tasks without a lead, notices of them and the round-robin cursor (docs/leads.md#the-front-desk).
    await manager.query(`DELETE FROM "leads"."tasks" WHERE "client_id" = $1`, [clientId]);
    await manager.query(`DELETE FROM "leads"."user_notices" WHERE "client_id" = $1`, [clientId]);
    await manager.query(`DELETE FROM "leads"."round_robin" WHERE "client_id" = $1`, [clientId]);
    await manager.query(`DELETE FROM "leads"."budget_alerts" WHERE "client_id" = $1`, [clientId]);
    return { leads, pageViewCells };
  }
}
