import type { EntityManager } from 'typeorm';

/** What templates holds of one clinic: its client services (their content and settings are columns of the row) and experiments. */
export class ClientDeletionRepository {
  /** Deletes the clinic's experiments and client services; returns how many of each went. */
  async deleteClinic(clientId: number, manager: EntityManager): Promise<{ services: number; experiments: number }> {
    const [, experiments] = (await manager.query(`DELETE FROM "templates"."experiments" WHERE "client_id" = $1`, [clientId])) as [unknown, number];
    const [, services] = (await manager.query(`DELETE FROM "templates"."client_services" WHERE "client_id" = $1`, [clientId])) as [unknown, number];
    return { services, experiments };
  }
}
