// Limits of the mock server (its address defaults are the product's, in
// scripts/defaults.ts), in a module of their own so they can be read without
// loading the server.
/** The request body limit our API description documents. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
export const MAX_HEADER_BYTES = 16 * 1024;

/** A limit as a message states it: `64 KiB`, or bytes when it is not a whole number of KiB. */
export function formatBytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** How long a connection held by `Prefer: fault=hang` or `fault=slow` stays open at most. */
export const FAULT_HOLD_MS = 60_000;
/** How many such connections are held at once; past it, the one held longest is closed. */
export const MAX_HELD_SOCKETS = 256;

/** What the mock checks in a version, at start and at each reload alike: it loads and normalizes; validation and lint are the build's and the preview's (and `npm run lint`'s). */
export const MOCK_CHECKS = { lint: false, validate: false } as const;
