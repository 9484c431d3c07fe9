import {
  Messages,
  type Experiment,
  type ExperimentArmInput,
  type ExperimentCounts,
  type ExperimentCreate,
  type ExperimentUpdate,
  type ExperimentVariant,
  type PageExperiment,
} from '@hap/contracts';
import { estimateArms, FLAT_PRIOR, POOLING, pooledPriors, posteriorCurves, recommend, type ArmCounts } from '@hap/stats';
import { assertAdmin, auditedTransaction, conflict, isUniqueViolation, notFound, unprocessable, type Actor } from '@hap/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { ClientServiceRepository } from '../client-service/client-service.repository';
import type { ClientServiceService } from '../client-service/client-service.service';
import type { ExperimentCountsReader } from './experiment-counts.reader';
import type { ExperimentEntity } from './experiment.entity';
import { ExperimentRepository } from './experiment.repository';

/** Other clinics' experiments read for a pooled prior: the newest this many. */
const NETWORK_LIMIT = 200;

/** The counts of one experiment's arms, by variant. */
type CountsByVariant = Map<string, ExperimentCounts>;

/** What an experiment's numbers are made of: its counts, and for pooling the network's. */
interface Readings {
  counts: Map<number, CountsByVariant>;
  unavailable: boolean;
}

const noCounts = (experimentId: number, variant: ExperimentVariant): ExperimentCounts => ({ experimentId, variant, views: 0, visitors: 0, leads: 0, bookings: 0 });

/**
 * Experiments: same-URL tests of a clinic service's page styles.
 * The public shell assigns each visitor of the service's plain URL an arm by
 * the weights (`runningFor`, read with the page content); the leads service
 * counts each arm's views, visitors, leads and bookings; the numbers here are
 * the shared statistics of `@hap/stats` (a Beta–Binomial model, pooled
 * across clinics on request) that `npm run sim:experiments` also runs.
 */
