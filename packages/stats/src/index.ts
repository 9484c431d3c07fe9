export * from './beta';
export * from './rule';
export * from './statistics';
