/**
 * `@hap/service-kit/process`: what a process without a database or queues
 * (the public shell) needs to boot — config, graceful shutdown, metrics,
 * request logs —
 * without loading TypeORM, BullMQ or pg.
 */
export * from './config';
export * from './lifecycle';
export * from './serve';
export * from './processes';
export * from './metrics';
export * from './request-log';
