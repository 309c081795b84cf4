/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: '<rootDir>/test/env/jsdomWithFetch.js',
  testEnvironmentOptions: { url: 'http://widget.test/webapp/lead-wizard' },
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  roots: ['<rootDir>/src', '<rootDir>/embed', '<rootDir>/server', '<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '\\.[jt]sx?$': 'babel-jest' },
  transformIgnorePatterns: ['/node_modules/(?!(react-leaflet|@react-leaflet)/)'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/test/stubs/style.js',
    '\\.(png|svg)$': '<rootDir>/test/stubs/file.js',
  },
  clearMocks: true,
  restoreMocks: true,
};
