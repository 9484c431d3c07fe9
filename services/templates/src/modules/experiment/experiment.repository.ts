import type { DataSource, EntityManager } from 'typeorm';
import { ServiceRepository } from '@hap/service-kit';
import { ExperimentEntity } from './experiment.entity';

/** Queries on templates.experiments; pass a manager to run inside a transaction. */
export class ExperimentRepository extends ServiceRepository<ExperimentEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, ExperimentEntity);
  }

  runningFor(clientServiceId: number): Promise<ExperimentEntity | null> {
    return this.repo().findOne({ where: { clientServiceId, status: 'running' } });
  }

  /** The newest 200, of one clinic or of all. */
  newest(clientId?: number): Promise<ExperimentEntity[]> {
    return this.repo().find({ where: clientId === undefined ? {} : { clientId }, order: { id: 'DESC' }, take: 200 });
  }

  /** Whether the service has a running or paused experiment. */
  openOn(clientServiceId: number, manager?: EntityManager): Promise<boolean> {
    return this.repo(manager).exists({ where: [{ clientServiceId, status: 'running' }, { clientServiceId, status: 'paused' }] });
  }

  insertRow(values: Partial<ExperimentEntity>, manager: EntityManager): Promise<ExperimentEntity> {
    const repo = this.repo(manager);
    return repo.save(repo.create(values));
  }

  save(row: ExperimentEntity, manager?: EntityManager): Promise<ExperimentEntity> {
    return this.repo(manager).save(row);
  }

  /** Other clinics' experiments on a template, newest first. */
  othersOnTemplate(templateId: number, clientId: number, limit: number): Promise<ExperimentEntity[]> {
    return this.repo()
      .createQueryBuilder('e')
      .where('e.template_id = :templateId AND e.client_id <> :clientId', { templateId, clientId })
      .orderBy('e.id', 'DESC')
      .take(limit)
      .getMany();
  }
}
