import type { ExperimentViewCell, PageViewCell } from '@hap/contracts';
import type { DataSource } from 'typeorm';

const columnsOf = (cells: PageViewCell[]) => [
  cells.map((c) => c.day),
  cells.map((c) => c.clientId),
  cells.map((c) => c.serviceId ?? 0),
  cells.map((c) => c.kind),
  cells.map((c) => c.variant),
  cells.map((c) => c.source),
  cells.map((c) => c.campaignId ?? ''),
];

const experimentColumnsOf = (cells: ExperimentViewCell[]) => [cells.map((c) => c.experimentId), cells.map((c) => c.variant), cells.map((c) => c.day)];
const UNNEST_EXPERIMENT_CELLS = `unnest($1::int[], $2::text[], $3::date[]`;
const EXPERIMENT_KEY = `("experiment_id", "variant", "day")`;

const UNNEST_CELLS = `unnest($1::date[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[]`;
const CELL_COLUMNS = `"day", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id"`;
const CELL_KEY = `(${CELL_COLUMNS})`;

/** The page view rollups' writes (page-view-fold.ts folds the shell's counts into them). */
export class PageViewRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Adds one batch's views, in one transaction that records the batch id in
   * leads.page_view_folds; false (nothing added) when the batch was folded before.
   */
  addViews(
    batchId: string,
    pages: { cells: PageViewCell[]; views: number[]; total: number },
    arms: { cells: ExperimentViewCell[]; views: number[] },
  ): Promise<boolean> {
    const { cells, views, total } = pages;
    const { cells: armCells, views: armViews } = arms;
    return this.dataSource.transaction(async (manager) => {
      const first = (await manager.query(
        `INSERT INTO "leads"."page_view_folds" ("id", "cells", "views") VALUES ($1, $2, $3) ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
        [batchId, cells.length, total],
      )) as unknown[];
      // Folded before (a fold that stopped after its commit): nothing to add twice.
      if (first.length === 0) return false;
      if (armCells.length > 0)
        await manager.query(
          `INSERT INTO "leads"."experiment_view_rollups" ("experiment_id", "variant", "day", "views")
           SELECT * FROM ${UNNEST_EXPERIMENT_CELLS}, $4::bigint[])
           ON CONFLICT ${EXPERIMENT_KEY} DO UPDATE SET "views" = "experiment_view_rollups"."views" + EXCLUDED."views"`,
          [...experimentColumnsOf(armCells), armViews],
        );
      if (cells.length === 0) return armCells.length > 0;
      await manager.query(
        `INSERT INTO "leads"."page_view_rollups" (${CELL_COLUMNS}, "views")
         SELECT * FROM ${UNNEST_CELLS}, $8::bigint[])
         ON CONFLICT ${CELL_KEY} DO UPDATE SET "views" = "page_view_rollups"."views" + EXCLUDED."views"`,
        [...columnsOf(cells), views],
      );
      return true;
    });
  }

  async addExperimentVisitors(armCells: ExperimentViewCell[], armVisitors: number[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "leads"."experiment_view_rollups" ("experiment_id", "variant", "day", "visitors")
       SELECT * FROM ${UNNEST_EXPERIMENT_CELLS}, $4::int[])
       ON CONFLICT ${EXPERIMENT_KEY} DO UPDATE SET "visitors" = GREATEST("experiment_view_rollups"."visitors", EXCLUDED."visitors")`,
      [...experimentColumnsOf(armCells), armVisitors],
    );
  }

  /** Visitors are absolute: the rollup keeps the largest estimate seen. */
  async addVisitors(cells: PageViewCell[], visitors: number[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "leads"."page_view_rollups" (${CELL_COLUMNS}, "visitors")
       SELECT * FROM ${UNNEST_CELLS}, $8::int[])
       ON CONFLICT ${CELL_KEY} DO UPDATE SET "visitors" = GREATEST("page_view_rollups"."visitors", EXCLUDED."visitors")`,
      [...columnsOf(cells), visitors],
    );
  }
}
