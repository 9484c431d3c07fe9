import { runServer } from '@hap/service-kit';
import { buildApp } from './app';
import { loadGatewayConfig } from './config';

const config = loadGatewayConfig();
const app = buildApp(config);
runServer({ app, host: config.HOST, port: config.PORT }).catch((err: unknown) => {
  app.log.error({ err }, 'failed to start');
  process.exit(1);
});
