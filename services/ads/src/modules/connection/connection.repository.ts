import type { DataSource, EntityManager } from 'typeorm';
import { GoogleAdsConnectionEntity } from './connection.entity';

/** ads.google_ads_connections: the agency's one Google Ads connection, by label. */
export class ConnectionRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(GoogleAdsConnectionEntity);
  }

  find(label: string): Promise<GoogleAdsConnectionEntity | null> {
    return this.repo().findOneBy({ label });
  }

  /** Writes the connection of `values.label`, replacing one there (even one written at the same moment), and reads it back. */
  async replace(values: Omit<GoogleAdsConnectionEntity, 'id'>, manager: EntityManager): Promise<GoogleAdsConnectionEntity> {
    await this.repo(manager).upsert(values, { conflictPaths: ['label'] });
    return this.repo(manager).findOneByOrFail({ label: values.label });
  }

  /** The row, locked until `manager`'s transaction ends. */
  lockedByLabel(label: string, manager: EntityManager): Promise<GoogleAdsConnectionEntity | null> {
    return this.repo(manager).findOne({ where: { label }, lock: { mode: 'pessimistic_write' } });
  }

  async delete(id: number, manager: EntityManager): Promise<void> {
    await this.repo(manager).delete({ id });
  }
}
