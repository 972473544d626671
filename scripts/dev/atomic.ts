// Readers (the site's dev server, a reloading page) must never see half a
// model: write beside the target, then rename over it in one step.
import { rename, rm, writeFile } from 'node:fs/promises';

let counter = 0;

export async function writeFileAtomic(file: string, content: string): Promise<void> {
  const temp = `${file}.${process.pid}.${++counter}.tmp`;
  try {
    await writeFile(temp, content);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
