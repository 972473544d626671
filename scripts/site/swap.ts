// Replaces an output folder with a freshly built one by renames, so readers see either the
// old site or the new one, and a failed build never touches the old one. An output folder that
// cannot be renamed (a mount point: a Docker volume, a CI mount) or that sits on another file
// system than the new site has its contents replaced instead: copied in, then the copy removed.
import { cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { previousName } from './leftovers.ts';

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

const crossDevice = (error: unknown): boolean => ['EXDEV', 'EBUSY'].includes((error as NodeJS.ErrnoException)?.code ?? '');

async function swapByRename(built: string, target: string): Promise<void> {
  const previous = join(dirname(target), previousName(target));
  const hadPrevious = await exists(target);
  if (hadPrevious) await rename(target, previous);
  try {
    await rename(built, target);
  } catch (error) {
    if (hadPrevious) await rename(previous, target);
    throw error;
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

async function replaceContents(built: string, target: string): Promise<void> {
  await mkdir(target, { recursive: true });
  for (const name of await readdir(target)) await rm(join(target, name), { recursive: true, force: true });
  await cp(built, target, { recursive: true });
  await rm(built, { recursive: true, force: true });
}

export async function swapInto(built: string, target: string): Promise<void> {
  try {
    await swapByRename(built, target);
  } catch (error) {
    if (!crossDevice(error)) throw error;
    await replaceContents(built, target);
  }
}
