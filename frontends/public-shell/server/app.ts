import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import {
  ErrorCode,
  errorEnvelope,
  EXPERIMENT_COOKIE_MAX_AGE_SECONDS,
  experimentCookieName,
  linkerDomainsFor,
  Messages,
  pageTrackingFor,
  SESSION_CLIENT_COOKIE,
  type ClinicTracking,
  type PageContent,
  type PageExperiment,
} from '@hap/contracts';
import { instrumentRequests, requestLoggerOptions } from '@hap/service-kit/process';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { join } from 'node:path';
import type { AdminRemoteAssets } from './admin-remote-assets.js';
import { bookingOf, type BookingLoader } from './booking-data.js';
import type { Config } from './config.js';
import { matchedKeyword, type LandingKeywordsLoader } from './landing-keywords.js';
import { chooseArm, type ArmChoice } from './experiments.js';
import { etagOf, fillTemplate, isFresh } from './html.js';
import { bootLoadedTemplate, bootLoaderTag, inlineTemplateStyles, pageAssetTags, takeModulePreloads, withAssets } from './page-assets.js';
import { signExperimentArm } from '@hap/service-kit/identity';
import { previewAdminOf, type PageContentLoader, type PageContextLoader } from './page-context.js';
import { armVisit, encodingFor, keywordVisit, PAGE_CACHE_HEADER, pageVisit, type FoundPage, type PageCache, type PageCacheResult, type PageClinic, type PageVisit } from './page-cache.js';
import { embedFrameOrigins, imageOrigins, pageSourceHeaders, trackingScriptOf, trackingScriptTag } from './page-sources.js';
import { countsAsView, viewOfRoute, type PageViewCounter, type PageViewOf, type ViewRequest } from './page-views.js';
import type { BuildDirs, SsrBundle } from './ssr-bundle.js';
import { registerPortalWorker, type PortalClinicLoader } from './portal-worker.js';
import type { RenderResult } from './ssr-module.js';
import { firstValue, visitorHost, visitorProto, PAGE_CACHE, replyAssetMissing, movedAddress, thanksMayNameClinic } from './page-request.js';

export interface ShellDependencies {
  bundle: SsrBundle;
  dirs: Pick<BuildDirs, 'client' | 'admin'>;
  pageContext: PageContextLoader;
  pageContent: PageContentLoader;
  /** The booking pages' data from leads (booking-data.ts); without it the thank-you page has no picker and /book, /appointment say they cannot show it. */
  booking?: BookingLoader;
  /** The admin remote's preload tags for /admin/* (admin-remote-assets.ts); none without it. */
  adminAssets?: (log: FastifyBaseLogger) => AdminRemoteAssets;
  /** Rendered pages kept (page-cache.ts, started and closed with the app); every page rendered per request without it. */
  pageCache?: (app: FastifyInstance) => PageCache | null;
  /** First-party page views (page-views.ts, closed with the app); nothing counted without it. */
  pageViews?: (app: FastifyInstance) => PageViewCounter | null;
  /** The signed-in clinic user's clinic for the portal's manifest (page-context.ts); the neutral manifest without it. */
  portalClinic?: PortalClinicLoader;
  /** The keywords a service page may echo (landing-keywords.ts); every page keeps its own headline without it. */
  landingKeywords?: LandingKeywordsLoader;
}

/**
 * Builds the public-shell server without listening: hashed assets with a
 * year-long immutable cache, and every other GET server-rendered.
 */
