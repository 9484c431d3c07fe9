import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';

declare module 'fastify' {
  interface FastifyInstance {
    /** This service's TypeORM data source, initialised before routes run. */
    db: DataSource;
  }
}

/** Initialises the data source with the app and destroys it when the app closes. */
export function registerDataSource(app: FastifyInstance, dataSource: DataSource): void {
  app.decorate('db', dataSource);
  app.addHook('onReady', async () => {
    if (!dataSource.isInitialized) await dataSource.initialize();
  });
  app.addHook('onClose', async () => {
    if (dataSource.isInitialized) await dataSource.destroy();
  });
}

/** Readiness check: the database answers. */
export const databaseReady = (dataSource: DataSource) => async () => {
  await dataSource.query('SELECT 1');
};
