/* The dependency rule: src/core is pure domain. It may not import transport,
 * infrastructure or the composition root; adapters may not import each other's side. */
const infrastructure = [
  'express', 'express/*', '@trpc/*', 'trpc-to-openapi', 'inversify', 'reflect-metadata',
  'ioredis', 'rate-limiter-flexible', 'pino', 'prom-client', 'helmet', 'swagger-ui-dist',
  'node:http', 'node:cluster', 'zod',
];

module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { project: './tsconfig.json', tsconfigRootDir: __dirname, sourceType: 'module' },
  plugins: ['@typescript-eslint'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended-type-checked'],
  env: { node: true, es2023: true },
  ignorePatterns: ['dist/', 'node_modules/', '.eslintrc.cjs', 'test/support/generated/'],
  rules: {
    '@typescript-eslint/consistent-type-imports': 'error',
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    'no-console': 'error',
  },
  overrides: [
    {
      files: ['src/core/**/*.ts'],
      rules: {
        'no-restricted-imports': ['error', {
          patterns: [
            { group: infrastructure, message: 'src/core is pure domain: no transport or infrastructure imports.' },
            { group: ['**/adapters/**', '**/container*', '**/config*', '**/main*'], message: 'src/core must not depend on adapters or the composition root.' },
          ],
        }],
        'no-restricted-globals': ['error', { name: 'Date', message: 'Time comes from the Clock port.' }],
        'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Time comes from the Clock port.' }],
      },
    },
    {
      files: ['src/adapters/driven/**/*.ts'],
      rules: {
        'no-restricted-imports': ['error', {
          patterns: [{ group: ['**/driving/**', 'express', '@trpc/*', 'trpc-to-openapi'], message: 'Driven adapters do not know the transports.' }],
        }],
      },
    },
    {
      files: ['src/adapters/driving/**/*.ts'],
      rules: {
        'no-restricted-imports': ['error', {
          patterns: [{ group: ['**/driven/**', 'ioredis', 'rate-limiter-flexible', 'inversify'], message: 'Driving adapters reach infrastructure only through core ports.' }],
        }],
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
