import { describeServiceSkeleton } from '../../../../infra/test/skeleton-suite';
import { buildApp } from '../../src/app';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';

describeServiceSkeleton({ name: 'ads', buildApp, loadConfig: loadServiceConfig, createDataSource });
