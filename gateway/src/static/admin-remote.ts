import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, Messages } from '@hap/contracts';
import { AppError } from '@hap/service-kit';

export const ADMIN_REMOTE_PREFIX = '/remotes/admin/';

/** Entry files keep their names across builds, so the browser must revalidate them. */
const UNHASHED = new Set(['remoteEntry.js', 'mf-manifest.json']);

/**
 * The admin remote's build output under /remotes/admin/: hashed files cached
 * for a year, the federation entry points revalidated. The directory is looked
 * for per request until found, so building the admin after the gateway started works.
 */
export const adminRemote: FastifyPluginAsync<{ dir: string }> = async (app, { dir }) => {
  let built = false;
  app.addHook('onRequest', async () => {
    built ||= existsSync(dir);
    if (!built) throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.adminNotBuilt);
  });

  await app.register(fastifyStatic, {
    root: dir,
    prefix: ADMIN_REMOTE_PREFIX,
    suppressWarning: true,
    decorateReply: false,
    index: false,
    // The build writes .br and .gz beside each text file (frontends/shared/precompress.mts).
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', UNHASHED.has(basename(path)) ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
};
