import type { DataSource } from 'typeorm';

/** The clinic's provisioning lock: a session advisory lock, held on one connection while the work runs. */
export class CrmProvisionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `work` holding the clinic's lock; throws `busy()` while another attempt holds it. */
  async holdingLock<T>(clientId: number, busy: () => Error, work: () => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query(`SELECT pg_try_advisory_lock(hashtext('crm-provision'), $1) AS "locked"`, [clientId])) as Array<{ locked: boolean }>;
      if (!locked) throw busy();
      try {
        return await work();
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtext('crm-provision'), $1)`, [clientId]);
      }
    } finally {
      await runner.release();
    }
  }
}
