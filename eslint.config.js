// One lint config for the whole monorepo. Besides the usual rules it enforces the service cut
// (a service may import the kit and the generated event code, never another service) and each
// service's inner layers (the README's "Inside a service").
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
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

/**
 * The layers inside a service's src/, each a folder (README: Inside a service). Every other file
 * of src/ (server.ts, app.ts, config.ts) is its `main`, which wires the layers together.
 */
const layers = ['contracts', 'domain', 'db', 'use-cases', 'adapters', 'events', 'routes'];

/** What the kit offers a pure rule: schemas, India's dates and money, escaping, coded errors. */
const kitForRules = [
  'Type',
  'Static',
  'formatRupees',
  'paiseFromRupees',
  'addIndiaMonths',
  'endOfIndiaMonth',
  'formatIndiaDate',
  'indiaDate',
  'startOfIndiaMonth',
  'escapeHtml',
  'MailMessage',
  'safeEqual',
  'ConfigError',
  'AppError',
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'conflict',
  'tooManyRequests',
];

/** Modules that reach outside the process (databases, brokers, the network, files, child processes) or serve HTTP. */
const outsideWorld = [
  'node:http',
  'node:https',
  'node:http2',
  'node:net',
  'node:tls',
  'node:dgram',
  'node:dns',
  'node:fs',
  'node:child_process',
  'node:worker_threads',
  'node:cluster',
  'fastify',
  '@fastify/*',
  'pg',
  '@electric-sql/*',
  'kafkajs',
  'redis',
  'nodemailer',
  'openai',
  'razorpay',
  'undici',
  // The events' generated code and its runtime: publishing is a use case's, consuming a handler's.
  '@betterplus/events',
  '@bufbuild/protobuf',
];

/** `to` the named layers of the importing file's own service. */
const toOwn = (...types) => ({ to: { element: { types: { anyOf: types }, captured: { service: '{{ from.element.captured.service }}' } } } });
const from = (type) => ({ element: { type } });

// The kit is cut by concern (db, events, http...), not into these layers.
const layerBoundaries = {
  files: ['services/*/src/**/*.ts'],
  ignores: ['services/kit/**'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': [
      ...layers.map((type) => ({ type, pattern: `services/*/src/${type}`, partialMatch: false, capture: ['service'] })),
      { type: 'main', pattern: 'services/*/src', partialMatch: false, capture: ['service'] },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        // Packages and Node's own modules are checked too (domain's list below); files in the same layer are not.
        checkAllOrigins: true,
        message: 'A layer imports only the layers it stands on (README: Inside a service): {{ from.element.type }}/ must not import {{ to.element.type }}/.',
        policies: [
          { allow: { to: { module: { origin: ['external', 'core'] } } } },
          { from: from('main'), allow: toOwn(...layers) },
          { from: from('routes'), allow: toOwn('use-cases', 'adapters', 'events', 'domain', 'db', 'contracts', 'main') },
          { from: from('events'), allow: toOwn('use-cases', 'adapters', 'domain', 'db', 'contracts') },
          { from: from('use-cases'), allow: toOwn('adapters', 'events', 'domain', 'db', 'contracts') },
          // contracts/ declares the API's shapes once: routes answer with them, db/'s read-model queries return them.
          { from: from('db'), allow: toOwn('contracts') },
          { from: from('adapters'), allow: toOwn('domain', 'main') },
          // db/ holds queries of its own tables and domain/ rules on plain values: neither imports the other, nor anything else of the service.
          {
            from: from('domain'),
            disallow: { to: { module: { source: outsideWorld } } },
            message:
              'domain/ holds pure rules: {{ to.module.source }} reaches outside the process, which is the work of use-cases/ and adapters/ (README: Inside a service).',
          },
          {
            from: from('domain'),
            disallow: { to: { module: { source: '@betterplus/kit' } }, dependency: { specifiers: `!(${kitForRules.join('|')})` } },
            message: 'domain/ holds pure rules: from the kit only its helpers for rules (kitForRules), not its database, events, jobs or HTTP app.',
          },
        ],
      },
    ],
  },
};

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
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
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
  layerBoundaries,
  {
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest'].map((name) => ({
          name,
          message: 'domain/ holds pure rules: calls out of the process are for adapters/ (README: Inside a service).',
        })),
      ],
    },
  },
  {
    // A longer function is split where its parts have names of their own (issue 26); tests are left as they read.
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'deploy/stack/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
);
