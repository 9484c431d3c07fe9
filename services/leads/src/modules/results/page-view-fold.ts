import { randomUUID } from 'node:crypto';
import { cellField, cellOfField, experimentCellOfField, OTHER_CAMPAIGN_KEY, pageViewKeys, type ClinicCampaignIds, type ExperimentViewCell, type PageViewCell } from '@hap/contracts';
import type { QueueRedis } from '@hap/service-kit';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { ExperimentCountsSink } from './experiment-counts';
import { PageViewRepository } from './page-view.repository';

/**
 * Folds the page views the public shell counted in Redis
 * (frontends/public-shell/server/page-views.ts) into PostgreSQL rollups
 * (leads.page_view_rollups), exactly once:
 *
 * 1. the live count hash is renamed to a batch of this fold's own id (atomic:
 *    views counted meanwhile start a new live hash);
 * 2. the batch's counts are added to the rollups in one transaction that also
 *    records the batch id in leads.page_view_folds; a batch whose id is there
 *    already (a fold that stopped after its commit) adds nothing;
 * 3. the batch is deleted.
 *
 * A batch left by a fold that stopped midway (a worker killed, PostgreSQL
 * away) is found by the next fold of any worker and folded then. Visitors
 * are absolute, not added: each cell touched since the last fold gets its
 * visitor set's estimate, and the rollup keeps the largest seen.
 *
 * An experiment's arm is counted by the shell in the same hash
 * under its own field (`x|day|experiment|variant`) and folded in the same
 * transaction into leads.experiment_view_rollups.
 */

/**
 * The campaign ids each clinic has (its launches', from the ads service):
 * only those become campaign rows of their own; any other landing `hap_cid`
 * is folded into the clinic's one 'other' row (contracts OTHER_CAMPAIGN_KEY),
 * so forged values cannot grow the rollups (one row, not one per value).
 */
export interface KnownCampaigns {
  /** The clinics' campaign ids; throws when they cannot be known (the fold then waits: its batch stays in Redis). */
  byClinic(): Promise<ReadonlyMap<number, ReadonlySet<string>>>;
}

/** Known campaigns from a fixed list (tests and tools). */
export const fixedCampaigns = (campaigns: ClinicCampaignIds['campaigns']): KnownCampaigns => {
  const map = new Map<number, Set<string>>();
  for (const c of campaigns) map.set(c.clientId, (map.get(c.clientId) ?? new Set()).add(c.campaignId));
  return { byClinic: async () => map };
};

/**
 * The ads service's answer, kept `ttlMs` (a campaign launched a moment ago
 * counts as its own within that long); while ads cannot answer, the last
 * answer stands, and before any answer the fold waits.
 */
export function cachedCampaigns(read: () => Promise<ClinicCampaignIds>, ttlMs = 60_000, now = () => Date.now()): KnownCampaigns {
  let kept: { at: number; map: ReadonlyMap<number, ReadonlySet<string>> } | null = null;
  return {
    async byClinic() {
      if (kept && now() - kept.at < ttlMs) return kept.map;
      try {
        kept = { at: now(), map: await fixedCampaigns((await read()).campaigns).byClinic() };
      } catch (err) {
        if (!kept) throw err;
      }
      return kept.map;
    },
  };
}

/** The cell as it is kept: its campaign id when the clinic has that campaign, else the one 'other' key. */
function keptCell(cell: PageViewCell, known: ReadonlyMap<number, ReadonlySet<string>> | null): PageViewCell {
  if (!cell.campaignId || !known || known.get(cell.clientId)?.has(cell.campaignId)) return cell;
  return { ...cell, campaignId: OTHER_CAMPAIGN_KEY };
}

/** Cells that became one (forged campaign ids folded together) as one: views added, the largest visitor estimate kept. */
function merged(cells: PageViewCell[], counts: number[], combine: (a: number, b: number) => number): { cells: PageViewCell[]; counts: number[] } {
  const at = new Map<string, number>();
  const out: { cells: PageViewCell[]; counts: number[] } = { cells: [], counts: [] };
  cells.forEach((cell, i) => {
    const key = cellField(cell);
    const index = at.get(key);
    if (index === undefined) {
      at.set(key, out.cells.length);
      out.cells.push(cell);
      out.counts.push(counts[i]!);
    } else out.counts[index] = combine(out.counts[index]!, counts[i]!);
  });
  return out;
}

export interface FoldResult {
  /** Batches folded now (leftovers included). */
  batches: number;
  cells: number;
  views: number;
  /** Cells whose visitors were read. */
  visitorCells: number;
  /** Hash fields that are not cells of this version: dropped. */
  unreadable: number;
}

const CHUNK = 500;

async function keysLike(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    found.push(...keys);
  } while (cursor !== '0');
  return found;
}

/** Renames `from` to `to`; false when there is nothing to rename. */
async function take(redis: Redis, from: string, to: string): Promise<boolean> {
  try {
    await redis.rename(from, to);
    return true;
  } catch (err) {
    if (/no such key/i.test((err as Error).message)) return false;
    throw err;
  }
}

export class PageViewFolder {
  private readonly keys;
  private readonly rollups: PageViewRepository;

  constructor(
    private readonly redis: Redis,
    dataSource: DataSource,
    prefix: string,
    private readonly campaigns: KnownCampaigns,
    /** Where folded experiment views are counted again for templates; absent in tests of the fold alone. */
    private readonly experimentCounts: ExperimentCountsSink | null = null,
  ) {
    this.keys = pageViewKeys(prefix);
    this.rollups = new PageViewRepository(dataSource);
  }

