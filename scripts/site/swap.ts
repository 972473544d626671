// Replaces an output folder with a freshly built one by renames, so readers see either the
// old site or the new one, and a failed build never touches the old one.
import { rename, rm, stat } from 'node:fs/promises';

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

export async function swapInto(built: string, target: string): Promise<void> {
  const previous = `${target}.previous-${process.pid}-${Date.now()}`;
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
