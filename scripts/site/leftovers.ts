// The folders a build works in carry the id of the process that made them, so the next build can
// tell the leftovers of a build that was killed (its process is gone) from those of one still
// running, and remove only the former. A previous output moved aside by a swap that never finished
// is put back when the output folder is missing, and removed otherwise.
import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { alive } from './lock.ts';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The model, description and YAML of one build, in the system's temporary folder. */
export const workPrefix = (): string => `portal-build-${process.pid}-`;
/** The site being built, beside the output folder (the same file system, so the swap is a rename). */
export const stagingPrefix = (out: string): string => `.${basename(out)}-building-${process.pid}-`;
/** The output moved aside while the new one is moved in (swap.ts). */
export const previousName = (target: string): string => `${basename(target)}.previous-${process.pid}-${Date.now()}`;
/** Astro's output when the output folder is on another file system than the site (astro-build.ts). */
export const crossDevicePrefix = (): string => `out-${process.pid}-`;

async function names(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

const abandoned = (pid: string): boolean => Number(pid) !== process.pid && !alive(Number(pid));

export async function removeLeftovers(out: string, astroDir?: string): Promise<void> {
  const places: [string, RegExp][] = [
    [tmpdir(), /^portal-build-(\d+)-/],
    [dirname(out), new RegExp(`^\\.${escapeRegExp(basename(out))}-building-(\\d+)-`)],
  ];
  if (astroDir) places.push([astroDir, /^out-(\d+)-/]);
  for (const [dir, pattern] of places) {
    for (const name of await names(dir)) {
      const pid = pattern.exec(name)?.[1];
      if (pid && abandoned(pid)) await rm(join(dir, name), { recursive: true, force: true });
    }
  }
  const previous = new RegExp(`^${escapeRegExp(basename(out))}\\.previous-(\\d+)-`);
  for (const name of await names(dirname(out))) {
    const pid = previous.exec(name)?.[1];
    if (!pid || !abandoned(pid)) continue;
    if (!existsSync(out)) await rename(join(dirname(out), name), out);
    else await rm(join(dirname(out), name), { recursive: true, force: true });
  }
}
