// Our portal's builds take a lock on site/ (scripts/site/lock.ts); waiting for it to be
// free before starting the clock keeps another build's time out of ours.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './paths.ts';

const LOCK = join(ROOT, 'site/.build-lock');

export async function waitForSiteLock(timeoutMs = 15 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (existsSync(LOCK) && Date.now() < deadline) await sleep(500);
}
