import type { DataSource, EntityManager } from 'typeorm';

/** A former path of a page: a template's (every clinic's page of it without a path of its own) or one client service's. */
export interface FormerPath {
  templateId: number | null;
  clientServiceId: number | null;
}

/**
 * templates.page_path_history (docs/admin.md#page-paths): every path a page has
 * had, kept until the template or the service is deleted.
 */
export class PagePathRepository {
  constructor(private readonly dataSource: DataSource) {}

  private manager(manager?: EntityManager) {
    return manager ?? this.dataSource.manager;
  }

  /** A template's slug changed from `path`: every clinic's page of it had that path. */
  async recordTemplatePath(templateId: number, path: string, manager?: EntityManager): Promise<void> {
    await this.manager(manager).query(`INSERT INTO "templates"."page_path_history" ("path", "template_id") VALUES (lower($1), $2)`, [path, templateId]);
  }

  /** A client service's page left `path` (its own path or its template's slug). */
  async recordServicePath(clientServiceId: number, clientId: number, path: string, manager?: EntityManager): Promise<void> {
    await this.manager(manager).query(
      `INSERT INTO "templates"."page_path_history" ("path", "client_service_id", "client_id") VALUES (lower($1), $2, $3)`,
      [path, clientServiceId, clientId],
    );
  }

  /**
   * The pages that once had `path` for this clinic, newest first: the clinic's own
   * services' former paths before templates' former slugs.
   */
  async formerPagesAt(clientId: number, path: string, manager?: EntityManager): Promise<FormerPath[]> {
    const rows: Array<{ template_id: number | null; client_service_id: number | null }> = await this.manager(manager).query(
      `SELECT "template_id", "client_service_id" FROM "templates"."page_path_history"
        WHERE "path" = lower($1) AND ("client_id" = $2 OR "template_id" IS NOT NULL)
        ORDER BY ("client_service_id" IS NULL), "id" DESC
        LIMIT 20`,
      [path, clientId],
    );
    return rows.map((r) => ({ templateId: r.template_id, clientServiceId: r.client_service_id }));
  }
}
