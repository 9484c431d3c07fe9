// Kept so `node frontends/public-shell/server/index.mjs` (infra/launcher/stack.mjs,
// docker-compose.yml) still starts the server until they name dist/node/server.js.
import '../dist/node/server.js';
