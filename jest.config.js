// The fast tier (`unit`: files named *.unit.test.ts, logic that needs no database) runs first; then
// two projects run the rest of the suite: on the embedded PGlite and on a throwaway PostgreSQL
// server (started by test/helpers/pg-global-setup.ts). scripts/test.js picks both where the server exists.
// ts-jest transpiles each file on its own (type checking is CI's `tsc --noEmit` step).
const { availableParallelism } = require('node:os');

const tsJest = ['ts-jest', { isolatedModules: true, diagnostics: false }];
// scripts/test.js leaves the browser tests out, and says so, where no Chromium is installed.
const ignored = ['/node_modules/', ...(process.env.TEST_WITHOUT_BROWSER ? ['<rootDir>/test/browser/'] : [])];
const UNIT = '\\.unit\\.test\\.ts$';

const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  setupFiles: ['reflect-metadata'],
};

module.exports = {
  testTimeout: 60_000,
  // jest's default is one worker fewer than the cores: one on a 2-core machine, where the files'
  // waits (a scheduled minute, retries, a restart) then add up. Files share nothing but the
  // PostgreSQL cluster, where each makes its own database.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // A worker keeps what the files it ran left behind (module registries, embedded databases' WASM
  // heaps); past this after a file it is replaced, so a long suite cannot run a worker out of memory.
  workerIdleMemoryLimit: '1GB',
  projects: [
    // No database: test/helpers/test-app.ts refuses to start the service in this project.
    {
      ...common,
      displayName: 'unit',
      globals: { TEST_DB: 'none' },
      testMatch: ['<rootDir>/test/**/*.unit.test.ts'],
      testPathIgnorePatterns: ignored,
    },
    // The database-loss test stops and starts a PostgreSQL server of its own: only where the server exists.
    {
      ...common,
      displayName: 'pglite',
      globals: { TEST_DB: 'pglite' },
      testPathIgnorePatterns: [...ignored, UNIT, '<rootDir>/test/faults/database-loss'],
      globalSetup: '<rootDir>/test/helpers/pglite-global-setup.ts',
      globalTeardown: '<rootDir>/test/helpers/pglite-global-teardown.ts',
    },
    {
      ...common,
      displayName: 'postgres',
      globals: { TEST_DB: 'postgres' },
      // The browser tests drive the console and the IDE on the embedded database, as `npm start`
      // runs them; what they call is the same API the other files test on both databases. The blind
      // set scores how the agent reads (minutes of asking); its queries are agent-questions' and
      // agent-directory's, which run on both.
      testPathIgnorePatterns: [...ignored, UNIT, '<rootDir>/test/browser/', '<rootDir>/test/agent-blind'],
      globalSetup: '<rootDir>/test/helpers/pg-global-setup.ts',
      globalTeardown: '<rootDir>/test/helpers/pg-global-teardown.ts',
    },
  ],
};