export async function buildServer(
  config: Config,
  { bundle, dirs, pageContext, pageContent, booking: bookingLoader, adminAssets: makeAdminAssets, pageCache: makePageCache, pageViews: makePageViews, portalClinic, landingKeywords }: ShellDependencies,
): Promise<FastifyInstance> {
  const { ssr } = bundle;
  // Stylesheets travel inside the HTML (page-assets.ts), the /admin frame's too: its first paint waits for no request.
  // Public pages load their script with the boot loader (page-assets.ts bootLoaderTag).
  const { template: pageTemplate, entry } = bootLoadedTemplate(inlineTemplateStyles(bundle.templates.page, dirs.client));
  const adminTemplate = inlineTemplateStyles(bundle.templates.admin, dirs.admin);
  // /admin/login loads the admin when the visitor acts (its frame is a working form): the same loader.
  // Its modules, and the remote's, are preloaded by the loader after load, one a task.
  const adminBooted = bootLoadedTemplate(adminTemplate);
  const { html: adminOnInteraction, modules: adminModules } = takeModulePreloads(adminBooted.template);
  const adminEntry = adminBooted.entry;
  const templates = { page: pageTemplate, admin: adminTemplate, adminOnInteraction };
  const quiet = config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace';
  const app = Fastify({
    // Page URLs logged without OAuth answers, tokens or search text (an admin's /admin/leads?q=…).
    logger: requestLoggerOptions({ level: config.LOG_LEVEL, base: { service: 'public-shell' } }),
    requestIdHeader: 'x-request-id',
    // A line per page view is noise at info level; debug and trace keep them.
    logController: new LogController({ disableRequestLogging: quiet }),
    // A URL that cannot be decoded gets the product's envelope, not Fastify's own shape.
    frameworkErrors: (error, _request, reply) => {
      // The option types its reply by route generics that no route applies to here.
      const plain = reply as unknown as FastifyReply;
      plain.code(400).header('cache-control', 'no-store').send(errorEnvelope(ErrorCode.BAD_REQUEST, error.message));
    },
  });

  // Page-render durations by status on the process's own metrics listener (METRICS_PORT), not on this port.
  instrumentRequests(app, { service: 'public-shell' });

  // Rendered pages, kept until tenant or templates says their data changed (page-cache.ts).
  const pageCache = makePageCache?.(app) ?? null;
  if (pageCache) {
    app.addHook('onReady', () => pageCache.start());
    app.addHook('onClose', () => pageCache.close());
  }

  // Page views, counted where pages are served, cache hits included (page-views.ts).
  const pageViews = makePageViews?.(app) ?? null;
  if (pageViews) app.addHook('onClose', () => pageViews.close());

  // Reads the currentClientId cookie (docs/public-site.md#fixed-figures) and sets it when ?client= was accepted.
  await app.register(fastifyCookie);

  // Pages are compressed per response (quick brotli settings: they are small and
  // rendered per visit); assets come pre-compressed from the build.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });

  // The build writes .br and .gz next to each text asset (frontends/shared/precompress.mts); the
  // one the request's Accept-Encoding prefers is sent with Content-Encoding, the plain file
  // otherwise, and every answer carries Vary: Accept-Encoding.
  const assets = { decorateReply: false, index: false, cacheControl: true, maxAge: '365d', immutable: true, preCompressed: true } as const;
  await app.register(fastifyStatic, { ...assets, root: join(dirs.client, 'assets'), prefix: '/assets/' });
  // The /admin entry's own build (vite.admin.config.ts), also under /assets/.
  await app.register(fastifyStatic, { ...assets, root: join(dirs.admin, 'assets', 'admin'), prefix: '/assets/admin/' });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/assets/')) return replyAssetMissing(reply);
    // Only GET and HEAD are pages; anything else is not ours.
    return reply.code(404).send(errorEnvelope(ErrorCode.ROUTE_NOT_FOUND, `${Messages.routeNotFound} (${request.method} ${request.url.split('?')[0]})`));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    reply.header('cache-control', 'no-store');
    if (status === 404 && request.url.startsWith('/assets/')) return replyAssetMissing(reply);
    return reply.code(status).send(status >= 500 ? errorEnvelope(ErrorCode.INTERNAL, Messages.internal) : errorEnvelope(ErrorCode.BAD_REQUEST, error.message));
  });

  // Each view's chunk and stylesheets, preloaded with the page (src/pages/views.ts); the booking picker's with the pages that show it.
  const assetTags = pageAssetTags(dirs.client, { ...ssr.VIEW_MODULES, picker: ssr.PICKER_MODULE });

  const runtimeConfig = { adminRemoteUrl: config.ADMIN_REMOTE_URL ?? ssr.DEFAULT_ADMIN_REMOTE_URL };
  // The admin remote's scripts, preloaded with /admin/* (admin-remote-assets.ts).
  const adminAssets = makeAdminAssets?.(app.log);
  app.addHook('onClose', async () => adminAssets?.close());
  // Loaded only by a page whose clinic's tracking is on (src/tracking/, docs/tracking-privacy.md#tracking).
  const trackingScript = trackingScriptOf(dirs.client);

  interface Rendered {
    page: RenderResult;
    state: object | null;
    remember: number | null;
    /** Depends only on URL and host, and both answers arrived (see PAGE_CACHE). */
    cacheable: boolean;
    /** The clinic's tracking settings (null: none, off, or not known); admin pages and redirects have none. */
    trackingSettings: ClinicTracking | null;
    /** The cross-domain linker's allow list of this page (its host, the clinic's booking host). */
    linkerDomains?: string[];
    /** The catalogue's answer (a service's form embed). */
    content: PageContent | null;
    /** An admin's preview (docs/public-site.md#page-styles): one person's view, never stored by a cache and never tracked. */
    adminPreview?: boolean;
    /** Both data calls answered (the page cache keeps only such pages). */
    complete?: boolean;
    /** The clinic tenant resolved the visit to; null when it did not answer. */
    clinic?: PageClinic | null;
    /** What a view of this page is counted under besides its clinic; null: not counted (page-views.ts). */
    view?: PageViewOf | null;
    /** The running experiment at this URL (a service's plain URL, not a preview); null elsewhere. */
    experiment?: PageExperiment | null;
    /** The page moved: its address now (a 301, the query kept; docs/admin.md#page-paths). */
    movedTo?: string;
  }

  /** One patient's booking pages: never kept by any cache, never tracked (docs/booking.md#pages). */
  const BOOKING_VIEWS = new Set(['book', 'appointment']);

  /** Page kinds that show a clinic's catalogue (services, a service's content); /thanks needs only the clinic. */
  const NEEDS_CONTENT = new Set(['home', 'client-landing', 'service', 'unified', 'not-found']);

  /** One page. A service page whose URL names no style shows the service's default style, or `arm`'s when the service's running experiment took the visitor in; `keyword` as its headline (landing-keywords.ts). */
  async function renderPage(request: FastifyRequest, arm: ArmChoice | null, keyword: string | null): Promise<Rendered> {
    const url = new URL(request.url, 'http://localhost');
    const route = ssr.routeFor(url.pathname, url.search);
    // /login and a path that is a lost query only redirect; /admin/* shows the remote's placeholder: none needs a clinic.
    if (route.redirect || route.kind === 'admin')
      return { page: ssr.render(request.url, null), state: null, remember: null, cacheable: false, trackingSettings: null, content: null };

    const host = visitorHost(request);
    const proto = visitorProto(request);
    if (route.kind === 'onboard') {
      // The agency's sign-up: no clinic to resolve and no clinic's tracking; the browser loads the catalogue.
      const data = ssr.pageDataFrom({ route, context: null, content: null, origin: `${proto}://${host}` });
      return { page: ssr.render(request.url, data.state), state: data.state, remember: null, cacheable: true, trackingSettings: null, content: null };
    }
    const forwardedFor = firstValue(request.headers['x-forwarded-for']);
    // An admin's ?preview=1: the identity the gateway signed onto the request (its page-proxy.ts), verified here.
    const previewAdmin = route.kind === 'service' && route.preview ? previewAdminOf(config.INTERNAL_SECRET, request) : undefined;
    const asked = await pageContext({
      host,
      path: url.pathname,
      client: url.searchParams.get('client') ?? undefined,
      session: request.cookies[SESSION_CLIENT_COOKIE],
      requestId: request.id,
      forwardedFor,
    });
    const { problem } = asked;
    // /thanks for a ?client= that names no clinic (unknown, or deleted): the spec's generic thank-you
    // ("a generic 'Thank You' fallback on error or no client"), never the clinic the resolution fell back to.
    const context = route.kind === 'thanks' && asked.context && !thanksMayNameClinic(asked.context.resolution.source, url.searchParams.get('client')) ? null : asked.context;
    if (problem) request.log.warn({ problem, host }, 'page rendered with fallbacks');
    // The catalogue answers for the resolved clinic (client 1 when the clinic could not be resolved).
    let content = null;
    let complete = !problem && context !== null;
    if (NEEDS_CONTENT.has(route.kind)) {
      const ask = (servicePath: string | undefined) =>
        pageContent({ clientId: context?.resolution.clientId ?? 1, servicePath, previewAdmin, requestId: request.id, forwardedFor });
      let loaded = await ask(route.servicePath);
      // /weight-management and /weightloss: the spec's mapped service when the clinic has none at the literal path.
      if (route.aliasOf && loaded.content && !loaded.content.landing) loaded = await ask(route.aliasOf);
      if (loaded.problem) request.log.warn({ problem: loaded.problem, host }, 'page rendered without its catalogue data');
      complete &&= !loaded.problem;
      content = loaded.content;
    }
    // A page that had this path before answers 301 to where it is now (docs/admin.md#page-paths).
    if ((route.kind === 'service' || route.kind === 'unified') && content && !content.landing && content.movedTo && route.servicePath) {
      const movedTo = movedAddress(url, route.servicePath, content.movedTo);
      if (movedTo) {
        const page: RenderResult = { status: 301, page: 'not-found', redirect: movedTo, html: '', head: '', htmlStyle: '' };
        return { page, state: null, remember: null, cacheable: false, trackingSettings: null, content: null, movedTo };
      }
    }
    const source = context?.resolution.source;
    const landing = content?.landing ?? null;
    // The experiment's URL: a service page that names no style, seen by a visitor (not a preview).
    const atExperimentUrl = route.kind === 'service' && !route.explicitStyle && !route.preview && !previewAdmin;
    // The clinic the page's form sends its lead for (the catalogue's, as above): the arm's token names it.
    const landingClientId = context?.resolution.clientId ?? 1;
    const pageRoute =
      route.kind === 'service' && !route.explicitStyle && landing
        ? arm && atExperimentUrl
          ? { ...route, style: arm.variant, experiment: { id: arm.id, variant: arm.variant, token: signExperimentArm(config.INTERNAL_SECRET, { experimentId: arm.id, variant: arm.variant, clientId: landingClientId }) } }
          : { ...route, style: landing.defaultStyle }
        : route;
    // Without campaign parameters: the same HTML for every visitor (page-cache.ts); the browser reads those itself.
    const pageUrl = ssr.pageAddress(url.pathname, url.searchParams, context?.resolution.source === 'query' ? context.resolution.clientId : null);
    const booking = await bookingOf(route, context?.client ?? null, bookingLoader, { requestId: request.id, forwardedFor });
    const data = ssr.pageDataFrom({ route: pageRoute, context, content, origin: `${proto}://${host}`, pageUrl, booking, keyword });
    return {
      page: ssr.render(request.url, data.state),
      state: data.state,
      remember: data.rememberClientId,
      cacheable: complete && !previewAdmin && (source === 'host' || source === 'path'),
      // The clinic's tracking settings come with its page context: no call of their own.
      trackingSettings: previewAdmin ? null : (context?.tracking ?? null),
      linkerDomains: linkerDomainsFor(host, context?.client?.bookingLink),
      content,
      adminPreview: Boolean(previewAdmin),
      complete,
      clinic: context?.resolution ?? null,
      view: previewAdmin ? null : viewOfRoute(pageRoute, content?.landing?.content.service.id ?? null),
      experiment: atExperimentUrl ? (landing?.experiment ?? null) : null,
    };
  }

  registerPortalWorker(app, dirs.client, { secret: config.INTERNAL_SECRET, portalClinic }); // docs/portal.md#installable-portal
  // Liveness for orchestrators (infra/k8s): the process answers; no gateway call. The gateway keeps /healthz for itself.
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ success: true, data: { service: 'public-shell', status: 'ok' } }));

  /** One render's answer: the filled template, its own headers, who may keep it and for how long. */
  interface Made {
    status: number;
    redirect?: string;
    body: string;
    etag: string;
    /** What the page loads from other sites (page-sources.ts); none on /admin. */
    headers: Record<string, string>;
    cacheControl: string;
    /** The clinic to remember in the currentClientId cookie (an accepted ?client=). */
    remember: number | null;
    /** A view of this answer as counted (its clinic known, status 200, a counted page kind); null otherwise. */
    view: PageViewOf | null;
    clientId: number | null;
    /** The running experiment at this URL. */
    experiment: PageExperiment | null;
  }

  async function renderSafely(request: FastifyRequest, arm: ArmChoice | null = null, keyword: string | null = null): Promise<Rendered> {
    try {
      return await renderPage(request, arm, keyword);
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed');
      return { page: ssr.renderErrorPage(), state: null, remember: null, cacheable: false, trackingSettings: null, content: null };
    }
  }

  function compose(rendered: Rendered): Made {
    const { page, state, remember, cacheable, trackingSettings, linkerDomains, content, adminPreview } = rendered;
    // A moved page: permanent, but asked again each time (no-cache), so an old path later given to another page is that page at once.
    if (rendered.movedTo)
      return { status: 301, redirect: rendered.movedTo, body: '', etag: '', headers: {}, cacheControl: PAGE_CACHE.revalidate, remember: null, view: null, clientId: null, experiment: null };
    if (page.redirect)
      return { status: 302, redirect: page.redirect, body: '', etag: '', headers: {}, cacheControl: PAGE_CACHE.none, remember: null, view: null, clientId: null, experiment: null };
    // The booking picker's styles and chunk come with the pages that show it (docs/booking.md#pages).
    const assets = withAssets(assetTags[page.page], page.picker ? assetTags.picker : undefined);
    // A page that waits for its visitor loads no script before it has painted (src/pages/hydration.ts).
    const moment = page.hydration ?? 'load';
    const adminWaits = page.page === 'admin' && moment === 'interaction' && adminEntry !== null;
    const template = page.page !== 'admin' ? templates.page : adminWaits ? templates.adminOnInteraction : templates.admin;
    // The remote's files, preloaded with /admin/* (admin-remote-assets.ts); by the loader when the page waits for the visitor.
    const remote = page.page === 'admin' ? takeModulePreloads(adminAssets?.tags(page.app) ?? '') : { html: '', modules: [] };
    const boot =
      page.page !== 'admin'
        ? entry && moment !== 'never'
          ? bootLoaderTag(entry, moment, assets?.modules ?? [])
          : ''
        : adminWaits
          ? bootLoaderTag(adminEntry, 'interaction', [...adminModules, ...remote.modules])
          : '';
    // Tracking (docs/public-site.md#states-and-fallbacks, docs/tracking-privacy.md): the tags this page of this clinic loads, if any.
    // The booking pages' addresses carry the patient's booking or link token: no tag ever reads them (docs/booking.md#pages).
    const pageTracking = page.page === 'admin' || BOOKING_VIEWS.has(page.page) ? null : pageTrackingFor(trackingSettings, page.page);
    const trackingTag = pageTracking && trackingScript ? trackingScriptTag(trackingScript) : '';
    const adminPreloads = adminWaits ? remote.html.trim() : page.page === 'admin' ? adminAssets?.tags(page.app) : '';
    const head = [page.head, assets?.styles, moment === 'load' ? assets?.preloads : '', adminPreloads, boot, trackingTag].filter(Boolean).join('\n    ');
    const pageConfig = trackingTag ? { ...runtimeConfig, tracking: { ...pageTracking, linkerDomains, view: page.page } } : runtimeConfig;
    const body = fillTemplate(template, { ...page, head }, { state, config: pageConfig });
    // What the page loads from other sites, for the gateway to allow in this page's CSP and nothing more.
    let headers: Record<string, string> = {};
    if (page.page !== 'admin') {
      // A service page's form and the unified page's hero (src/unified/HeroForm.tsx) both show the embed.
      const embed = page.page === 'service' || page.page === 'unified' ? content?.landing?.content.service.formEmbedCode : null;
      headers = pageSourceHeaders(trackingTag ? pageTracking : null, embedFrameOrigins(embed), imageOrigins(page.head + page.html));
    }
    // /thanks is one visitor's receipt (its address carries the lead's reference): never kept.
    const experiment = page.status === 200 ? (rendered.experiment ?? null) : null;
    const cacheControl =
      page.status !== 200 || page.page === 'thanks' || BOOKING_VIEWS.has(page.page) || adminPreview
        ? PAGE_CACHE.none
        : experiment
          ? PAGE_CACHE.experiment
          : cacheable && remember === null
            ? PAGE_CACHE.shared
            : PAGE_CACHE.revalidate;
    const clientId = rendered.clinic?.clientId ?? null;
    const view = page.status === 200 && clientId !== null ? (rendered.view ?? null) : null;
    return { status: page.status, body, etag: etagOf(body), headers, cacheControl, remember, view, clientId, experiment };
  }

  function rememberClinic(request: FastifyRequest, reply: FastifyReply, clientId: number): void {
    reply.setCookie(SESSION_CLIENT_COOKIE, String(clientId), {
      path: '/',
      sameSite: 'lax',
      // No page script reads it; the server does, on the next page.
      httpOnly: true,
      secure: visitorProto(request) === 'https',
    });
  }

  /** The request as page views see it: the visitor's address (the gateway's x-forwarded-for), host and scheme. */
  const viewRequestOf = (request: FastifyRequest): ViewRequest => ({
    method: request.method,
    url: request.url,
    headers: request.headers,
    address: firstValue(request.headers['x-forwarded-for']) ?? request.ip,
    host: visitorHost(request),
    proto: visitorProto(request),
  });

  /** Counts the view of an answer (page-views.ts), and for its experiment arm; an admin's own page views are not the clinic's visitors. */
  function countView(request: FastifyRequest, clientId: number | null, view: PageViewOf | null, admin: boolean, arm: ArmChoice | null = null) {
    if (!pageViews || !view || clientId === null || admin) return;
    pageViews.record(viewRequestOf(request), { clientId, ...view }, arm);
  }

  /** The arm of a visitor an experiment takes in: a person (no bot, prefetch or HEAD: the views page views count) who is not an admin; null for anyone else, who sees the service's default style. */
  async function armFor(request: FastifyRequest, experiment: PageExperiment | null, admin: boolean): Promise<ArmChoice | null> {
    if (!experiment || admin || !countsAsView(request)) return null;
    const seed = pageViews ? await pageViews.visitorOf(viewRequestOf(request)) : null;
    return chooseArm(experiment, request.cookies, seed);
  }

  /** The visitor's arm, kept in a first-party cookie holding the arm only; renewed on each visit. */
  function rememberArm(request: FastifyRequest, reply: FastifyReply, arm: ArmChoice | null): void {
    if (!arm) return;
    reply.setCookie(experimentCookieName(arm.id), arm.variant, {
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secure: visitorProto(request) === 'https',
      maxAge: EXPERIMENT_COOKIE_MAX_AGE_SECONDS,
    });
  }

  function sendMade(request: FastifyRequest, reply: FastifyReply, made: Made, result: PageCacheResult | null, arm: ArmChoice | null = null) {
    if (made.redirect && made.status === 301) return reply.header('cache-control', made.cacheControl).redirect(made.redirect, 301);
    if (made.redirect) return reply.redirect(made.redirect, 302);
    if (made.remember !== null) rememberClinic(request, reply, made.remember);
    rememberArm(request, reply, arm);
    reply.headers(made.headers);
    if (result) reply.header(PAGE_CACHE_HEADER, result);
    reply.header('cache-control', made.cacheControl).header('etag', made.etag).type('text/html; charset=utf-8');
    if (made.status === 200 && isFresh(request.headers['if-none-match'], made.etag)) return reply.code(304).send();
    return reply.code(made.status).send(made.body);
  }

  /** A kept page, with what belongs to this request: the cookie of an accepted ?client=, who may keep it, its encoding. */
  function sendKept(request: FastifyRequest, reply: FastifyReply, { clinic, page }: FoundPage, result: PageCacheResult, arm: ArmChoice | null = null) {
    const remember = clinic.source === 'query' ? clinic.clientId : null;
    if (remember !== null) rememberClinic(request, reply, remember);
    rememberArm(request, reply, arm);
    // As PAGE_CACHE says; a last good copy (tenant or templates down) is asked for again next time.
    const shared = result !== 'stale' && remember === null && (clinic.source === 'host' || clinic.source === 'path');
    const cacheControl = page.experiment ? PAGE_CACHE.experiment : shared ? PAGE_CACHE.shared : PAGE_CACHE.revalidate;
    reply
      .headers(page.headers)
      .header(PAGE_CACHE_HEADER, result)
      .header('cache-control', cacheControl)
      .header('etag', page.etag)
      .header('vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (isFresh(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    // Compressed once when kept: @fastify/compress leaves an answer with a Content-Encoding alone.
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.code(200).send(page.bodies[encoding]);
  }

  /** The visit's keys in the page cache; null when its answer is never kept (previews, /admin, /thanks, …). */
  function visitOf(request: FastifyRequest): PageVisit | null {
    const url = new URL(request.url, 'http://localhost');
    return pageVisit({
      route: ssr.routeFor(url.pathname, url.search),
      proto: visitorProto(request),
      host: visitorHost(request),
      pathname: url.pathname,
      client: url.searchParams.get('client') ?? undefined,
      session: request.cookies[SESSION_CLIENT_COOKIE],
      address: (acceptedClientId) => ssr.pageAddress(url.pathname, url.searchParams, acceptedClientId),
    });
  }

  type Answer = { found: FoundPage; result: 'hit' | 'miss' | 'stale' } | { made: Made };

  /** A kept page of the visit, else one render for the visits that miss together (a spike on one ad's page), kept when it may be. */
  async function answerOf(request: FastifyRequest, cache: PageCache, visit: PageVisit, arm: ArmChoice | null, keyword: string | null = null): Promise<Answer> {
    const found = cache.find(visit);
    if (found) return { found, result: 'hit' };
    return cache.shared<Answer>(visit.key, async () => {
      const ticket = cache.begin();
      const rendered = await renderSafely(request, arm, keyword);
      const made = compose(rendered);
      const clinic = rendered.clinic ?? null;
      if (rendered.complete && clinic && made.status === 200) {
        const page = await cache.keep(ticket, visit, clinic, made);
        if (page) return { found: { clinic, page }, result: 'miss' };
      } else if (!rendered.complete) {
        // Stale beats down: tenant or templates did not answer, the page's last good copy did.
        const last = cache.lastGood(visit, clinic);
        if (last) return { found: last, result: 'stale' };
      }
      return { made };
    });
  }

  app.get('/*', async (request, reply) => {
    // An admin's page view (the gateway signs the admin on; page-proxy.ts) is rendered afresh and never
    // kept: the admin sees the page as it is now, and a visitor never gets a copy made for an admin.
    const admin = Boolean(previewAdminOf(config.INTERNAL_SECRET, request));
    const visit = pageCache && !admin && visitOf(request);
    if (!pageCache || !visit) {
      pageCache?.count('bypass');
      let rendered = await renderSafely(request);
      // A running experiment at this URL: the visitor's arm is rendered instead of the default style; a matched `kw`, as its headline.
      const arm = await armFor(request, rendered.experiment ?? null, admin);
      const keyword = await matchedKeyword(landingKeywords, request, rendered.clinic?.clientId ?? null, rendered.view ?? null);
      if (arm || keyword) rendered = await renderSafely(request, arm, keyword);
      const made = compose(rendered);
      countView(request, made.clientId, made.view, admin, arm);
      return sendMade(request, reply, made, pageCache ? 'bypass' : null, arm);
    }
    // The page of the URL; at an experiment's URL it names the experiment, and the visitor is sent their arm's page.
    const plain = await answerOf(request, pageCache, visit, null);
    const arm = await armFor(request, 'made' in plain ? plain.made.experiment : plain.found.page.experiment, false);
    // Message match: the page of the matched keyword, kept under that keyword only (page-cache.ts keywordVisit).
    const keyword = await matchedKeyword(landingKeywords, request, 'made' in plain ? plain.made.clientId : plain.found.clinic.clientId, 'made' in plain ? plain.made.view : plain.found.page.view);
    const keyed = keyword ? keywordVisit(visit, keyword) : visit;
    const answer = arm || keyword ? await answerOf(request, pageCache, arm ? armVisit(keyed, arm.variant) : keyed, arm, keyword) : plain;
    if ('made' in answer) {
      pageCache.count('miss');
      countView(request, answer.made.clientId, answer.made.view, false, arm);
      return sendMade(request, reply, answer.made, 'miss', arm);
    }
    pageCache.count(answer.result);
    countView(request, answer.found.clinic.clientId, answer.found.page.view, false, arm);
    return sendKept(request, reply, answer.found, answer.result, arm);
  });

  return app;
}
