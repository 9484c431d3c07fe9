import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@hap/contracts';
import { AppError, instrumentRequests } from '@hap/service-kit';

/**
 * Prometheus metrics of the gateway: every answer timed by route and status
 * in `app.metrics`, which the process entry point (service-kit runServer)
 * serves on METRICS_PORT, a loopback listener of its own. The public port
 * answers /metrics with a 404 itself, rather than forwarding it to the
 * public shell.
 */
export const metricsPlugin = fp(
  async (app) => {
    instrumentRequests(app as unknown as FastifyInstance, { service: 'gateway' });
    app.route({
      method: ['GET', 'HEAD'],
      url: '/metrics',
      handler: async () => {
        throw new AppError(404, ErrorCode.NOT_FOUND, 'Not found.');
      },
    });
  },
  { name: 'metrics' },
);
