const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: '<rootDir>/test/env/jsdomWithFetch.js',
  testEnvironmentOptions: { url: 'http://widget.test/webapp/lead-wizard' },
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  // A PostgreSQL cluster for the backend's tests, when PostgreSQL is installed.
  globalSetup: '<rootDir>/test/env/postgresSetup.ts',
  globalTeardown: '<rootDir>/test/env/postgresTeardown.ts',
  roots: [
    '<rootDir>/src',
    '<rootDir>/embed',
    '<rootDir>/server',
    '<rootDir>/contract',
    '<rootDir>/test',
  ],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // The project's .babelrc, applied to the ESM-only packages below as well.
  transform: { '\\.m?[jt]sx?$': ['babel-jest', { extends: path.join(__dirname, '.babelrc') }] },
  transformIgnorePatterns: [
    // ESM-only packages that jest (on Node 20) must compile
    '/node_modules/(?!(react-leaflet|@react-leaflet|d3-delaunay|delaunator|robust-predicates)/)',
  ],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/test/stubs/style.js',
    '\\.(png|svg)$': '<rootDir>/test/stubs/file.js',
  },
  // The slowest tests (whole screens with user-event) take about 3 s on an idle 2-core
  // machine; CI's runs share those cores, so a test keeps a wide margin to its timeout.
  testTimeout: 20_000,
  clearMocks: true,
  restoreMocks: true,
};
