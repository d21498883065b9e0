import { defineConfig } from 'vitest/config';

// Three layers, cheapest first (docs/contributing.md, "Tests"). The browser
// layer drives Debian's Chromium through playwright-core and needs a built site,
// so it runs alone and last.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    projects: [
      // jsdom component tests take seconds on a loaded 2-core machine; the
      // timeout only guards against hangs (speed is measured in bench/).
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000 } },
      {
        extends: true,
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000 },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
