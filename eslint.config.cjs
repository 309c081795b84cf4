const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const react = require('eslint-plugin-react');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');

// Raw react-redux hooks only in app/hooks.ts (typed hooks everywhere else).
const typedHooksOnly = [
  {
    name: 'react-redux',
    importNames: ['useSelector', 'useDispatch', 'useStore'],
    message: 'Use the typed hooks from src/app/hooks.ts.',
  },
];

// Imports stand at the top of a file, before any other statement (re-exports may sit among them).
const importsFirst = {
  selector:
    'Program > :not(ImportDeclaration, ExportNamedDeclaration[source], ExportAllDeclaration) ~ ImportDeclaration',
  message: 'Imports go at the top of the file, before any other statement.',
};

/**
 * The server's layers point one way (docs/architecture.md#the-servers-layers): net/ (reading
 * other servers' answers) imports nothing of the server; storage, the outbox and the HTTP
 * layer import no feature; matching/ (which saved searches match a property) only storage, geo
 * and data; the features import each other in one order,
 * api/ (the contact's routes) → submissions/ → agency/; no folder imports the composition
 * (app.ts, routes.ts, main.ts). Every server folder is one level deep, so `../name` is the
 * folder `name`.
 */
const serverLayer = (folders, forbidden) => ({
  files: folders.map((folder) => `server/${folder}/**/*.ts`),
  ignores: ['server/**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: typedHooksOnly,
        patterns: [
          ...(forbidden.length
            ? [
                {
                  regex: `^\\.\\./(${forbidden.join('|')})(/|$)`,
                  message: `server/${folders.join(', server/')} may not import server/${forbidden.join(', server/')}: the server's layers point one way (docs/architecture.md#the-servers-layers).`,
                },
              ]
            : []),
          {
            regex: '^\\.\\./(app|routes|main)$',
            message: 'Only the composition (app.ts, routes.ts) puts the server together.',
          },
        ],
      },
    ],
  },
});
const SERVER_FEATURES = ['api', 'submissions', 'agency'];
const SERVER_SHARED = ['db', 'delivery', 'http', 'auth', 'data', 'geo', 'mail'];

module.exports = tseslint.config(
  { ignores: ['node_modules', 'static', 'coverage', 'data', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: 'detect' } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
      'no-restricted-syntax': ['error', importsFirst],
      'no-restricted-imports': ['error', { paths: typedHooksOnly }],
      // Only src/api talks HTTP.
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the backend through src/api.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Call the backend through src/api.' },
        { object: 'globalThis', property: 'fetch', message: 'Call the backend through src/api.' },
      ],
    },
  },
  {
    // Screens carry no literal text: every visible string comes from the locale files.
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    rules: { 'react/jsx-no-literals': ['error', { noStrings: true, ignoreProps: true }] },
  },
  {
    // Layers point one way: features may import the shell and the shared parts, never the
    // reverse. The shell reaches a screen only through screens.ts's import().
    files: ['src/{app,api,host,session,machine,wizard,parts,ui,i18n,qa}/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: typedHooksOnly,
          patterns: [
            {
              group: ['**/features', '**/features/**'],
              message:
                'Shared layers never import a feature (docs/development.md#layers-point-one-way).',
            },
            {
              group: ['**/agency', '**/agency/**'],
              message: 'The agency inbox is an app of its own: the widget never imports it.',
            },
          ],
        },
      ],
    },
  },
  {
    // A backend path is written only as a call's `path` (or a type), which the compiler checks
    // against the contract (src/api/contract.ts); never built from pieces.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        importsFirst,
        {
          selector:
            "Literal[value=/^\\/(v1|agency\\/api)\\//]:not(Property[key.name='path'] > Literal, TSLiteralType > Literal)",
          message: "Name a backend path as a call's `path`, where the contract types it.",
        },
        {
          selector: 'TemplateElement[value.raw=/\\/(v1|agency\\/api)\\//]',
          message: "Name a backend path as a call's `path`, where the contract types it.",
        },
      ],
    },
  },
  { files: ['src/app/hooks.ts', 'src/agency/hooks.ts'], rules: { 'no-restricted-imports': 'off' } },
  serverLayer(['net'], [...SERVER_FEATURES, ...SERVER_SHARED]),
  serverLayer(['db'], [...SERVER_FEATURES, 'http', 'delivery', 'mail']),
  serverLayer(['delivery'], [...SERVER_FEATURES, 'http']),
  serverLayer(['http', 'auth', 'data', 'geo', 'mail'], [...SERVER_FEATURES, 'matching']),
  serverLayer(['matching'], [...SERVER_FEATURES, 'http', 'delivery', 'mail']),
  serverLayer(['submissions'], ['api']),
  serverLayer(['agency'], ['api', 'submissions']),
  serverLayer(['api'], []),
  {
    // The floor pages are plain apps of the same libraries, not ours: they use them directly.
    files: ['bench/floors/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  { files: ['src/api/**/*.ts'], rules: { 'no-restricted-globals': 'off' } },
  {
    // Tests and the server/bench tools are not the widget: they may use fetch and the console.
    files: [
      '**/*.test.{ts,tsx}',
      'test/**',
      'server/**',
      'e2e/**',
      'bench/**',
      'contract/export.ts',
      'scripts/**',
    ],
    rules: { 'no-restricted-globals': 'off', 'no-console': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'module' },
  },
  {
    files: ['**/*.cjs', 'webpack.config.js', 'jest.config.js', 'test/env/*.js', 'test/stubs/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
