// One Astro build at a time per site folder: builds share `site/.astro` (content store,
// generated types), and two writing it at once can read each other's half-written files.
// A directory is the lock (mkdir is atomic); a lock whose process is gone is taken over.
import { rmSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock of a site folder, held while a build or a preview's start writes it. */
export const lockDir = (dir: string): string => join(dir, '.build-lock');

export async function withLock<T>(dir: string, run: () => Promise<T>, timeoutMs = 15 * 60_000): Promise<T> {
  const lock = lockDir(dir);
  const started = Date.now();
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => ''));
      // No pid yet means the owner is between mkdir and writeFile, unless that was long ago.
      const age = Date.now() - ((await stat(lock).catch(() => undefined))?.mtimeMs ?? Date.now());
      if ((owner && !alive(owner)) || (!owner && age > 10_000)) await rm(lock, { recursive: true, force: true });
      else if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for another site build to finish (${lock})`);
      else await sleep(250);
    }
  }
  // Released on exit too (process.exit from a signal handler skips the finally below).
  const release = () => rmSync(lock, { recursive: true, force: true });
  process.once('exit', release);
  try {
    return await run();
  } finally {
    process.off('exit', release);
    await rm(lock, { recursive: true, force: true });
  }
}
