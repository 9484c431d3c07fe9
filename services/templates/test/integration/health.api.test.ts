import { describeServiceBasics } from '@hap/test-kit/service-suite';
import { buildApp } from '../../src/app';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';

describeServiceBasics({ name: 'templates', buildApp, loadConfig: loadServiceConfig, createDataSource });
