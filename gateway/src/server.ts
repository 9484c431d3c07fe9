import { runServer } from '@hap/service-kit';
import { buildApp } from './app';
import { loadGatewayConfig } from './config';

const config = loadGatewayConfig();
const app = buildApp(config);
void runServer({ app, host: config.HOST, port: config.PORT });
