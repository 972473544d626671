import { defineConfig } from 'vitest/config';

// Projects: `unit` (pure rules, inline documents, no server, browser or build; `npm run test:unit`),
// `e2e` (real HTTP, real Chromium, real builds and processes) — `npm test` runs both — and `clone`
// (`npm run bench` in a fresh copy of the repository, which installs the tools it compares against:
// its own CI step, `npm run test:clone`).
const CLONE = 'test/bench/fresh-clone.test.ts';

export default defineConfig({
  test: {
    // Builds and browsers share two cores; a few files at a time keeps timings honest. Timeouts are for
    // a machine loaded many times over: a property test of a second's work may take ten there.
    maxWorkers: 2,
    reporters: ['default'],
    // `npm run coverage` (`vitest run --project unit --coverage`) measures the unit layer. The measured set is the product
    // code (scripts/, site/src/) the unit tests load: the pure rules and what they import. Process entry points (the CLI
    // mains, the mock and preview servers, workers) are not loaded by unit tests and are covered end to end, so they are
    // left out rather than counted as unrun; test/ itself is not product code. The thresholds are what the layer reaches, rounded
    // down: raise them as coverage grows.
    coverage: {
      provider: 'v8',
      exclude: ['test/**', 'node_modules/**'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: { lines: 85, statements: 83, functions: 87, branches: 76 },
    },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['test/**/*.test.ts'], exclude: ['test/unit/**', CLONE], testTimeout: 180_000, hookTimeout: 300_000 },
      },
      {
        extends: true,
        test: { name: 'clone', include: [CLONE], testTimeout: 600_000, hookTimeout: 180_000 },
      },
    ],
  },
});
