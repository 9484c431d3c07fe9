import { createHash, randomBytes } from 'node:crypto';
import {
  CAMPAIGN_PARAMS,
  campaignIdOf,
  cellField,
  COUNTED_PAGE_KINDS,
  experimentCellField,
  externalReferrer,
  pageViewKeys,
  SALT_TTL_SECONDS,
  trafficSourceOf,
  utcDay,
  VISITOR_KEY_TTL_SECONDS,
  type CountedPageKind,
  type PageVariant,
  type VisitOrigin,
} from '@hap/contracts';
import { counterOf } from '@hap/service-kit/process';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { isbot } from 'isbot';

/**
 * First-party page views (docs/results-and-experiments.md), counted where pages
 * are served, cache hits included. A view is left out when it is a bot's
 * (isbot's maintained list), a prefetch or prerender, or a HEAD. Visitors are
 * counted without cookies: a hash of the visitor's address, user agent and
 * host with the day's salt, which lives only in Redis and rotates at UTC
 * midnight (as privacy-first analytics do); the address itself is kept
 * nowhere. Nothing goes to a third party.
 *
 * Counting never waits on Redis: views are added up in memory and written
 * once a second in one pipeline (a count, the visitor set and the touched
 * cell per cell); the leads worker folds them into PostgreSQL
 * (services/leads/src/modules/results/page-view-fold.ts). What a loss costs
 * is in the README ("Page analytics").
 */

/** What the page answered to the view: its clinic, service, kind and style. */
export interface PageViewFacts {
  clientId: number;
  serviceId: number | null;
  kind: CountedPageKind;
  variant: PageVariant;
}

/** What a page's view is counted under besides its clinic (kept with the page in the page cache). */
export type PageViewOf = Omit<PageViewFacts, 'clientId'>;

/** What a view of a page is counted under, from its route and the service it showed; null for pages not counted. */
export function viewOfRoute(route: { kind: string; style?: 'A' | 'B' | 'C' }, serviceId: number | null): PageViewOf | null {
  if (!(COUNTED_PAGE_KINDS as readonly string[]).includes(route.kind)) return null;
  const kind = route.kind as CountedPageKind;
  const ofService = kind === 'service' || kind === 'unified';
  return { kind, serviceId: ofService && serviceId ? serviceId : null, variant: kind === 'service' ? (route.style ?? 'A') : '-' };
}

/** The facts of the request a view is counted from. */
export interface ViewRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The visitor's address (the gateway's x-forwarded-for). */
  address: string;
  /** The host and scheme the visitor reached. */
  host: string;
  proto: string;
}

/** The experiment arm a view showed at the experiment's URL: counted for the arm too. */
export interface ViewedArm {
  id: number;
  variant: 'A' | 'B' | 'C';
}

export interface PageViewCounter {
  /** Counts one view unless it is a bot's, a prefetch or a HEAD; never waits and never throws. */
  record(request: ViewRequest, facts: PageViewFacts, arm?: ViewedArm | null): void;
  /** The visitor's hash of today (null while Redis cannot give the day's salt): a cookieless visitor's stable seed. */
  visitorOf(request: ViewRequest): Promise<string | null>;
  /** Writes what is added up now (close and tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface PageViewCounterOptions {
  redis: { url: string; prefix: string };
  /** How often the views added up are written. */
  flushMs?: number;
  metrics?: FastifyInstance['metrics'];
  logger?: { warn(obj: object, msg: string): void };
  now?: () => Date;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : (value ?? ''));

/** A prefetch or prerender (Chrome's Sec-Purpose and Purpose, Firefox's X-Moz, Safari's X-Purpose): nobody saw the page yet. */
export function isPrefetch(headers: ViewRequest['headers']): boolean {
  const said = [headers['sec-purpose'], headers.purpose, headers['x-purpose'], headers['x-moz']].map(header).join(' ').toLowerCase();
  return /prefetch|prerender|preview/.test(said);
}

/**
 * A page framed by this platform's own screens: the clinic portal's Pages
 * preview or an admin's. The clinic's own people looking at
 * their page are not its visitors.
 */
export function isAppPreview(headers: ViewRequest['headers']): boolean {
  if (header(headers['sec-fetch-dest']).toLowerCase() !== 'iframe') return false;
  try {
    const path = new URL(header(headers.referer)).pathname.toLowerCase();
    return /^\/(portal|admin)(\/|$)/.test(path);
  } catch {
    return false;
  }
}

/** Whether a request is a view worth counting at all. */
export function countsAsView(request: Pick<ViewRequest, 'method' | 'headers'>): boolean {
  if (request.method !== 'GET') return false;
  if (isPrefetch(request.headers) || isAppPreview(request.headers)) return false;
  const agent = header(request.headers['user-agent']);
  return agent !== '' && !isbot(agent);
}

/** The visit's origin: the landing URL's campaign parameters, click ids and campaign id, and the referrer when it is another site's. */
export function visitOriginOf(request: Pick<ViewRequest, 'url' | 'headers' | 'host' | 'proto'>): VisitOrigin {
  const query = new URL(request.url, 'http://localhost').searchParams;
  const origin: VisitOrigin = { referrer: externalReferrer(header(request.headers.referer), `${request.proto}://${request.host}`) };
  for (const [param, field] of Object.entries(CAMPAIGN_PARAMS)) (origin as Record<string, string | null>)[field] = query.get(param);
  return origin;
}

