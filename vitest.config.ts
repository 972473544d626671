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
