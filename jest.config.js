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
  '^@hap/stats$': '<rootDir>/../../packages/stats/src/index.ts',
  '^@hap/stats/(.*)$': '<rootDir>/../../packages/stats/src/$1.ts',
  '^@hap/service-kit$': '<rootDir>/../../packages/service-kit/src/index.ts',
  '^@hap/service-kit/(.*)$': '<rootDir>/../../packages/service-kit/src/$1.ts',
  '^@hap/test-kit/(.*)$': '<rootDir>/../../packages/test-kit/src/$1.ts',
  // A dynamic import() names its file with `.js` (TypeScript's node16 resolution): its source is `.ts`.
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

// ESM-only dependencies that Node 20 loads with require(esm) but Jest's
// CommonJS runtime cannot: compiled to CommonJS by swc like our own code
// (otplib's plugins load @scure/base and @noble/hashes 2, which are ESM only).
const esmOnly = ['content-disposition', 'cookie', 'otplib', '@otplib', '@scure/base', '@noble/hashes'];
// @fastify/cookie (the gateway's and the shell's) loads `cookie` with a lazy import(), which
// Jest's CommonJS runtime refuses; compiled by swc, it becomes a require of the compiled `cookie`.
const transformIgnorePatterns = [`/node_modules/(?!(${[...esmOnly, '@fastify/cookie'].join('|')})/)`];

const project = (displayName, rootDir, mapper = moduleNameMapper) => ({
  displayName,
  rootDir,
  testEnvironment: 'node',
  transform: { '^.+\\.[tj]sx?$': swc },
  transformIgnorePatterns,
  moduleNameMapper: mapper,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // Each Jest worker's own database and Redis prefix (infra/test/global-setup.ts).
  setupFiles: [require('node:path').join(__dirname, 'infra/test/worker-env.ts')],
});

const shallow = {
  '^@hap/contracts$': '<rootDir>/../packages/contracts/src/index.ts',
  '^@hap/stats$': '<rootDir>/../packages/stats/src/index.ts',
  '^@hap/stats/(.*)$': '<rootDir>/../packages/stats/src/$1.ts',
  '^@hap/service-kit$': '<rootDir>/../packages/service-kit/src/index.ts',
  '^@hap/service-kit/(.*)$': '<rootDir>/../packages/service-kit/src/$1.ts',
  '^@hap/test-kit/(.*)$': '<rootDir>/../packages/test-kit/src/$1.ts',
};

// The frontends' pure code and the shell's server: also TSX with React's automatic
// runtime (decorators stay on: a run of only these projects transforms the global
// setup with this), and the server's ESM-style `./name.js` imports mapped to their sources.
const frontendSwc = [
  '@swc/jest',
  {
    ...swc[1],
    jsc: {
      ...swc[1].jsc,
      parser: { ...swc[1].jsc.parser, tsx: true },
      transform: { ...swc[1].jsc.transform, react: { runtime: 'automatic' } },
    },
  },
];
const frontend = (displayName, rootDir) => ({
  ...project(displayName, rootDir),
  testMatch: ['<rootDir>/test/**/*.test.{ts,tsx}'],
  transform: { '^.+\\.[mc]?[tj]sx?$': frontendSwc },
  moduleNameMapper: {
    ...moduleNameMapper,
    '^@hap/service-kit/(.*)$': '<rootDir>/../../packages/service-kit/src/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // A view's stylesheet (imported by its components so Vite puts it beside the view's chunk).
    '\\.css$': '<rootDir>/../../infra/test/style-stub.js',
  },
});

module.exports = {
  // Tests assert behaviour, not speed: a suite that boots an app under a busy two-core CI
  // machine must not fail on Jest's 5 s default (timing targets live in infra/bench).
  testTimeout: 30_000,
  // Two files at a time, each worker on a database and Redis prefix of its own (global-setup.ts):
  // a file waits on PostgreSQL, Redis and its apps' sockets as much as on the CPU, so two workers
  // keep a two-core machine busy. Each worker is a process (not in band) so that what a file leaves
  // behind (apps, pools, module graphs) ends with it: past this much memory after a file, the
  // worker is replaced. In band, the run outgrew Node's 4 GB heap.
  maxWorkers: Number(process.env.JEST_WORKERS ?? 2),
  workerIdleMemoryLimit: '1536MB',
  globalSetup: '<rootDir>/infra/test/global-setup.ts',
  globalTeardown: '<rootDir>/infra/test/global-teardown.ts',
  transform: { '^.+\\.tsx?$': swc },
  projects: [
    project('contracts', '<rootDir>/packages/contracts'),
    project('stats', '<rootDir>/packages/stats'),
    project('service-kit', '<rootDir>/packages/service-kit'),
    project('gateway', '<rootDir>/gateway', shallow),
    project('tenant', '<rootDir>/services/tenant'),
    project('leads', '<rootDir>/services/leads'),
    project('templates', '<rootDir>/services/templates'),
    project('ads', '<rootDir>/services/ads'),
    frontend('public-shell', '<rootDir>/frontends/public-shell'),
    frontend('admin-remote', '<rootDir>/frontends/admin-remote'),
    // The deployment files themselves (infra/k8s).
    project('infra', '<rootDir>/infra', shallow),
  ],
};
