import { defineConfig } from 'vitest/config';

// Three layers, cheapest first (docs/contributing.md, "Tests"). The browser
// layer drives Debian's Chromium through playwright-core and needs a built site,
// so it runs alone and last. The integration and browser layers build sites as
// the CLI does, with React's production build (cli/bin.js sets NODE_ENV, which
// vitest would otherwise set to "test": React's development build renders
// several times slower); the unit layer keeps the development build, whose
// act() and warnings the component tests use.
const production = { NODE_ENV: 'production' };
export default defineConfig({
  // jsx(), not jsxDEV(): the integration and browser layers run React's production build, which has no jsxDEV.
  esbuild: { jsx: 'automatic', jsxDev: false },
  test: {
    projects: [
      // jsdom component tests take seconds on a loaded 2-core machine; the
      // timeout only guards against hangs (speed is measured in bench/).
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000 } },
      {
        extends: true,
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], env: production, testTimeout: 120_000, hookTimeout: 180_000 },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          env: production,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
