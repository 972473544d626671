// Keeps the site build's memory down on a large API (GitHub's: 2,242 pages), where it peaked at
// about 1.2 GB: V8 let the heap grow to nearly four times what the pages keep alive while they
// render, and Pagefind's indexer (a process of its own, about 260 MB) started while all of that
// was still held. Here the heap grows to at most twice what survives a collection (GitHub's build:
// peak 850–861 MB against 928–937 MB at three times, within the noise of its time), and a full
// collection while Pagefind reads the pages gives the freed memory back.
// Build only: nothing changes for the dev server. Hand-written: V8's switches, no library has them.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AstroIntegration } from 'astro';

/** Heap growth after a collection, as V8's `--heap-growing-percent` (0 is V8's own, adaptive, choice). */
const GROWTH_PERCENT = 100;

export function buildMemory(): AstroIntegration {
  return {
    name: 'portal:build-memory',
    hooks: {
      'astro:build:start': () => {
        setFlagsFromString(`--heap-growing-percent=${GROWTH_PERCENT}`);
      },
    },
  };
}

/** A full collection that hands the freed heap back to the system (the search index is built meanwhile, search-index.ts). */
export function giveMemoryBack(): void {
  setFlagsFromString('--heap-growing-percent=0');
  // `gc` exists only with --expose-gc; a fresh context picks the flag up at once. A plain collection
  // keeps the freed pages for later (the process's memory stays as it was); the last-resort kind
  // gives them back to the system.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as (options: object) => void)({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  setFlagsFromString('--no-expose-gc');
}
