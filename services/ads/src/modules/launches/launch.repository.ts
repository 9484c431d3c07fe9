import type { DataSource, EntityManager } from 'typeorm';
import { In, IsNull, LessThan, Not } from 'typeorm';
import { CAMPAIGN_CREATED_STATUSES, type LaunchStatus } from '@hap/contracts';
import { AuditLogEntity } from '@hap/service-kit';
import { leftOutDetails, type LaunchTally } from '../../campaign/launch-outcome';
import { recordLaunchOutcome } from './launch-audit';
import { CampaignLaunchEntity } from './launch.entity';

const UNFINISHED: LaunchStatus[] = ['queued', 'launching'];

/** The launch log's writes, shared by the API and the worker. A finished launch is never written again. */
/** A launch's service name, its campaign's state and its figures (launch log). */
export interface LaunchLogFacts {
  serviceName: string | null;
  state: { status: string; servingStatus: string; budgetMicros: number; readAt: Date } | null;
  figures: { impressions: number; clicks: number; costMicros: number; conversions: number } | null;
}

export class LaunchRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get repo() {
    return this.dataSource.getRepository(CampaignLaunchEntity);
  }

  get(id: string, manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(CampaignLaunchEntity).findOneBy({ id });
  }

  /** A new launch row (the caller's transaction also writes its audit entry). */
  insert(values: Partial<CampaignLaunchEntity>, manager: EntityManager): Promise<CampaignLaunchEntity> {
    const repo = manager.getRepository(CampaignLaunchEntity);
    return repo.save(repo.create(values));
  }

  save(launch: CampaignLaunchEntity, manager: EntityManager): Promise<CampaignLaunchEntity> {
    return manager.getRepository(CampaignLaunchEntity).save(launch);
  }

  /**
   * One change of a launch's campaign at a time, until `manager`'s transaction
   * ends (pausing, the budget, moving its pages): the second waits, then reads
   * the campaign as the first left it.
   */
  async lockCampaignChanges(launchId: string, manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`launched-campaign:${launchId}`]);
  }

  /** Launches that created a campaign in Google Ads, of one clinic, of some services or of some clinics' services on a template, newest first. */
  withCampaign(where: { clientId: number } | { serviceIds: number[] } | { templateId: number; clientIds: number[] }): Promise<CampaignLaunchEntity[]> {
    return this.repo.find({
      where: {
        ...('clientId' in where
          ? { clientId: where.clientId }
          : 'serviceIds' in where
            ? { serviceId: In(where.serviceIds) }
            : { templateId: where.templateId, clientId: In(where.clientIds) }),
        status: In([...CAMPAIGN_CREATED_STATUSES]),
        googleAdsCampaignId: Not(IsNull()),
      },
      order: { launchedAt: 'DESC', id: 'ASC' },
    });
  }

  listForClient(clientId: number, serviceId?: number) {
    return this.repo.find({ where: serviceId === undefined ? { clientId } : { clientId, serviceId }, order: { launchedAt: 'DESC' }, take: 100 });
  }

  /**
   * Whether the service may be launched now, decided inside the transaction
   * that writes the launch: a transaction-scoped advisory lock on the client
   * service makes launches of one service take turns from this check to their
   * commit, so a launch that ends between another's check and its write
   * cannot let that one through. An unfinished launch refuses every other
   * (the unique index `campaign_launch_logs_one_unfinished_key` stays as the
   * backstop); one that created its campaign refuses all but a confirmed one.
   */
  async refusalOf(manager: EntityManager, clientId: number, serviceId: number, launchAgain: boolean): Promise<{ underWay: true } | { created: CampaignLaunchEntity } | null> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('campaign-launch'), hashtext($1))`, [`${clientId}:${serviceId}`]);
    const repo = manager.getRepository(CampaignLaunchEntity);
    if (await repo.exists({ where: { clientId, serviceId, status: In(UNFINISHED) } })) return { underWay: true };
    if (launchAgain) return null;
    const created = await repo.findOne({ where: { clientId, serviceId, status: In([...CAMPAIGN_CREATED_STATUSES]) }, order: { launchedAt: 'DESC' } });
    return created ? { created } : null;
  }

  /**
   * The Google Ads campaign ids one clinic (or every clinic) has: those its
   * launches created, and those Google reported for its account (a campaign
   * made in Google Ads itself that carries `hap_cid`).
   */
  async campaignIds(clientId?: number): Promise<Array<{ clientId: number; campaignId: string }>> {
    const rows = (await this.dataSource.query(
      `SELECT "client_id" AS "clientId", "google_ads_campaign_id" AS "campaignId" FROM "ads"."campaign_launch_logs"
        WHERE "google_ads_campaign_id" IS NOT NULL AND ($1::int IS NULL OR "client_id" = $1)
       UNION
       SELECT "client_id", "campaign_id" FROM "ads"."campaign_performance"
        WHERE "client_id" IS NOT NULL AND ($1::int IS NULL OR "client_id" = $1)`,
      [clientId ?? null],
    )) as Array<{ clientId: number; campaignId: string }>;
    return rows.map((r) => ({ clientId: Number(r.clientId), campaignId: String(r.campaignId) }));
  }

  /**
   * Every ad group keyword of the campaigns one clinic service's launches created (what Google can
   * pass as a click's `{keyword}`, docs/campaigns.md#message-match), in no particular order.
   */
  async launchedKeywords(clientId: number, serviceId: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT k.value #>> '{}' AS "keyword" FROM "ads"."campaign_launch_logs" l
         CROSS JOIN LATERAL jsonb_path_query(l."request", 'lax $.adGroups[*].keywords[*] ? (@.type() == "string")') k(value)
        WHERE l."client_id" = $1 AND l."service_id" = $2 AND l."status" = ANY($3::text[])`,
      [clientId, serviceId, [...CAMPAIGN_CREATED_STATUSES]],
    )) as Array<{ keyword: string }>;
    return rows.map((r) => r.keyword);
  }

  /** Unfinished launches nothing has touched for `ms`. */
  stale(ms: number) {
    return this.repo.find({ where: { status: In(UNFINISHED), updatedAt: LessThan(new Date(Date.now() - ms)) }, take: 100 });
  }

  /** Still being worked on: counted as fresh again. */
  async touch(id: string): Promise<void> {
    await this.repo.update({ id, status: In(UNFINISHED) }, { updatedAt: new Date() });
  }

  /**
   * Claims a lost launch for queueing again: one statement counts the
   * recovery and marks it fresh, only while it is still unfinished and stale,
   * so of two ads workers sweeping at once exactly one takes it.
   */
  async claimRecovery(id: string, staleMs: number): Promise<boolean> {
    const result = await this.repo
      .createQueryBuilder()
      .update()
      .set({ recoveries: () => '"recoveries" + 1', updatedAt: () => 'now()' })
      .where({ id, status: In(UNFINISHED), updatedAt: LessThan(new Date(Date.now() - staleMs)) })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** The worker took it: launching, with what is left out so far (a crash after the mutate keeps it for the retry). */
  async progress(id: string, tally: LaunchTally): Promise<void> {
    await this.repo.update(
      { id, status: In(UNFINISHED) },
      {
        status: 'launching',
        failedKeywords: tally.failedKeywords,
        policyViolations: tally.policyViolations,
        failedAdGroups: tally.failedAdGroups.length,
        errorDetails: leftOutDetails(tally),
        updatedAt: new Date(),
      },
    );
  }

  /** The launch is over, its outcome in the Audit Log (launch-audit.ts) in the same transaction; false when it already was. */
  async finish(id: string, fields: Partial<Omit<CampaignLaunchEntity, 'id'>> & { status: LaunchStatus }): Promise<boolean> {
    const now = new Date();
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(CampaignLaunchEntity);
      const result = await repo.update({ id, status: In(UNFINISHED) }, { ...fields, finishedAt: now, updatedAt: now });
      if ((result.affected ?? 0) === 0) return false;
      await recordLaunchOutcome(manager, await repo.findOneByOrFail({ id }), await this.startEntry(id, manager));
      return true;
    });
  }

  /**
   * What the launch log shows beside each launch (docs/campaigns.md#campaigns-after-launch): the
   * service's name its start entry was written with, its campaign's state as the last read found
   * it, and its figures since `since` (Google's, summed); one query for the page of launches.
   */
  async logFacts(ids: readonly string[], since: string): Promise<Map<string, LaunchLogFacts>> {
    if (ids.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT l."id",
              (SELECT a."changes"->'names'->>'service' FROM "ads"."audit_log" a
               WHERE a."entity" = 'campaign_launch' AND a."entity_id" = l."id"::text AND a."action" = 'create' ORDER BY a."id" LIMIT 1) AS "service_name",
              s."status", s."serving_status", s."budget_micros"::float8 AS "budget_micros", s."read_at",
              f."days", f."impressions", f."clicks", f."cost_micros", f."conversions"
       FROM "ads"."campaign_launch_logs" l
       LEFT JOIN "ads"."campaign_states" s ON s."customer_id" = l."customer_id" AND s."campaign_id" = l."google_ads_campaign_id"
       LEFT JOIN LATERAL (
         SELECT count(*)::int AS "days", sum(p."impressions")::float8 AS "impressions", sum(p."clicks")::float8 AS "clicks",
                sum(p."cost_micros")::float8 AS "cost_micros", sum(p."conversions")::float8 AS "conversions"
         FROM "ads"."campaign_performance" p
         WHERE p."customer_id" = l."customer_id" AND p."campaign_id" = l."google_ads_campaign_id" AND p."date" >= $2::date
       ) f ON l."google_ads_campaign_id" IS NOT NULL
       WHERE l."id" = ANY($1::uuid[])`,
      [ids, since],
    )) as Array<Record<string, string | number | Date | null>>;
    return new Map(
      rows.map((r) => [
        String(r.id),
        {
          serviceName: r.service_name === null ? null : String(r.service_name),
          state: r.status === null ? null : { status: String(r.status), servingStatus: String(r.serving_status), budgetMicros: Number(r.budget_micros), readAt: new Date(r.read_at as Date) },
          figures: !r.days ? null : { impressions: Number(r.impressions), clicks: Number(r.clicks), costMicros: Number(r.cost_micros), conversions: Number(r.conversions) },
        },
      ]),
    );
  }

  /** The audit entry that started the launch (the admin who launched, the request, the names). */
  startEntry(id: string, manager: EntityManager): Promise<AuditLogEntity | null> {
    return manager.getRepository(AuditLogEntity).findOne({
      where: { entity: 'campaign_launch', entityId: id, action: 'create' },
      order: { id: 'ASC' },
    });
  }
}
