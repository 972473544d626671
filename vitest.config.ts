import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure rules, inline documents, no server, browser or build; `npm run test:unit`)
// and `e2e` (real HTTP, real Chromium, real builds and processes). `npm test` runs both.
export default defineConfig({
  test: {
    // Builds and browsers share two cores; a few files at a time keeps timings honest.
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], testTimeout: 10_000 },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['test/**/*.test.ts'], exclude: ['test/unit/**'], testTimeout: 60_000, hookTimeout: 180_000 },
      },
    ],
  },
});
