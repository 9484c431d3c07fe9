import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import { AggregatorRegistry } from 'prom-client';
import { loadMetricsConfig, startMetricsServer, type MetricsServer } from './metrics';

/** A worker that ends is replaced after this long, doubled while replacements fail to start (a crash loop stays slow). */
const RESTART_DELAY_MS = 1_000;
const RESTART_DELAY_MAX_MS = 30_000;

export interface ProcessesOptions {
  /** How many processes serve the port; 1 runs `startWorker` in this process, with no primary. */
  processes: number;
  /** The interface of the primary's metrics listener when METRICS_HOST is unset (as runServer's). */
  host: string;
  /** The service's name in the primary's log lines. */
  service: string;
  logLevel: string;
  /** Starts the server (runServer) in each worker. */
  startWorker: () => void;
}

/**
 * Runs a server in `processes` processes that share its port (node:cluster:
 * the primary accepts each connection and hands them to the workers in turn),
 * so one machine's copy of a service uses more than one core. The primary
 * serves nothing itself but METRICS_PORT, with every worker's metrics summed
 * (prom-client's AggregatorRegistry). It stops (exit 1) when one of the first
 * workers fails to start (a port in use, a bad setting: nothing would serve);
 * later it replaces a worker that ends, trying again less and less often
 * while a replacement fails to start (Redis away for a while), as the others
 * go on serving. On SIGTERM, SIGINT or its supervisor's going away it asks
 * each worker to drain and close (runServer), then exits.
 */
export function runInProcesses(options: ProcessesOptions): void {
  if (options.processes <= 1 || !cluster.isPrimary) {
    // A worker answers its primary's requests for metrics from its first tick (prom-client's
    // cluster protocol; empty until runServer names the app's registry): one that never
    // answered would fail every scrape while it boots.
    if (cluster.isWorker) new AggregatorRegistry();
    options.startWorker();
    return;
  }
  const log = pino({ level: options.logLevel, base: { service: options.service, process: 'primary' } });
  const metricsConfig = loadMetricsConfig();
  const listening = new WeakSet<Worker>();
  /** Set once every first worker has listened: from then on a worker that cannot start is tried again. */
  let started = false;
  let firstListening = 0;
  let restartDelayMs = RESTART_DELAY_MS;
  let metrics: MetricsServer | null = null;
  let stopping = false;
  let exitCode = 0;

  const workers = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
  const finish = () => {
    void (metrics?.close() ?? Promise.resolve()).finally(() => process.exit(exitCode));
  };
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const running = workers();
    if (running.length === 0) return finish();
    for (const worker of running) worker.process.kill('SIGTERM');
  };
  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      listening.add(worker);
      restartDelayMs = RESTART_DELAY_MS;
      if (!started && ++firstListening === options.processes) started = true;
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (workers().length === 0) finish();
      return;
    }
    if (!listening.has(worker) && !started) {
      log.error({ pid: worker.process.pid, code, signal }, 'a worker failed to start: stopping');
      return stop(1);
    }
    const delayMs = restartDelayMs;
    if (listening.has(worker)) log.error({ pid: worker.process.pid, code, signal }, 'a worker ended: starting another');
    else {
      log.error({ pid: worker.process.pid, code, signal, retryInMs: delayMs }, 'a replacement worker failed to start: trying again');
      restartDelayMs = Math.min(RESTART_DELAY_MAX_MS, restartDelayMs * 2);
    }
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  });

  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // A second signal while draining: out at once, the workers with it.
    if (signalled) {
      for (const worker of workers()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    signalled = true;
    log.info({ signal }, 'shutting down');
    stop(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  if (process.send) process.once('disconnect', () => onSignal('SIGTERM'));

  for (let i = 0; i < options.processes; i++) fork();
  log.info({ processes: options.processes }, 'serving in worker processes');

  if (metricsConfig.METRICS_PORT !== 0) {
    const aggregator = new AggregatorRegistry();
    startMetricsServer({
      registry: { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() },
      host: metricsConfig.METRICS_HOST ?? options.host,
      port: metricsConfig.METRICS_PORT,
    }).then(
      (server) => {
        metrics = server;
        log.info({ port: server.port }, 'metrics of every worker at GET /metrics');
      },
      (err: unknown) => {
        log.error({ err }, 'failed to start the metrics listener');
        stop(1);
      },
    );
  }
}
