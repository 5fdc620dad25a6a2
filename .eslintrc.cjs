/* The dependency rule, checked: src/core is pure domain; driven adapters see only
 * ports and domain types; the API contract knows no transport; the transports
 * (http, cli) do not import each other; tRPC, served over HTTP only, lives in
 * http/trpc/, the one folder of http/ that imports @trpc/*. */
const infrastructure = [
  'express',
  'express/*',
  '@trpc/*',
  'trpc-to-openapi',
  'inversify',
  'reflect-metadata',
  'ioredis',
  'rate-limiter-flexible',
  'pino',
  'prom-client',
  'helmet',
  'swagger-ui-dist',
  'node:http',
  'node:cluster',
  'zod',
  'jose',
];
const root = ['**/composition-root*', '**/config/**', '**/main*'];

const restrict = (...patterns) => ['error', { patterns }];
const only = (group, message) => ({ group, message });
/** What every driving adapter may not import, and what one kind of them may not import besides. */
const driving = (...more) =>
  restrict(
    only(
      ['**/driven/**', 'ioredis', 'rate-limiter-flexible', 'inversify', ...root],
      'Driving adapters reach infrastructure only through core ports.',
    ),
    ...more,
  );
const transportsApart = (group) => only(group, 'Transports do not import each other.');

module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { project: ['./tsconfig.json', './web/tsconfig.json'], tsconfigRootDir: __dirname, sourceType: 'module' },
  plugins: ['@typescript-eslint'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended-type-checked'],
  env: { node: true, es2023: true },
  ignorePatterns: ['dist/', 'web/vite.config.ts', 'node_modules/', '.eslintrc.cjs', 'test/support/generated/', 'reports/', '.stryker-tmp/'],
  rules: {
    '@typescript-eslint/consistent-type-imports': 'error',
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    'no-console': 'error',
    // One import line a module, and one more for its types (consistent-type-imports writes those apart).
    'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
  },
  overrides: [
    {
      files: ['src/core/**/*.ts'],
      rules: {
        'no-restricted-imports': restrict(
          only(infrastructure, 'src/core is pure domain: no transport or infrastructure imports.'),
          only(['**/adapters/**', ...root], 'src/core must not depend on adapters or the composition root.'),
        ),
        'no-restricted-globals': ['error', { name: 'Date', message: 'Time comes from the Clock port.' }],
        'no-restricted-properties': [
          'error',
          { object: 'Date', property: 'now', message: 'Time comes from the Clock port.' },
          { object: 'Temporal', property: 'Now', message: 'Time comes from the Clock port.' },
        ],
      },
    },
    {
      files: ['src/adapters/driven/**/*.ts'],
      rules: {
        'no-restricted-imports': restrict(
          only(['**/driving/**', 'express', '@trpc/*', 'trpc-to-openapi', 'zod'], 'Driven adapters do not know the transports.'),
          only(['**/use-cases/**', ...root], 'Driven adapters see only core ports and domain types.'),
        ),
      },
    },
    { files: ['src/adapters/driving/**/*.ts'], rules: { 'no-restricted-imports': driving() } },
    {
      files: ['src/adapters/driving/contract/**/*.ts'],
      rules: {
        'no-restricted-imports': driving(
          only(['**/trpc/**', '**/http/**', '**/cli/**', 'express', '@trpc/*'], 'The API contract knows no transport.'),
        ),
      },
    },
    {
      files: ['src/adapters/driving/cli/**/*.ts'],
      rules: { 'no-restricted-imports': driving(transportsApart(['**/http/**', '**/trpc/**', 'express', '@trpc/*'])) },
    },
    { files: ['src/adapters/driving/http/trpc/**/*.ts'], rules: { 'no-restricted-imports': driving(transportsApart(['**/cli/**'])) } },
    {
      files: ['src/adapters/driving/http/**/*.ts'],
      excludedFiles: ['src/adapters/driving/http/trpc/**/*.ts'],
      rules: {
        'no-restricted-imports': driving(
          transportsApart(['**/cli/**']),
          only(['@trpc/*'], "tRPC's pieces live in http/trpc/; the rest of http/ reaches tRPC through them."),
        ),
      },
    },
    {
      // The playground is a frontend like any other: the client package, Preact and its own modules.
      files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
      env: { browser: true, node: false },
      rules: {
        'no-restricted-imports': restrict(
          only(
            ['../*', '**/src/core/**', '**/adapters/**', 'node:*', ...infrastructure.filter((name) => name !== '@trpc/*')],
            'The playground imports only the client package, Preact and its own code: no server module, no copy of core logic.',
          ),
        ),
      },
    },
    {
      files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
      rules: {
        'no-console': 'off',
        '@typescript-eslint/no-unsafe-assignment': 'off',
        '@typescript-eslint/no-unsafe-member-access': 'off',
        '@typescript-eslint/no-unsafe-argument': 'off',
      },
    },
  ],
};
