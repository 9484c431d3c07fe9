import type { EntityManager } from 'typeorm';

/**
 * What ads holds of one clinic: its launch records (the launch log, with each
 * launch's request), the sync state of its Google Ads account and its campaigns' states, its search terms
 * and the recommendations applied from them. The spend
 * already read (campaign_performance, keyword_performance) is kept: it is
 * money the agency spent (docs/data-retention.md).
 */
export class ClientDeletionRepository {
  async deleteClinic(clientId: number, manager: EntityManager): Promise<{ launches: number; accounts: number }> {
    const [, launches] = (await manager.query(`DELETE FROM "ads"."campaign_launch_logs" WHERE "client_id" = $1`, [clientId])) as [unknown, number];
    const [, accounts] = (await manager.query(`DELETE FROM "ads"."performance_accounts" WHERE "client_id" = $1`, [clientId])) as [unknown, number];
    await manager.query(`DELETE FROM "ads"."search_term_performance" WHERE "client_id" = $1`, [clientId]);
    await manager.query(`DELETE FROM "ads"."campaign_states" WHERE "client_id" = $1`, [clientId]);
    await manager.query(`DELETE FROM "ads"."recommendation_actions" WHERE "client_id" = $1`, [clientId]);
    return { launches, accounts };
  }
}