export class ExperimentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clientServices: ClientServiceService,
    private readonly counts: ExperimentCountsReader,
  ) {
    this.experiments = new ExperimentRepository(dataSource);
    this.services = new ClientServiceRepository(dataSource);
  }

  private readonly experiments: ExperimentRepository;
  private readonly services: ClientServiceRepository;


  /** The running experiment of a service, as the shell assigns visitors by it; null when none runs. */
  async runningFor(clientServiceId: number): Promise<PageExperiment | null> {
    const row = await this.experiments.runningFor(clientServiceId);
    return row ? { id: row.id, arms: row.arms.map(({ variant, weight }) => ({ variant, weight })) } : null;
  }

  async list(actor: Actor, clientId: number | undefined): Promise<Experiment[]> {
    assertAdmin(actor);
    const rows = await this.experiments.newest(clientId);
    const readings = await this.read(rows);
    return Promise.all(rows.map((row) => this.toDto(row, readings)));
  }

  async get(actor: Actor, id: number): Promise<Experiment> {
    assertAdmin(actor);
    const row = await this.experiments.findById(id);
    if (!row) throw notFound(Messages.experimentNotFound(id));
    return this.toDto(row, await this.read([row]));
  }

  async create(actor: Actor, input: ExperimentCreate): Promise<Experiment> {
    assertAdmin(actor);
    let created: ExperimentEntity;
    try {
      // The entry names the service and its clinic as they are now (read before the transaction: tenant is asked).
      const names = await this.clientServices.auditNames(input.serviceId, actor.requestId);
      created = await auditedTransaction(this.dataSource, actor, async (manager) => {
        // The service row locked: two admins starting an experiment on it at once cannot both succeed.
        const service = await this.services.findByIdForWrite(input.serviceId, manager, 'delete');
        if (!service || service.clientId !== input.clientId) throw notFound(Messages.experimentServiceNotClinics(input.serviceId, input.clientId));
        if (!service.isActive) throw conflict(Messages.experimentServiceInactive);
        if (await this.experiments.openOn(service.id, manager))
          throw conflict(Messages.experimentAlreadyOpen);
        const row = await this.experiments.insertRow(
          {
            clientId: service.clientId,
            clientServiceId: service.id,
            templateId: service.templateId,
            goal: input.goal,
            arms: input.arms,
            pooling: input.pooling,
            status: 'running',
          },
          manager,
        );
        return { result: row, audit: { action: 'create', entity: 'experiment', entityId: row.id, changes: { after: auditView(row) }, names } };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(Messages.experimentAlreadyOpen);
      throw err;
    }
    return this.get(actor, created.id);
  }

  /** New weights for the same styles, a goal or pooling; an assigned visitor keeps their arm (the shell's cookie). */
  async update(actor: Actor, id: number, input: ExperimentUpdate): Promise<Experiment> {
    return this.change(actor, id, (row) => {
      if (row.status === 'stopped') throw conflict(Messages.experimentStopped);
      if (input.arms) {
        const before = new Set(row.arms.map((a) => a.variant));
        if (input.arms.length !== before.size || input.arms.some((a) => !before.has(a.variant))) throw unprocessable(Messages.experimentArmsFixed);
        row.arms = row.arms.map((arm) => input.arms!.find((a) => a.variant === arm.variant) as ExperimentArmInput);
      }
      if (input.goal) row.goal = input.goal;
      if (input.pooling !== undefined) row.pooling = input.pooling;
    });
  }

  pause(actor: Actor, id: number): Promise<Experiment> {
    return this.change(actor, id, (row) => {
      if (row.status !== 'running') throw conflict(row.status === 'stopped' ? Messages.experimentStopped : Messages.experimentNotRunning);
      row.status = 'paused';
    });
  }

  resume(actor: Actor, id: number): Promise<Experiment> {
    return this.change(actor, id, (row) => {
      if (row.status !== 'paused') throw conflict(row.status === 'stopped' ? Messages.experimentStopped : Messages.experimentNotPaused);
      row.status = 'running';
    });
  }

  /** Stop with a winner: the service's plain URL shows the winner to everyone from now on. */
  async stop(actor: Actor, id: number, winner: ExperimentVariant): Promise<Experiment> {
    return this.change(actor, id, async (row, manager) => {
      if (row.status === 'stopped') throw conflict(Messages.experimentStopped);
      if (!row.arms.some((a) => a.variant === winner)) throw unprocessable(Messages.experimentWinnerNotArm(winner));
      row.status = 'stopped';
      row.winner = winner;
      row.stoppedAt = new Date();
      row.stoppedBy = actor.identity.kind === 'admin' ? (actor.identity.email ?? null) : null;
      await this.services.setDefaultStyle(row.clientServiceId, winner, manager);
    });
  }

  /** One audited change of an experiment, its row locked. */
  private async change(actor: Actor, id: number, apply: (row: ExperimentEntity, manager: EntityManager) => void | Promise<void>): Promise<Experiment> {
    assertAdmin(actor);
    // The entry names the service and its clinic as they are now (read before the transaction: tenant is asked).
    const current = await this.experiments.findById(id);
    const names = current ? await this.clientServices.auditNames(current.clientServiceId, actor.requestId) : {};
    await auditedTransaction(this.dataSource, actor, async (manager) => {
      const row = await this.experiments.findByIdForWrite(id, manager, 'delete');
      if (!row) throw notFound(Messages.experimentNotFound(id));
      const before = auditView(row);
      await apply(row, manager);
      const saved = await this.experiments.save(row, manager);
      return { result: saved, audit: { action: 'update', entity: 'experiment', entityId: id, changes: { before, after: auditView(saved) }, names } };
    });
    return this.get(actor, id);
  }

  /**
   * The counts of these experiments, and for those that pool, of the other
   * clinics' experiments on the same template: one read of the counts leads
   * keeps. When they cannot be read, the experiments are shown without counts
   * and say so.
   */
  private async read(rows: ExperimentEntity[]): Promise<Readings & { network: Map<number, ExperimentEntity[]> }> {
    const network = new Map<number, ExperimentEntity[]>();
    for (const row of rows.filter((r) => r.pooling)) {
      const others = await this.experiments.othersOnTemplate(row.templateId, row.clientId, NETWORK_LIMIT);
      // One experiment a clinic (its newest): a clinic is one member of the network.
      const byClinic = new Map<number, ExperimentEntity>();
      for (const other of others) if (!byClinic.has(other.clientId)) byClinic.set(other.clientId, other);
      network.set(row.id, [...byClinic.values()]);
    }
    const asked = new Map<number, number>();
    for (const r of [...rows, ...[...network.values()].flat()]) asked.set(r.id, r.clientId);
    const counts = new Map<number, CountsByVariant>();
    try {
      for (const item of await this.counts.experimentCounts([...asked].map(([id, clientId]) => ({ id, clientId })))) {
        const byVariant = counts.get(item.experimentId) ?? new Map<string, ExperimentCounts>();
        byVariant.set(item.variant, item);
        counts.set(item.experimentId, byVariant);
      }
      return { counts, unavailable: false, network };
    } catch {
      return { counts, unavailable: true, network };
    }
  }

  private async toDto(row: ExperimentEntity, readings: Readings & { network: Map<number, ExperimentEntity[]> }): Promise<Experiment> {
    const service = await this.services.findById(row.clientServiceId);
    const template = service ? await this.clientServices.templateOrFail(service.templateId, this.dataSource.manager).catch(() => null) : null;
    const countsOf = (experiment: ExperimentEntity, variant: ExperimentVariant) => readings.counts.get(experiment.id)?.get(variant) ?? noCounts(experiment.id, variant);
    const armCounts = (experiment: ExperimentEntity, goal = row.goal): ArmCounts[] =>
      experiment.arms.map(({ variant }) => {
        const c = countsOf(experiment, variant);
        const conversions = goal === 'leads' ? c.leads : c.bookings;
        // A lead sent without a counted view (a view lost with Redis, a bot's view left out) still needs a trial.
        return { variant, trials: Math.max(c.visitors, conversions), conversions };
      });
    const own = armCounts(row);
    // Other clinics count once they have the conversions the pooled prior asks of them.
    const others = row.pooling
      ? (readings.network.get(row.id) ?? []).map((other) => armCounts(other)).filter((arms) => arms.reduce((sum, a) => sum + a.conversions, 0) >= POOLING.minConversionsPerClinic)
      : [];
    const priors = row.pooling && others.length > 0 ? pooledPriors(own, others) : undefined;
    const pooled = Object.values(priors ?? {}).some((prior) => prior.alpha !== FLAT_PRIOR.alpha || prior.beta !== FLAT_PRIOR.beta);
    const estimates = estimateArms(own, priors);
    const recommendation = recommend(own, estimates);
    return {
      id: row.id,
      clientId: row.clientId,
      serviceId: row.clientServiceId,
      serviceName: service?.customTitle?.trim() || template?.name || `Service ${row.clientServiceId}`,
      servicePath: service?.customPath ?? template?.slug ?? '',
      goal: row.goal,
      status: row.status,
      pooling: row.pooling,
      winner: row.winner,
      defaultStyle: service?.defaultStyle ?? 'A',
      startedAt: row.startedAt.toISOString(),
      stoppedAt: row.stoppedAt?.toISOString() ?? null,
      arms: row.arms.map((arm, index) => {
        const c = countsOf(row, arm.variant);
        const estimate = estimates[index]!;
        return {
          variant: arm.variant,
          weight: arm.weight,
          views: c.views,
          visitors: c.visitors,
          leads: c.leads,
          bookings: c.bookings,
          rate: estimate.rate,
          probabilityBest: estimate.probabilityBest,
          expectedLoss: estimate.expectedLoss,
        };
      }),
      recommendation: { kind: recommendation.kind, variant: recommendation.kind === 'winner' ? (recommendation.variant as ExperimentVariant) : null, reason: recommendation.reason },
      network: row.pooling ? { clinics: others.length, used: pooled } : null,
      curves: posteriorCurves(estimates, own) as Experiment['curves'],
      countsUnavailable: readings.unavailable,
    };
  }
}

/** What the audit log keeps of an experiment. */
const auditView = (row: ExperimentEntity) => ({
  clientId: row.clientId,
  serviceId: row.clientServiceId,
  goal: row.goal,
  status: row.status,
  arms: row.arms,
  pooling: row.pooling,
  winner: row.winner,
});
