/**
 * Every workspace's jest suites in one run (npm run test:api). TypeScript is
 * compiled by swc with decorator metadata (TypeORM needs it); workspace
 * packages resolve to their sources, so no build is needed first.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const moduleNameMapper = {
  '^@hap/contracts$': '<rootDir>/../../packages/contracts/src/index.ts',
  '^@hap/service-kit$': '<rootDir>/../../packages/service-kit/src/index.ts',
  '^@hap/service-kit/(.*)$': '<rootDir>/../../packages/service-kit/src/$1.ts',
};

// ESM-only dependencies that Node 20 loads with require(esm) but Jest's
// CommonJS runtime cannot: compiled to CommonJS by swc like our own code.
const esmOnly = ['content-disposition', 'cookie'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];

const project = (displayName, rootDir, mapper = moduleNameMapper) => ({
  displayName,
  rootDir,
  testEnvironment: 'node',
  transform: { '^.+\\.[tj]sx?$': swc },
  transformIgnorePatterns,
  moduleNameMapper: mapper,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
});

const shallow = {
  '^@hap/contracts$': '<rootDir>/../packages/contracts/src/index.ts',
  '^@hap/service-kit$': '<rootDir>/../packages/service-kit/src/index.ts',
  '^@hap/service-kit/(.*)$': '<rootDir>/../packages/service-kit/src/$1.ts',
};

module.exports = {
  globalSetup: '<rootDir>/infra/test/global-setup.ts',
  globalTeardown: '<rootDir>/infra/test/global-teardown.ts',
  transform: { '^.+\\.tsx?$': swc },
  projects: [
    project('contracts', '<rootDir>/packages/contracts'),
    project('service-kit', '<rootDir>/packages/service-kit'),
    project('gateway', '<rootDir>/gateway', shallow),
    project('tenant', '<rootDir>/services/tenant'),
    project('leads', '<rootDir>/services/leads'),
    project('templates', '<rootDir>/services/templates'),
    project('ads', '<rootDir>/services/ads'),
  ],
};
