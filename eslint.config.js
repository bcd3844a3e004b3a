// One lint config for the whole monorepo. Besides the usual rules it enforces the service cut:
// a service may import the kit and the generated event code, never another service.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const services = ['identity', 'billing', 'chat', 'notifications', 'admin-reporting'];

const serviceBoundaries = services.map((name) => ({
  files: [`services/${name}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: services.filter((other) => other !== name).flatMap((other) => [`@betterplus/${other}`, `@betterplus/${other}/*`]),
            message: 'A service never imports another service: learn it from events (ARCHITECTURE.md).',
          },
          {
            regex: `^(\\.\\./)+(${services.filter((other) => other !== name).join('|')})/`,
            message: 'A service reaches only the kit and @betterplus/events, never another service folder.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'proto/gen/**', 'web/src/api/generated/**', '.data/**', '**/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify handlers and port implementations are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // k6 scripts: k6's own runtime, whose globals these are.
    files: ['deploy/load/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...serviceBoundaries,
);
