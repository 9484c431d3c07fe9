import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { FastifyInstance } from 'fastify';
import type { ServiceName } from '@hap/contracts';
import { signIdentity } from '@hap/service-kit';
import { routesVersusContracts } from '@hap/service-kit/testing';

interface ServiceUnderTest<C extends { INTERNAL_SECRET: string; DATABASE_URL: string }> {
  name: ServiceName;
  loadConfig: () => C;
  createDataSource: (url: string) => DataSource;
  buildApp: (config: C, dataSource: DataSource) => FastifyInstance;
}

/**
 * What every service answers, whatever its features: readiness once its
 * database answers, 401 for calls the gateway did not sign, the JSON 404 for
 * signed calls to paths it does not have, and exactly the routes of its
 * contract rows. Run through the real app.
 */
export function describeServiceBasics<C extends { INTERNAL_SECRET: string; DATABASE_URL: string }>(
  service: ServiceUnderTest<C>,
): void {
  describe(`${service.name} service basics`, () => {
    const config = service.loadConfig();
    const app = service.buildApp(config, service.createDataSource(config.DATABASE_URL));

    beforeAll(() => app.ready());
    afterAll(() => app.close());

    it('answers its readiness check once the database answers', async () => {
      const res = await request(app.server).get('/ready');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { service: service.name, status: 'ready' } });
    });

    it('refuses calls that the gateway did not sign', async () => {
      const res = await request(app.server).get('/api/anything');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });
    });

    it('refuses a signature made with another secret', async () => {
      const res = await request(app.server)
        .get('/api/anything')
        .set(signIdentity('not-the-internal-secret-at-all', 'GET', '/api/anything', { kind: 'admin', userId: 1 }));
      expect(res.status).toBe(401);
    });

    it('answers a signed call to an unknown path with the JSON 404', async () => {
      const res = await request(app.server)
        .get('/api/nothing-here')
        .set(signIdentity(config.INTERNAL_SECRET, 'GET', '/api/nothing-here', { kind: 'anonymous' }));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
    });

    it('registers exactly the routes of its contract rows', () => {
      const { registered, contracts } = routesVersusContracts(app, service.name);
      expect(registered).toEqual(contracts);
    });
  });
}