  /** Which campaign ids are the clinics' own, asked only when some cell names a campaign. */
  private async known(cells: readonly PageViewCell[]): Promise<ReadonlyMap<number, ReadonlySet<string>> | null> {
    return cells.some((c) => c.campaignId) ? this.campaigns.byClinic() : null;
  }

  /** One fold: leftover batches, then what was counted since the last fold. */
  async fold(): Promise<FoldResult> {
    const result: FoldResult = { batches: 0, cells: 0, views: 0, visitorCells: 0, unreadable: 0 };
    const id = randomUUID();
    const batches = await keysLike(this.redis, this.keys.foldingPattern);
    if (await take(this.redis, this.keys.live, this.keys.folding(id))) batches.push(this.keys.folding(id));
    for (const key of new Set(batches)) await this.foldViews(key, result);

    const touched = await keysLike(this.redis, this.keys.touchedFoldingPattern);
    if (await take(this.redis, this.keys.touched, this.keys.touchedFolding(id))) touched.push(this.keys.touchedFolding(id));
    for (const key of new Set(touched)) await this.foldVisitors(key, result);
    return result;
  }

  private async foldViews(key: string, result: FoldResult): Promise<void> {
    const batchId = key.slice(this.keys.folding('').length);
    const counts = await this.redis.hgetall(key);
    const cells: PageViewCell[] = [];
    const views: number[] = [];
    const armCells: ExperimentViewCell[] = [];
    const armViews: number[] = [];
    for (const [field, value] of Object.entries(counts)) {
      const count = Number(value);
      const arm = experimentCellOfField(field);
      const cell = arm ? null : cellOfField(field);
      if ((!cell && !arm) || !Number.isSafeInteger(count) || count <= 0) {
        result.unreadable += 1;
        continue;
      }
      if (arm) {
        armCells.push(arm);
        armViews.push(count);
      } else {
        cells.push(cell!);
        views.push(count);
      }
    }
    const known = await this.known(cells);
    const kept = merged(
      cells.map((c) => keptCell(c, known)),
      views,
      (a, b) => a + b,
    );
    cells.splice(0, cells.length, ...kept.cells);
    views.splice(0, views.length, ...kept.counts);
    const total = views.reduce((a, b) => a + b, 0);
    const added = await this.rollups.addViews(batchId, { cells, views, total }, { cells: armCells, views: armViews });
    if (added) await this.experimentCounts?.publish(armCells.map((c) => c.experimentId));
    await this.redis.del(key);
    result.batches += 1;
    if (added) {
      result.cells += cells.length + armCells.length;
      result.views += total;
    }
  }

  private async foldVisitors(key: string, result: FoldResult): Promise<void> {
    const fields = await this.redis.smembers(key);
    for (let i = 0; i < fields.length; i += CHUNK) {
      const chunk = fields.slice(i, i + CHUNK);
      const read = this.redis.pipeline();
      for (const field of chunk) read.pfcount(this.keys.visitors(field));
      const answers = (await read.exec()) ?? [];
      const cells: PageViewCell[] = [];
      const visitors: number[] = [];
      const armCells: ExperimentViewCell[] = [];
      const armVisitors: number[] = [];
      chunk.forEach((field, index) => {
        const [err, count] = answers[index] ?? [new Error('no answer'), null];
        if (err || typeof count !== 'number') return;
        const arm = experimentCellOfField(field);
        if (arm) {
          armCells.push(arm);
          armVisitors.push(count);
          return;
        }
        const cell = cellOfField(field);
        if (!cell) return;
        cells.push(cell);
        visitors.push(count);
      });
      if (armCells.length > 0) {
        await this.rollups.addExperimentVisitors(armCells, armVisitors);
        result.visitorCells += armCells.length;
        await this.experimentCounts?.publish(armCells.map((c) => c.experimentId));
      }
      if (cells.length === 0) continue;
      // Forged campaign ids share the clinic's 'other' row: its visitors are the largest of theirs (an undercount, never an inflation).
      const known = await this.known(cells);
      const kept = merged(
        cells.map((c) => keptCell(c, known)),
        visitors,
        Math.max,
      );
      cells.splice(0, cells.length, ...kept.cells);
      visitors.splice(0, visitors.length, ...kept.counts);
      await this.rollups.addVisitors(cells, visitors);
      result.visitorCells += cells.length;
    }
    await this.redis.del(key);
  }
}

/** Folds every `intervalMs` until stopped; a failed fold is told and tried again next time (its batch waits in Redis). */
export function startPageViewFold(options: {
  dataSource: DataSource;
  redis: QueueRedis;
  campaigns: KnownCampaigns;
  /** Where folded experiment views are counted again for templates. */
  experimentCounts?: ExperimentCountsSink;
  intervalMs: number;
  onFolded?: (result: FoldResult) => void;
  onError: (err: unknown) => void;
}): { stop(): Promise<void> } {
  const redis = new Redis(options.redis.url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  const folder = new PageViewFolder(redis, options.dataSource, options.redis.prefix, options.campaigns, options.experimentCounts);
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = folder
      .fold()
      .then((result) => options.onFolded?.(result), options.onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      // What the shell wrote until now is folded before the worker goes.
      await folder.fold().catch(options.onError);
      redis.disconnect();
    },
  };
}
