import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { keywordKey, type ClientResolution, type PageExperiment } from '@hap/contracts';
import { createContentCache, TEMPLATES_PAGE_CACHE, TENANT_PAGE_CACHE, type ContentCacheLogger } from '@hap/service-kit/content-cache';
import { counterOf, gaugeOf } from '@hap/service-kit/process';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import type { PageViewOf } from './page-views.js';

/**
 * Rendered pages, kept (README, "How a page is made": the page cache). A page
 * carries no identity (ARCHITECTURE.md#auth-and-sessions, docs/public-site.md#page-speed), so its HTML is the same for every
 * visitor of one host, path, content-changing parameters and clinic: it is
 * rendered once, compressed once, and served from memory until tenant or
 * templates says its data changed (their content caches' invalidation
 * messages, heard on every shell process through Redis), or a short TTL runs
 * out (the safety net for a lost message).
 *
 * Two kinds of entry, one byte budget, least recently used first out:
 * - a clinic entry: which clinic (and how it was chosen) the host, path,
 *   `?client=` and `currentClientId` cookie of a visit resolve to, so a hit
 *   asks tenant nothing and pages chosen by any of those share one copy;
 * - a page entry: the page of one clinic at one address, plain, brotli and gzip.
 *
 * Stale beats down: an entry past its TTL is not served as fresh, but it stays
 * (until its byte share is needed or PAGE_CACHE_STALE_MS) as the page's last
 * good copy, sent when tenant or templates cannot answer instead of a fallback
 * page. An invalidation drops every entry, last good copies included: a copy
 * served after an admin's change could show a service that is gone or an old
 * price, while a copy that merely outlived its TTL says what tenant and
 * templates last said, and no change has been heard since. Losing the Redis
 * channel drops them too (a change may have been missed meanwhile).
 */

/** How an answer was found, in the `x-page-cache` header and the metrics. */
export type PageCacheResult = 'hit' | 'miss' | 'stale' | 'bypass';
export const PAGE_CACHE_HEADER = 'x-page-cache';

/** The clinic a visit resolved to, as tenant said (GET /api/page-context's resolution). */
export interface PageClinic {
  clientId: number;
  source: ClientResolution['source'];
}

/** One visit's keys (pageVisit). */
export interface PageVisit {
  /** Everything the answer depends on: concurrent misses of one key share one render. */
  readonly key: string;
  /** What tenant resolves the clinic from: host, path, `?client=` and the cookie. */
  readonly clinicKey: string;
  /** The page's key once its clinic is known. */
  pageKey(clinic: PageClinic): string;
}

export type PageEncoding = 'br' | 'gzip' | 'identity';

/** A kept page: what is sent for it whoever asks. */
export interface KeptPage {
  readonly etag: string;
  readonly bodies: Readonly<Record<PageEncoding, Buffer>>;
  /** The page's own headers (what it loads from other sites, page-sources.ts). */
  readonly headers: Readonly<Record<string, string>>;
  /** What a view of it is counted under besides its clinic (page-views.ts); null: not counted. */
  readonly view: PageViewOf | null;
  /**
   * The running experiment at this page's URL, kept with the
   * page of the service's default style: a visitor it takes in is sent the
   * page of their arm instead (armVisit). Null elsewhere.
   */
  readonly experiment: PageExperiment | null;
}

export interface FoundPage {
  clinic: PageClinic;
  page: KeptPage;
}

/** Taken before a render: keep() stores the result only if nothing was cleared since. */
export interface RenderTicket {
  readonly generation: number;
  readonly at: number;
}

