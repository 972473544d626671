// A random source that repeats: the same seed gives the same numbers in every
// run, so `--seed` makes latencies, faults and new ids reproducible.
// Hand-written: Mulberry32 is five lines and needs no state beyond one number.
import { createHash } from 'node:crypto';

export function seededRandom(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
