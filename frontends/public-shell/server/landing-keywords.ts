import { keywordAllowList, keywordParamKey, matchKeyword, MESSAGE_MATCH_PARAM, routes } from '@hap/contracts';
import { internalHeaders } from '@hap/service-kit/internal-client';
import { LRUCache } from 'lru-cache';
import type { Config } from './config.js';
import type { PageViewOf } from './page-views.js';
import { serviceClient, type ServiceConfig } from './page-context.js';

/**
 * Message match (docs/campaigns.md#message-match): the keywords a clinic's service page may echo, from ads,
 * asked only for a visit whose URL carries `kw`. A list is kept for KEPT_MS per page (a launch's new
 * keywords are echoed at most that late); when ads cannot answer, the page shows its own headline and ads
 * is asked again after RETRY_MS, so an ads outage costs a `kw` visit one timeout a while, not each time.
 */
export type LandingKeywordsLoader = (page: { clientId: number; serviceId: number; requestId: string }) => Promise<ReadonlyMap<string, string>>;

const KEPT_MS = 5 * 60_000;
const RETRY_MS = 30_000;
/** Pages whose lists are kept at once (the least recently used go first). */
const MAX_PAGES = 5000;
const NONE: ReadonlyMap<string, string> = new Map();

export function createLandingKeywordsLoader(config: ServiceConfig & Pick<Config, 'ADS_URL'>): LandingKeywordsLoader {
  const api = serviceClient(config, 'ads', config.ADS_URL);
  const lists = new LRUCache<string, ReadonlyMap<string, string>, { clientId: number; serviceId: number; requestId: string }>({
    max: MAX_PAGES,
    ttl: KEPT_MS,
    // One call for concurrent visits of one page; each gets its answer.
    fetchMethod: async (_key, _stale, { options, context }) => {
      try {
        const { keywords } = await api.call(
          routes.listLandingKeywords,
          { query: { clientId: context.clientId, serviceId: context.serviceId } },
          { headers: internalHeaders({ requestId: context.requestId }) },
        );
        return keywordAllowList(keywords);
      } catch {
        options.ttl = RETRY_MS;
        return NONE;
      }
    },
  });
  return async (page) => (await lists.fetch(`${page.clientId}:${page.serviceId}`, { context: page })) ?? NONE;
}

/**
 * The ad keyword a page's `kw` names: the allow-list's text when it is one of the page's service's keywords,
 * else null (the page keeps its own headline). Ads is asked only for a `kw` that can be a keyword, on a
 * service or unified page of a known clinic and service.
 */
export async function matchedKeyword(
  loader: LandingKeywordsLoader | undefined,
  request: { url: string; id: string },
  clientId: number | null,
  view: PageViewOf | null,
): Promise<string | null> {
  if (!loader || clientId === null || !view?.serviceId || (view.kind !== 'service' && view.kind !== 'unified')) return null;
  const raw = new URL(request.url, 'http://localhost').searchParams.get(MESSAGE_MATCH_PARAM);
  if (keywordParamKey(raw) === null) return null;
  return matchKeyword(await loader({ clientId, serviceId: view.serviceId, requestId: request.id }), raw);
}
