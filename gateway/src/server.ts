import { runInProcesses, runServer } from '@hap/service-kit';
import { buildApp } from './app';
import { loadGatewayConfig } from './config';

const config = loadGatewayConfig();
runInProcesses({
  processes: config.GATEWAY_PROCESSES,
  host: config.HOST,
  service: 'gateway',
  logLevel: config.LOG_LEVEL,
  startWorker: () => void runServer({ app: buildApp(config), host: config.HOST, port: config.PORT }),
});