/** The visitor's hash for one day: never reversible without the day's salt, which never leaves Redis. */
export const visitorHash = (salt: string, request: Pick<ViewRequest, 'address' | 'headers' | 'host'>) =>
  createHash('sha256').update(`${salt}\n${request.address}\n${header(request.headers['user-agent'])}\n${request.host}`).digest('base64url').slice(0, 22);

/** Cells added up since the last write: their views and their visitors' hashes. */
type Pending = Map<string, { views: number; visitors: Set<string> }>;

/** How long a page waits for the day's salt to seed an experiment arm (read once a day per process). */
const VISITOR_SEED_WAIT_MS = 250;

/** At most this many cells wait in memory while Redis is away; views beyond are counted as lost. */
const MAX_PENDING_CELLS = 20_000;

export function createPageViewCounter(options: PageViewCounterOptions): PageViewCounter {
  const keys = pageViewKeys(options.redis.prefix);
  const now = options.now ?? (() => new Date());
  // Fails at once while Redis is away (the views wait in memory), reconnects by itself.
  const redis = new Redis(options.redis.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  const connecting = redis.connect().catch(() => undefined);
  const registry = options.metrics;
  const lost = registry && counterOf(registry, 'page_views_lost_total', 'Page views dropped before reaching Redis (more cells waiting than MAX_PENDING_CELLS while Redis was away)');
  const counted = registry && counterOf(registry, 'page_views_counted_total', 'Page views counted (bots, prefetches and HEAD requests left out)');

  let pending: Pending = new Map();
  const salts = new Map<string, Promise<string>>();
  // Views waiting for their day's salt: added once it is read (a write waits for them).
  const waiting = new Set<Promise<void>>();

  /** The day's salt: the one another shell process set first, else a new one. */
  function saltOf(day: string): Promise<string> {
    let salt = salts.get(day);
    if (!salt) {
      salt = (async () => {
        await connecting;
        await redis.set(keys.salt(day), randomBytes(32).toString('base64url'), 'EX', SALT_TTL_SECONDS, 'NX');
        const value = await redis.get(keys.salt(day));
        if (!value) throw new Error('the salt was not kept');
        return value;
      })();
      salt.catch(() => salts.delete(day));
      salts.set(day, salt);
      for (const old of salts.keys()) if (old < day) salts.delete(old);
    }
    return salt;
  }

  /** `visitor` null: the day's salt could not be read (Redis away); the view still counts, its visitor does not. */
  function add(field: string, visitor: string | null) {
    let cell = pending.get(field);
    if (!cell) {
      if (pending.size >= MAX_PENDING_CELLS) {
        lost?.inc();
        return;
      }
      cell = { views: 0, visitors: new Set() };
      pending.set(field, cell);
    }
    cell.views += 1;
    if (visitor) cell.visitors.add(visitor);
  }

  async function flush(): Promise<void> {
    await Promise.allSettled([...waiting]);
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const write = redis.multi();
    for (const [field, cell] of batch) {
      write.hincrby(keys.live, field, cell.views);
      if (cell.visitors.size === 0) continue;
      write.pfadd(keys.visitors(field), ...cell.visitors);
      write.expire(keys.visitors(field), VISITOR_KEY_TTL_SECONDS);
      write.sadd(keys.touched, field);
    }
    try {
      await connecting;
      const results = await write.exec();
      if (!results || results.some(([err]) => err)) throw new Error('page views not written');
    } catch (err) {
      // Back in line for the next write, unless too much waits already.
      for (const [field, cell] of batch) {
        const waiting = pending.get(field);
        if (waiting) {
          waiting.views += cell.views;
          for (const v of cell.visitors) waiting.visitors.add(v);
        } else if (pending.size < MAX_PENDING_CELLS) pending.set(field, cell);
        else lost?.inc(cell.views);
      }
      options.logger?.warn({ err, cells: batch.size }, 'page views not written to Redis yet');
    }
  }

  const timer = setInterval(() => void flush(), options.flushMs ?? 1000);
  timer.unref();

  return {
    record(request, facts, arm) {
      if (!countsAsView(request)) return;
      counted?.inc();
      const at = now();
      const day = utcDay(at);
      const origin = visitOriginOf(request);
      const field = cellField({ day, ...facts, source: trafficSourceOf(origin), campaignId: campaignIdOf(origin.campaignId) });
      const armField = arm ? experimentCellField({ day, experimentId: arm.id, variant: arm.variant }) : null;
      const added = saltOf(day).then(
        (salt) => {
          const visitor = visitorHash(salt, request);
          add(field, visitor);
          if (armField) add(armField, visitor);
        },
        () => {
          add(field, null);
          if (armField) add(armField, null);
        },
      );
      waiting.add(added);
      void added.finally(() => waiting.delete(added));
    },
    async visitorOf(request) {
      // On a page's path: a Redis that hangs (rather than refuses) must not hold the page; no seed is a drawn arm.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), VISITOR_SEED_WAIT_MS)));
      try {
        const salt = await Promise.race([saltOf(utcDay(now())), late]);
        return salt === null ? null : visitorHash(salt, request);
      } catch {
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
    flush,
    async close() {
      clearInterval(timer);
      // Views whose salt is still being read are added first (flush waits for them).
      await flush();
      redis.disconnect();
    },
  };
}