export interface PageCache {
  /** The visit's page when both its clinic and its page are kept and fresh. */
  find(visit: PageVisit): FoundPage | null;
  /**
   * The visit's last good copy, fresh or past its TTL (not invalidated since,
   * at most PAGE_CACHE_STALE_MS old), for when tenant or templates did not
   * answer; `clinic` when tenant did answer.
   */
  lastGood(visit: PageVisit, clinic: PageClinic | null): FoundPage | null;
  begin(): RenderTicket;
  /**
   * Compresses and keeps a complete page (both answers arrived, status 200),
   * unless an invalidation came since `ticket` (the render may have read the
   * old data), the channel is not heard, or it alone exceeds the budget. null
   * when not kept.
   */
  keep(
    ticket: RenderTicket,
    visit: PageVisit,
    clinic: PageClinic,
    page: { body: string; etag: string; headers: Record<string, string>; view: PageViewOf | null; experiment: PageExperiment | null },
  ): Promise<KeptPage | null>;
  /** Runs `render` once for concurrent misses of one visit key; each caller gets its result. */
  shared<T>(key: string, render: () => Promise<T>): Promise<T>;
  /** Counts one answer in `page_cache_lookups_total`. */
  count(result: PageCacheResult): void;
  /** Subscribes to the invalidation channels; nothing is kept until then, nor while Redis is away. */
  start(): Promise<void>;
  close(): Promise<void>;
  /** Bytes kept now (entries and keys). */
  readonly bytes: number;
  readonly entries: number;
  /** Whether pages are kept now: the channels are heard and the cache is not closed. */
  readonly live: boolean;
}

export interface PageCacheOptions {
  /** Where tenant and templates publish their invalidations (their REDIS_URL and REDIS_PREFIX); null: this process only (tests). */
  redis: { url: string; prefix: string } | null;
  ttlMs: number;
  staleMs: number;
  maxBytes: number;
  /** The app's registry (app.metrics). */
  metrics?: FastifyInstance['metrics'];
  logger?: ContentCacheLogger;
  /** Clock, for tests. */
  now?: () => number;
  /**
   * A page whose render began this soon after a clear is kept only until this
   * long after the clear, and never stands in as a last good copy: another
   * tenant or templates replica may not have heard the same message yet, and
   * a page read from its old answer would otherwise stand until the TTL.
   */
  settleMs?: number;
}

/** The facts of a request that choose its page (server/app.ts reads them). */
export interface VisitFacts {
  route: { kind: string; preview?: boolean; redirect?: string };
  proto: string;
  host: string;
  pathname: string;
  /** The raw `?client=`. */
  client: string | undefined;
  /** The raw currentClientId cookie. */
  session: string | undefined;
  /** The page's address with its content-changing parameters (ssr pageAddress). */
  address(acceptedClientId: number | null): string;
}

/** Pages that may be kept; /thanks (one visitor's receipt), /onboard, /admin, redirects and previews never are. */
const KEPT_KINDS = new Set(['home', 'client-landing', 'service', 'unified']);
/** A `?client=` or cookie longer than this names no clinic: not worth an entry. */
const MAX_FACT_LENGTH = 64;
/** What a Map entry and its bookkeeping cost beyond its key and buffers (a rough figure; the budget is what matters). */
const ENTRY_OVERHEAD = 200;

/** The keys of one visit, or null when its answer is never kept (previews, admin pages, /thanks, odd facts). */
export function pageVisit({ route, proto, host, pathname, client, session, address }: VisitFacts): PageVisit | null {
  if (!KEPT_KINDS.has(route.kind) || route.redirect || route.preview) return null;
  if ((client?.length ?? 0) > MAX_FACT_LENGTH || (session?.length ?? 0) > MAX_FACT_LENGTH) return null;
  const facts = [host, pathname, client ?? null, session ?? null];
  return {
    key: JSON.stringify(['visit', proto, address(null), ...facts]),
    clinicKey: JSON.stringify(['clinic', ...facts]),
    pageKey: (clinic) =>
      JSON.stringify(['page', proto, host, address(clinic.source === 'query' ? clinic.clientId : null), clinic.clientId, clinic.source]),
  };
}

/**
 * The keys of a visit shown an experiment's arm: the same clinic
 * entry, the page of that arm. Every visitor of one arm shares one copy.
 */
export function armVisit(visit: PageVisit, variant: string): PageVisit {
  return {
    key: `${visit.key}#arm=${variant}`,
    clinicKey: visit.clinicKey,
    pageKey: (clinic) => `${visit.pageKey(clinic)}#arm=${variant}`,
  };
}

/**
 * The keys of a visit whose `kw` matched one of its page's ad keywords (docs/campaigns.md#message-match): the
 * same clinic entry, the page of that keyword. Keyed on the matched keyword only: every click on one keyword
 * shares one copy, and a `kw` that matched nothing is the plain page's visit.
 */
