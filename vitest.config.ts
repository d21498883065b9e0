import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three layers, cheapest first (docs/contributing.md, "Tests"). The integration
// and browser layers build sites as the CLI does, with React's production build
// (cli/bin.js sets NODE_ENV, which vitest would otherwise set to "test": React's
// development build renders several times slower); the unit layer keeps the
// development build, whose act() and warnings the component tests use.
//
// One test file per core (vitest's default leaves one core free: on a 2-core
// machine that ran the whole suite one file at a time). The unit and
// integration layers run together; then, one file at a time, the files that
// must not share the machine: the kill -9 test (each of its runs must reach
// the point it kills at) and the browser layer, which drives Chromium over
// one built site (tests/browser/global-setup.ts).
const production = { NODE_ENV: 'production' };
// Timeouts only end a test that hangs: a test waits for events, and how long they take is the
// machine's business (a loaded 2-core CI runner takes several times as long as an idle one).
// So no test sets a shorter one of its own.
// The integration limit is 30 minutes: the 40-edit property files (changed-a, changed-b) take about
// 3.5 minutes on an idle 2-core machine and ran past 15 under extreme load (load average 40);
// changed-cold, whose builds are each a fresh process, took 8.7 and 12 minutes for 40 steps at load average 6-10 (6.2 and 6.8 minutes of CPU); it runs 16.
const HANG = { unit: 120_000, integration: 1_800_000, browser: 900_000 };
const ALONE = ['tests/integration/changed-kill.test.ts'];
export default defineConfig({
  // jsx(), not jsxDEV(): the integration and browser layers run React's production build, which has no jsxDEV.
  esbuild: { jsx: 'automatic', jsxDev: false },
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      // jsdom component tests take seconds on a loaded 2-core machine (speed is measured in bench/).
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: HANG.unit, hookTimeout: HANG.unit, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], exclude: ALONE, env: production, testTimeout: HANG.integration, hookTimeout: HANG.integration, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'integration-alone', include: ALONE, env: production, testTimeout: HANG.integration, hookTimeout: HANG.integration, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          env: production,
          testTimeout: HANG.browser,
          hookTimeout: HANG.browser,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
