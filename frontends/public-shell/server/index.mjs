/**
 * The public-shell server: `node server/index.mjs` after `npm run build`.
 * Env: PORT (4100), HOST (127.0.0.1), GATEWAY_URL (http://127.0.0.1:8080),
 * ADMIN_REMOTE_URL (/remotes/admin/remoteEntry.js), API_TIMEOUT_MS (1500), LOG_LEVEL (info).
 */
import { buildServer } from './app.mjs';
import { readConfig } from './config.mjs';
import { loadSsrBundle } from './ssr-bundle.mjs';

const config = readConfig();
const app = await buildServer(config, await loadSsrBundle());

let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'closing');
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'close failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// Started by the local launcher with an IPC channel: close when the launcher goes away.
if (process.send) process.once('disconnect', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  process.exit(1);
}