export function keywordVisit(visit: PageVisit, keyword: string): PageVisit {
  const tag = `#kw=${JSON.stringify(keywordKey(keyword))}`;
  return { key: `${visit.key}${tag}`, clinicKey: visit.clinicKey, pageKey: (clinic) => `${visit.pageKey(clinic)}${tag}` };
}

/** Browsers send a handful of Accept-Encoding values: each is parsed once (a bounded memo). */
const encodings = new Map<string, PageEncoding>();

/** The encoding to send a kept page in: brotli, else gzip, when Accept-Encoding takes it (q > 0); else plain. */
export function encodingFor(acceptEncoding: string | string[] | undefined): PageEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const known = encodings.get(header);
  if (known) return known;
  // negotiator parses the header (q-values, `*`, a named encoding over `*`); brotli is preferred whatever their order.
  const taken = new Negotiator({ headers: { 'accept-encoding': header } }).encodings(['br', 'gzip']);
  const encoding: PageEncoding = taken.includes('br') ? 'br' : taken.includes('gzip') ? 'gzip' : 'identity';
  if (encodings.size >= 64) encodings.clear();
  encodings.set(header, encoding);
  return encoding;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Once per kept page, off the event loop (zlib's thread pool). Brotli 6: an
 * 80 KB landing page in 4 ms, 15.4 KB (quality 11 saves another 1.5 KB but
 * takes 250 ms of a core here, which a spike of misses after an admin's change
 * cannot wait for; the per-response compression of other pages, app.ts, is 5).
 */
async function compressed(body: string): Promise<Record<PageEncoding, Buffer>> {
  const identity = Buffer.from(body);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipped(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz };
}

interface Slot {
  value: PageClinic | KeptPage;
  storedAt: number;
  /** Served as fresh until then. */
  freshUntil: number;
  /** May stand in as the last good copy (not a page rendered while replicas may still have answered from before a change). */
  lastGood: boolean;
  bytes: number;
}

/** The name of the invalidation listener (it keeps nothing itself; see createPageCache). */
const CHANNEL_LISTENER = 'public-shell.pages';

export function createPageCache(options: PageCacheOptions): PageCache {
  const { ttlMs, staleMs, maxBytes } = options;
  if (!(ttlMs > 0)) throw new Error('page cache: ttlMs must be positive');
  const now = options.now ?? Date.now;
  const settleMs = options.settleMs ?? 500;
  // The kit's content cache carries the invalidations (subscription, resubscription, a clear on a lost
  // channel); its own entries stay unused: pages need a byte budget and last good copies.
  const channel = createContentCache({
    name: CHANNEL_LISTENER,
    follows: [TENANT_PAGE_CACHE, TEMPLATES_PAGE_CACHE],
    redis: options.redis,
    ttlMs,
    maxEntries: 1,
    logger: options.logger,
  });
  const registry = options.metrics;
  const lookups = registry && counterOf(registry, 'page_cache_lookups_total', 'Page answers by how they were found: hit, miss (rendered), stale (last good copy, tenant or templates down), bypass (never kept)', ['result']);
  const clears = registry && counterOf(registry, 'page_cache_invalidations_total', 'Times every kept page was dropped: an invalidation from tenant or templates, or the channel lost');
  const bytesGauge = registry && gaugeOf(registry, 'page_cache_bytes', 'Bytes of the kept pages and clinic entries');
  const entriesGauge = registry && gaugeOf(registry, 'page_cache_entries', 'Kept pages and clinic entries');
  for (const result of ['hit', 'miss', 'stale', 'bypass']) lookups?.inc({ result }, 0);

  /** Past this an entry is of no use, fresh or as a last good copy. */
  const lifetime = Math.max(ttlMs, staleMs);
  // One byte budget over both kinds of entry, least recently used first out; an entry past its lifetime
  // is dropped when next looked up (ttlResolution 0: every lookup reads the clock, which tests move).
  const slots = new LRUCache<string, Slot>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => entry.bytes,
    ttl: lifetime,
    ttlResolution: 0,
    perf: { now },
  });
  const inflight = new Map<string, Promise<unknown>>();
  let generation = 0;
  let clearedAt = Number.NEGATIVE_INFINITY;

  const measure = () => {
    bytesGauge?.set(slots.calculatedSize);
    entriesGauge?.set(slots.size);
  };

  channel.onInvalidate(() => {
    generation += 1;
    clearedAt = now();
    slots.clear();
    clears?.inc();
    measure();
  });

  /** The slot of `key`, fresh or (`asLastGood`) a last good copy, touched (now the most recently used). */
  function slot(key: string, asLastGood: boolean): Slot | null {
    const found = slots.peek(key);
    if (!found) {
      // Absent, or past its lifetime, which get() drops.
      slots.get(key);
      measure();
      return null;
    }
    const age = now() - found.storedAt;
    if (asLastGood ? !found.lastGood || age >= staleMs : now() >= found.freshUntil) return null;
    slots.get(key);
    return found;
  }

  function put(key: string, value: PageClinic | KeptPage, bytes: number, provisional: boolean): void {
    const at = now();
    slots.set(key, { value, storedAt: at, freshUntil: provisional ? clearedAt + settleMs : at + ttlMs, lastGood: !provisional, bytes });
    measure();
  }

  const keyBytes = (key: string) => Buffer.byteLength(key) + ENTRY_OVERHEAD;
  const stillValid = (ticket: RenderTicket) => channel.live && ticket.generation === generation;

  return {
    get bytes() {
      return slots.calculatedSize;
    },
    get entries() {
      return slots.size;
    },
    get live() {
      return channel.live;
    },

    find(visit) {
      const clinic = slot(visit.clinicKey, false)?.value as PageClinic | undefined;
      if (!clinic) return null;
      const page = slot(visit.pageKey(clinic), false)?.value as KeptPage | undefined;
      return page ? { clinic, page } : null;
    },

    lastGood(visit, answered) {
      const clinic = answered ?? (slot(visit.clinicKey, true)?.value as PageClinic | undefined);
      if (!clinic) return null;
      const page = slot(visit.pageKey(clinic), true)?.value as KeptPage | undefined;
      return page ? { clinic, page } : null;
    },

    begin() {
      return { generation, at: now() };
    },

    async keep(ticket, visit, clinic, { body, etag, headers, view, experiment }) {
      if (!stillValid(ticket)) return null;
      const bodies = await compressed(body);
      // Cleared while compressing: the page may show what was just changed.
      if (!stillValid(ticket)) return null;
      const pageKey = visit.pageKey(clinic);
      const bytes = bodies.identity.length + bodies.br.length + bodies.gzip.length + keyBytes(pageKey);
      if (bytes > maxBytes / 2) return null;
      const page: KeptPage = { etag, bodies, headers: { ...headers }, view, experiment };
      // Begun just after a clear: another tenant or templates replica may not have heard it yet and
      // answered from before the change; kept for the spike, but only until the settle time is over.
      const provisional = ticket.at < clearedAt + settleMs;
      put(visit.clinicKey, { clientId: clinic.clientId, source: clinic.source }, keyBytes(visit.clinicKey), provisional);
      put(pageKey, page, bytes, provisional);
      return page;
    },

    shared<T>(key: string, render: () => Promise<T>): Promise<T> {
      const running = inflight.get(key);
      if (running) return running as Promise<T>;
      const promise = render().finally(() => inflight.delete(key));
      inflight.set(key, promise);
      return promise;
    },

    count(result) {
      lookups?.inc({ result });
    },

    start: () => channel.start(),

    async close() {
      slots.clear();
      inflight.clear();
      await channel.close();
    },
  };
}

/** The page cache of a shell process as its config says; null when PAGE_CACHE_TTL_MS is 0. */
export function pageCacheFromConfig(
  app: FastifyInstance,
  config: { REDIS_URL: string; REDIS_PREFIX: string; PAGE_CACHE_TTL_MS: number; PAGE_CACHE_STALE_MS: number; PAGE_CACHE_MAX_BYTES: number },
): PageCache | null {
  if (config.PAGE_CACHE_TTL_MS === 0) return null;
  return createPageCache({
    redis: { url: config.REDIS_URL, prefix: config.REDIS_PREFIX },
    ttlMs: config.PAGE_CACHE_TTL_MS,
    staleMs: config.PAGE_CACHE_STALE_MS,
    maxBytes: config.PAGE_CACHE_MAX_BYTES,
    metrics: app.metrics,
    logger: app.log,
  });
}
