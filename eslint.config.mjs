import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Data access lives in repositories (services/tenant/README.md, "Layout": routes call a
// service, services hold the rules, repositories the queries). Outside `*.repository.ts`,
// migrations and tests, no SQL and no TypeORM data access: services take an optional
// EntityManager and pass it to repository methods, they never query with it.
const DATA_METHODS =
  'query|createQueryBuilder|getRepository|find|findBy|findOne|findOneBy|findOneOrFail|findOneByOrFail|findAndCount|findAndCountBy|save|insert|update|upsert|delete|remove|softDelete|restore|count|countBy|exists|existsBy|increment|decrement|sum|average|minimum|maximum|clear';
const MANAGER_NAMES = 'manager|entityManager|em|tx|trx|queryRunner';
const SQL_START = '^\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH|LOCK TABLE|TRUNCATE)\\s';
const dataAccessOutsideRepositories = [
  { selector: "CallExpression[callee.property.name=/^(query|createQueryBuilder|getRepository)$/]", message: 'SQL and TypeORM data access belong in a *.repository.ts (services/tenant/README.md, "Layout").' },
  { selector: `CallExpression[callee.property.name=/^(${DATA_METHODS})$/][callee.object.name=/^(${MANAGER_NAMES})$/]`, message: 'Pass the EntityManager to a repository method instead of querying with it here (services/tenant/README.md, "Layout").' },
  { selector: `CallExpression[callee.property.name=/^(${DATA_METHODS})$/][callee.object.property.name='manager']`, message: 'Pass the EntityManager to a repository method instead of querying with it here (services/tenant/README.md, "Layout").' },
  { selector: `TemplateElement[value.raw=/${SQL_START}/]`, message: 'Raw SQL belongs in a *.repository.ts (services/tenant/README.md, "Layout").' },
  { selector: `Literal[value=/${SQL_START}/]`, message: 'Raw SQL belongs in a *.repository.ts (services/tenant/README.md, "Layout").' },
];

// Files outside repositories that may still query, each for a reason:
const DATA_ACCESS_ALLOWED = [
  // The service kit's generic infrastructure, shared by every service: the base repository,
  // the migration runner, the readiness ping, the seed_history ledger and the audit log.
  'packages/service-kit/src/repository.ts',
  'packages/service-kit/src/database.ts',
  'packages/service-kit/src/plugins.ts',
  'packages/service-kit/src/seed.ts',
  'packages/service-kit/src/audit.ts',
  // Seeds write demo data once, as migrations write schema.
  'services/*/src/db/seed*.ts',
  // Google Ads Query Language sent to Google's API, not SQL to our database.
  'services/ads/src/google-ads/**',
];

// A source file says one thing: at most 500 lines, counted as the file has them (blank lines and
// comments included). Tests are exempt (a suite's cases for one feature stay together); so are
// data files, listed here.
const MAX_LINES_DATA_FILES = []; // none today

// One test kit (packages/test-kit/README.md, "Other services in a test"): a test reaches another service
// over HTTP (its built server as a process) and its rows in SQL, never through that service's files.
const SERVICES = ['tenant', 'leads', 'templates', 'ads'];
const otherServices = (own) => {
  const others = SERVICES.filter((name) => name !== own).join('|');
  return [
    { regex: `^(\\.\\./)+(services/)?(${others})/(src|test)(/|$)`, message: "A test imports no other service's files: start it with @hap/test-kit/service-process (or siblings) and write its rows with @hap/test-kit/factories." },
    { regex: `^@hap/(${others})(/|$)`, message: "A test imports no other service's package: start it with @hap/test-kit/service-process." },
  ];
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/.__mf__temp/**', 'test-results/**', 'playwright-report/**', 'infra/e2e/.artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['frontends/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'packages/service-kit/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/migrations/**', ...DATA_ACCESS_ALLOWED],
    rules: {
      'no-restricted-syntax': ['error', ...dataAccessOutsideRepositories],
      'no-restricted-imports': ['error', { paths: [{ name: 'typeorm', importNames: ['Repository'], message: 'Services use a *.repository.ts, not a TypeORM Repository (services/tenant/README.md, "Layout").' }] }],
    },
  },
  ...SERVICES.map((own) => ({
    files: [`services/${own}/test/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: otherServices(own) }] },
  })),
  {
    files: ['gateway/test/**/*.ts', 'frontends/*/test/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: otherServices(null) }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/test/**', 'packages/test-kit/**', '**/*.test.{ts,tsx}', 'infra/e2e/**', ...MAX_LINES_DATA_FILES],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
);
