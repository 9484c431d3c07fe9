import type { FastifyInstance } from 'fastify';
import { ErrorCode, errorEnvelope, Messages } from '@hap/contracts';
import { RETRY_AFTER_SECONDS } from '@hap/service-kit';

export interface HealthRoutesOptions {
  /**
   * What the gateway sends traffic to, each by name with the URL that answers
   * 200 when it is ready: every service it routes to (`/ready`) and the
   * public shell that renders the pages.
   */
  upstreams: Record<string, string>;
  /** How long each check may take; a slower one counts as down. */
  timeoutMs: number;
}

type CheckResult = 'ready' | 'unavailable';

/** One upstream's own readiness (a GET of `url`, unsigned), answered 200 within the timeout. */
async function upstreamReady(url: string, timeoutMs: number): Promise<CheckResult> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status === 200 ? 'ready' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/**
 * `/healthz`: the process answers. `/readyz`: the gateway can do its job: its
 * Redis answers and so does every upstream, the services it routes to and the
 * page renderer (checked in parallel, each within `timeoutMs`). The answer lists each check, 503 with
 * `Retry-After` when one is not ready, so a load balancer stops sending
 * traffic that would only get 503s.
 */
export async function healthRoutes(app: FastifyInstance, { upstreams, timeoutMs }: HealthRoutesOptions): Promise<void> {
  const services = Object.entries(upstreams);

  app.get('/healthz', async () => ({ success: true as const, data: { service: 'gateway', status: 'ok' } }));

  app.get('/readyz', async (_request, reply) => {
    const redis = app.redis
      .ping()
      .then((): CheckResult => 'ready')
      .catch((err: unknown): CheckResult => {
        app.log.warn({ err }, 'not ready: redis');
        return 'unavailable';
      });
    const results = await Promise.all([redis, ...services.map(([, url]) => upstreamReady(url, timeoutMs))]);
    const checks: Record<string, CheckResult> = { redis: results[0] };
    services.forEach(([name], i) => (checks[name] = results[i + 1]));

    const down = Object.keys(checks).filter((name) => checks[name] !== 'ready');
    if (!down.length) return { success: true as const, data: { service: 'gateway', status: 'ready', checks } };
    app.log.warn({ checks }, 'not ready');
    return reply
      .status(503)
      .header('retry-after', RETRY_AFTER_SECONDS)
      .send({ ...errorEnvelope(ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('gateway')), checks });
  });
}
