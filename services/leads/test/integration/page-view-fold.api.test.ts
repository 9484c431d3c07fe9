import { randomBytes, randomInt } from 'node:crypto';
import { cellField, OTHER_CAMPAIGN_KEY, pageViewKeys, type PageViewCell } from '@hap/contracts';
import { Redis } from 'ioredis';
import { createDataSource } from '../../src/db/data-source';
import { cachedCampaigns, fixedCampaigns, PageViewFolder, startPageViewFold } from '../../src/modules/results/page-view-fold';

/**
 * The leads worker's fold of the page views the public shell counts in Redis
 * into leads.page_view_rollups, with real Redis and
 * PostgreSQL: exactly once, whatever stops midway.
 */
describe('page view fold: Redis counts → PostgreSQL rollups, exactly once', () => {
  const dataSource = createDataSource(process.env.DATABASE_URL as string);
  const redis = new Redis(process.env.REDIS_URL as string);
  let prefix: string;
  let keys: ReturnType<typeof pageViewKeys>;
  let clientId: number;

  /** The clinic's one launched campaign, as the ads service names it. */
  const known = () => fixedCampaigns([{ clientId, campaignId: '20123456789' }]);
  const cell = (fields: Partial<PageViewCell> = {}): PageViewCell => ({ day: '2026-11-27', clientId, serviceId: 6, kind: 'service', variant: 'A', source: 'paid_google', campaignId: '20123456789', ...fields });
  /** What the shell writes for `views` views of a cell by these visitors (frontends/public-shell/server/page-views.ts). */
  async function counted(at: PageViewCell, views: number, visitors: string[]) {
    const field = cellField(at);
    await redis.multi().hincrby(keys.live, field, views).pfadd(keys.visitors(field), ...visitors).sadd(keys.touched, field).exec();
  }
  const rows = async () =>
    (await dataSource.query(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day", "service_id" AS "serviceId", "page_kind" AS "kind", "variant", "source", "campaign_id" AS "campaignId", "views"::int AS "views", "visitors"
       FROM "leads"."page_view_rollups" WHERE "client_id" = $1 ORDER BY "day", "service_id", "page_kind", "variant", "source", "campaign_id"`,
      [clientId],
    )) as Array<Record<string, unknown>>;

  beforeAll(async () => {
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    redis.disconnect();
  });
  beforeEach(() => {
    prefix = `${process.env.REDIS_PREFIX}_pv_${randomBytes(4).toString('hex')}`;
    keys = pageViewKeys(prefix);
    clientId = randomInt(1_000_000, 2_000_000_000);
  });
  afterEach(async () => {
    const left = await redis.keys(`${prefix}:*`);
    if (left.length) await redis.del(...left);
  });

  it('folds 2,000 forged campaign ids into one ‘other’ row while the clinic’s launched campaign keeps its own', async () => {
    const folder = new PageViewFolder(redis, dataSource, prefix, known());
    await counted(cell(), 4, ['v1', 'v2']);
    const write = redis.multi();
    for (let i = 0; i < 2000; i += 1) {
      const field = cellField(cell({ campaignId: String(30_000_000_000 + i) }));
      write.hincrby(keys.live, field, 1).pfadd(keys.visitors(field), `forger-${i % 7}`).sadd(keys.touched, field);
    }
    await write.exec();
    // Another clinic's launched campaign is no campaign of this one's either.
    await counted(cell({ campaignId: '99999999999' }), 1, ['v9']);
    await folder.fold();
    expect(await rows()).toEqual([
      { day: '2026-11-27', serviceId: 6, kind: 'service', variant: 'A', source: 'paid_google', campaignId: '20123456789', views: 4, visitors: 2 },
      { day: '2026-11-27', serviceId: 6, kind: 'service', variant: 'A', source: 'paid_google', campaignId: OTHER_CAMPAIGN_KEY, views: 2001, visitors: 1 },
    ]);
  });

  it('waits for the ads service’s first answer before folding campaign cells (the batch stays in Redis), then folds it once', async () => {
    let up = false;
    const campaigns = cachedCampaigns(async () => {
      if (!up) throw new Error('ads unreachable');
      return { campaigns: [{ clientId, campaignId: '20123456789' }] };
    });
    const folder = new PageViewFolder(redis, dataSource, prefix, campaigns);
    await counted(cell(), 3, ['v1']);
    await counted(cell({ campaignId: '123' }), 2, ['v2']);
    await expect(folder.fold()).rejects.toThrow('ads unreachable');
    expect(await rows()).toEqual([]);
    up = true;
    await folder.fold();
    expect((await rows()).map((r) => [r.campaignId, r.views, r.visitors])).toEqual([
      ['20123456789', 3, 1],
      [OTHER_CAMPAIGN_KEY, 2, 1],
    ]);
  });

  it('adds each fold’s counts to the rollups, keeps the largest visitor estimate and empties Redis of what it folded', async () => {
    const folder = new PageViewFolder(redis, dataSource, prefix, known());
    await counted(cell(), 3, ['v1', 'v2']);
    await counted(cell({ serviceId: null, kind: 'home', variant: '-', source: 'direct', campaignId: null }), 1, ['v1']);
    expect(await folder.fold()).toMatchObject({ batches: 1, cells: 2, views: 4, visitorCells: 2, unreadable: 0 });

    await counted(cell(), 2, ['v2', 'v3']);
    expect(await folder.fold()).toMatchObject({ batches: 1, cells: 1, views: 2, visitorCells: 1 });
    expect(await rows()).toEqual([
      { day: '2026-11-27', serviceId: 0, kind: 'home', variant: '-', source: 'direct', campaignId: '', views: 1, visitors: 1 },
      { day: '2026-11-27', serviceId: 6, kind: 'service', variant: 'A', source: 'paid_google', campaignId: '20123456789', views: 5, visitors: 3 },
    ]);
    // Nothing new: nothing added, and the counts' keys are gone (the visitor sets stay for the day).
    expect(await folder.fold()).toMatchObject({ batches: 0, cells: 0, views: 0 });
    expect((await rows())[1]).toMatchObject({ views: 5, visitors: 3 });
    expect(await redis.exists(keys.live, keys.touched)).toBe(0);
    expect(await redis.keys(`${prefix}:pv:fold*`)).toEqual([]);
  });

  it('a fold that stopped after its commit adds nothing twice; one that stopped before is folded by the next', async () => {
    const folder = new PageViewFolder(redis, dataSource, prefix, known());
    // Stopped after its commit: its batch is still in Redis, its id in page_view_folds.
    await counted(cell(), 4, ['v1']);
    await redis.rename(keys.live, keys.folding(`committed-${clientId}`));
    await dataSource.query(`INSERT INTO "leads"."page_view_folds" ("id", "cells", "views") VALUES ($1, 1, 4)`, [`committed-${clientId}`]);
    await dataSource.query(
      `INSERT INTO "leads"."page_view_rollups" ("day", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id", "views") VALUES ('2026-11-27', $1, 6, 'service', 'A', 'paid_google', '20123456789', 4)`,
      [clientId],
    );
    // Stopped before its commit (PostgreSQL away, the worker killed): its batch waits in Redis.
    await counted(cell({ source: 'organic_search' }), 2, ['v2']);
    await redis.rename(keys.live, keys.folding(`stopped-${clientId}`));
    // And what was counted since.
    await counted(cell(), 1, ['v3']);

    const result = await folder.fold();
    expect(result).toMatchObject({ batches: 3, views: 3 });
    expect(await rows()).toEqual([
      expect.objectContaining({ source: 'organic_search', views: 2 }),
      expect.objectContaining({ source: 'paid_google', views: 5 }),
    ]);
    expect(await redis.keys(`${prefix}:pv:fold:*`)).toEqual([]);
  });

  it('two workers folding at once count every view once', async () => {
    const a = new PageViewFolder(redis, dataSource, prefix, known());
    const b = new PageViewFolder(redis, dataSource, prefix, known());
    await counted(cell(), 7, ['v1']);
    await redis.rename(keys.live, keys.folding(`left-${clientId}`));
    await counted(cell(), 5, ['v2']);
    await Promise.all([a.fold(), b.fold(), a.fold()]);
    expect(await rows()).toEqual([expect.objectContaining({ views: 12, visitors: 2 })]);
  });

  it('drops fields it cannot read instead of failing the fold', async () => {
    const folder = new PageViewFolder(redis, dataSource, prefix, known());
    await counted(cell(), 2, ['v1']);
    await redis.hset(keys.live, 'not|a|cell', '3', cellField(cell({ source: 'direct' })), 'many');
    expect(await folder.fold()).toMatchObject({ cells: 1, views: 2, unreadable: 2 });
    expect(await rows()).toEqual([expect.objectContaining({ source: 'paid_google', views: 2 })]);
  });

  it('the worker’s loop folds on its interval and once more when it stops', async () => {
    const loop = startPageViewFold({ dataSource, campaigns: known(), redis: { url: process.env.REDIS_URL as string, prefix }, intervalMs: 100, onError: (err) => { throw err; } });
    await counted(cell(), 2, ['v1']);
    for (let i = 0; i < 50 && (await rows()).length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await rows()).toEqual([expect.objectContaining({ views: 2 })]);
    await counted(cell(), 1, ['v2']);
    await loop.stop();
    expect(await rows()).toEqual([expect.objectContaining({ views: 3, visitors: 2 })]);
  });
});
