import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';

/**
 * Writes `<file>.br` and `<file>.gz` next to each text asset of a browser
 * build, so servers send them as they are (@fastify/static `preCompressed`)
 * instead of compressing per request or not at all. A variant that would not
 * be smaller is skipped and the plain file is sent.
 */
export const precompressAssets = () =>
  compression({
    include: /\.(?:js|mjs|css|svg|json)$/,
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
    skipIfLargerOrEqual: true,
    logLevel: 'silent',
  });
