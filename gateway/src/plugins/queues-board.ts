import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createBullBoard } from '@bull-board/api';
import type { IServerAdapter } from '@bull-board/api/typings/app';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { ErrorCode, errorEnvelope, Messages, QUEUE_NAMES, queueContracts } from '@hap/contracts';
import { AppError, createQueue, type JobQueue } from '@hap/service-kit';
import { isFullAdmin } from './session';

/** Where admins see every queue of ARCHITECTURE.md#how-parts-talk. */
export const QUEUES_BOARD_PATH = '/admin/queues';

export interface QueuesBoardOptions {
  redisUrl: string;
  redisPrefix: string;
}

/**
 * The board's CSP, stricter than the site's: its UI is scripts and styles
 * from its own /static (plus inline style attributes), JSON from its own API,
 * and data: images. No tag hosts, no https: at large, no frames. Its Google
 * Fonts stylesheet stays blocked (the UI falls back to system fonts), so an
 * admin's browser asks no third party while looking at jobs.
 */
export const QUEUES_BOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/**
 * Jobs are queued by their services through the contracts (payload schema,
 * job id): the board may retry, promote, clean or remove them, but not add a
 * job or rewrite one's payload behind those checks.
 */
const REFUSED_ACTIONS: Array<[method: string, pattern: RegExp]> = [
  ['POST', /^\/api\/queues\/[^/]+\/add\/?$/],
  ['PATCH', /^\/api\/queues\/[^/]+\/[^/]+\/update-data\/?$/],
];

/** Where the board's way back leads: the admin's first screen. */
export const QUEUES_BOARD_BACK_URL = '/admin/clients';

/**
 * The way back to the admin, put before the board's own
 * screen in every page it serves: always visible, whatever the board shows,
 * and there before its script runs. Styled by attribute (the CSP allows inline
 * styles, not scripts), white on the admin's blue.
 */
export const QUEUES_BOARD_BACK_LINK =
  `<a id="hap-board-back" href="${QUEUES_BOARD_BACK_URL}" style="position:fixed;left:0.75rem;bottom:0.75rem;z-index:2147483647;` +
  'display:inline-flex;align-items:center;gap:0.375rem;min-height:2.75rem;padding:0 1rem;border-radius:0.5rem;background:#1d4ed8;color:#fff;' +
  'font:600 0.875rem/1 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;text-decoration:none;box-shadow:0 4px 12px rgb(16 24 40 / 25%)">' +
  '<span aria-hidden="true">&larr;</span>Back to admin</a>';

/** The path below the board's prefix: `/api/queues`, `/static/…`, `/queue/x`. */
const boardPath = (request: FastifyRequest) => request.url.split('?', 1)[0].slice(QUEUES_BOARD_PATH.length) || '/';

/** Pages (not its API or assets) send a signed-out browser to the login. */
const isPage = (request: FastifyRequest) => {
  const path = boardPath(request);
  return (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/static/');
};

/**
 * Bull Board at /admin/queues, for admins only: without an admin session its
 * API answers 401 in the product's envelope and its pages redirect to the
 * login. Queue connections open at the first admin request, so a gateway
 * nobody opens the board on holds none.
 */
export const queuesBoard: FastifyPluginAsync<QueuesBoardOptions> = async (app, options) => {
  const serverAdapter = new FastifyAdapter();
  const board = createBullBoard({
    queues: [],
    // @bull-board/fastify 9.10.1 brings its own @bull-board/api 9.10.1 types; the
    // classes are the same at run time, the private fields make them differ in TS.
    serverAdapter: serverAdapter as unknown as IServerAdapter,
    // The board's own menu of links carries the way back too.
    options: { uiConfig: { boardTitle: 'Health Ads queues', miscLinks: [{ text: 'Back to admin', url: QUEUES_BOARD_BACK_URL }] } },
  });

  let queues: JobQueue<(typeof QUEUE_NAMES)[number]>[] | null = null;
  let redisDown = false;
  const openQueues = () => {
    if (queues) return;
    queues = QUEUE_NAMES.map((name) => createQueue(name, { url: options.redisUrl, prefix: options.redisPrefix }));
    for (const { queue } of queues) {
      queue.on('error', (err) => {
        if (!redisDown) app.log.warn({ err, queue: queue.name }, 'queue board: redis unavailable');
        redisDown = true;
      });
    }
    board.replaceQueues(queues.map(({ name, queue }) => new BullMQAdapter(queue, { description: queueContracts[name].description })));
  };
  app.addHook('onClose', async () => {
    await Promise.all((queues ?? []).map((q) => q.close().catch(() => undefined)));
  });

  // Errors are answered here rather than thrown: bull-board's own error handler
  // would turn them into its 500 shape.
  const refuse = (reply: FastifyReply, error: AppError) =>
    reply.code(error.statusCode).header('cache-control', 'no-store').send(errorEnvelope(error.code, error.message));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', QUEUES_BOARD_CSP);
    let current;
    try {
      current = await app.sessions.current(request);
    } catch (err) {
      if (err instanceof AppError) return refuse(reply, err);
      throw err;
    }
    if (!isFullAdmin(current?.session)) {
      if (isPage(request)) return reply.header('cache-control', 'no-store').redirect('/admin/login', 302);
      return refuse(reply, new AppError(401, ErrorCode.UNAUTHENTICATED, Messages.unauthenticated));
    }
    const path = boardPath(request);
    if (REFUSED_ACTIONS.some(([method, pattern]) => request.method === method && pattern.test(path))) {
      return refuse(reply, new AppError(403, ErrorCode.FORBIDDEN, 'Jobs are queued by their services; the queue board cannot add or edit them.'));
    }
    if (path.startsWith('/api/')) reply.header('cache-control', 'no-store');
    openQueues();
  });

  // Every page of the board (its screens are one HTML page) gets the link back to the admin.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    return payload.replace('<div id="root">', `${QUEUES_BOARD_BACK_LINK}<div id="root">`);
  });

  await app.register(serverAdapter.registerPlugin(), { prefix: QUEUES_BOARD_PATH });
};
