import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queue, Worker } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { loadConfig, port } from './config';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry; served on the metrics port, never on the app's own. */
    metrics: Registry;
  }
}

/** The metrics listener's variables, read by the process entry points (runServer, runWorkers). */
export const metricsConfigShape = {
  /** Port of this process's Prometheus endpoint (GET /metrics); 0 = none. Each process needs its own. */
  METRICS_PORT: port(0),
  /** Interface of the metrics listener; unset = HOST (loopback by default). */
  METRICS_HOST: z.string().min(1).optional(),
};

export const loadMetricsConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(metricsConfigShape, env);
export type MetricsConfig = ReturnType<typeof loadMetricsConfig>;

/** A registry whose every sample carries the service and process kind (`api`, `worker`). */
export function createMetricsRegistry(labels: { service: string; process: string }): Registry {
  const registry = new Registry();
  registry.setDefaultLabels(labels);
  return registry;
}

/** The counter `name` of `registry`, made on first use: two apps (or caches) of one process on one registry share it. */
export function counterOf(registry: Registry, name: string, help: string, labelNames: readonly string[] = []): Counter<string> {
  return (registry.getSingleMetric(name) as Counter<string> | undefined) ?? new Counter({ name, help, labelNames: [...labelNames], registers: [registry] });
}

/** The gauge `name` of `registry`, made on first use (see counterOf). */
export function gaugeOf(registry: Registry, name: string, help: string, labelNames: readonly string[] = []): Gauge<string> {
  return (registry.getSingleMetric(name) as Gauge<string> | undefined) ?? new Gauge({ name, help, labelNames: [...labelNames], registers: [registry] });
}

/**
 * The operation label of a request: the route contract's operation (set by
 * registerRoutes), else the route's URL pattern, else `unmatched` (404s:
 * raw URLs would make one series per probe).
 */
export function operationOf(request: FastifyRequest): string {
  const config = request.routeOptions.config as { operation?: unknown } | undefined;
  if (typeof config?.operation === 'string') return config.operation;
  return request.routeOptions.url ?? 'unmatched';
}

/** Seconds; from a cached read to a slow upstream. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Times every answer of `app` in `http_request_duration_seconds` by method,
 * operation and status code, and decorates `app.metrics` with the registry.
 */
export function instrumentRequests(app: FastifyInstance, labels: { service: string; process?: string }): Registry {
  const registry = createMetricsRegistry({ service: labels.service, process: labels.process ?? 'api' });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by route operation and status code',
    labelNames: ['method', 'operation', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.decorate('metrics', registry);
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, operation: operationOf(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  return registry;
}

const COUNTED_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * `queue_jobs{queue,state}`, read from Redis at each scrape, and
 * `queue_jobs_processed_total{queue,outcome}` (completed, failed for good,
 * retried), counted from the workers' events.
 */
export function instrumentQueues(registry: Registry, queues: Queue[], workers: Worker[], onError?: (err: unknown) => void): void {
  new Gauge({
    name: 'queue_jobs',
    help: 'Jobs in each queue by state, read from Redis when scraped',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      await Promise.all(
        queues.map(async (queue) => {
          try {
            const counts = await queue.getJobCounts(...COUNTED_STATES);
            for (const state of COUNTED_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
          } catch (err) {
            // Redis away: this queue's samples are missing from this scrape, the rest still answer.
            onError?.(err);
          }
        }),
      );
    },
  });
  const processed = new Counter({
    name: 'queue_jobs_processed_total',
    help: 'Jobs this process finished: completed, failed (no attempts left) or retried (an attempt failed)',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });
  for (const worker of workers) {
    for (const outcome of ['completed', 'failed', 'retried']) processed.inc({ queue: worker.name, outcome }, 0);
    worker.on('completed', () => processed.inc({ queue: worker.name, outcome: 'completed' }));
    // BullMQ sets finishedOn only when the job will not be tried again.
    worker.on('failed', (job) => processed.inc({ queue: worker.name, outcome: job?.finishedOn ? 'failed' : 'retried' }));
  }
}

/** Default process metrics (CPU, memory, event loop, GC), once per registry. */
const withDefaults = new WeakSet<Registry>();
export function collectProcessMetrics(registry: Registry): void {
  if (withDefaults.has(registry)) return;
  withDefaults.add(registry);
  collectDefaultMetrics({ register: registry });
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** What a metrics listener serves: a registry, or the sum of a cluster's workers' registries. */
export interface MetricsSource {
  readonly contentType: string;
  metrics(): Promise<string>;
}

/**
 * A small HTTP listener of its own answering `GET /metrics` from `registry`,
 * so metrics never share the app's (possibly public) port. Everything else is 404.
 */
export async function startMetricsServer(options: { registry: MetricsSource; host: string; port: number }): Promise<MetricsServer> {
  const { registry } = options;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(req.method === 'HEAD' ? undefined : body),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${(err as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Starts the metrics listener of an entry point when METRICS_PORT is set,
 * with the process metrics added to `registry`; null when it is 0.
 */
export async function startProcessMetrics(
  registry: Registry,
  host: string,
  config: MetricsConfig = loadMetricsConfig(),
): Promise<MetricsServer | null> {
  if (config.METRICS_PORT === 0) return null;
  collectProcessMetrics(registry);
  return startMetricsServer({ registry, host: config.METRICS_HOST ?? host, port: config.METRICS_PORT });
}
