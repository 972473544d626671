// A large file is written in pieces: a save read before its last piece lands reads a text cut short,
// which fails to parse (at a cost: the parser then locates the error) and is thrown away for the save
// after it (rebuild.ts). A JSON file tells when it is whole: its text ends with the bracket that closes
// it. Before a save is built, each JSON file of the description that does not is given a moment to; one
// left that way is built all the same, and its problem shown.
import { open } from 'node:fs/promises';

/** How long a save waits for its JSON files to end with their closing bracket. */
export const SETTLE_MS = 500;
const STEP_MS = 10;
/** Enough of a file's end to pass its trailing whitespace. */
const TAIL_BYTES = 256;

/** Whether a JSON text's last characters close it (`}` or `]` before any trailing whitespace). */
export function endsWhole(tail: string): boolean {
  return /[}\]]\s*$/.test(tail);
}

async function tailOf(file: string): Promise<string | undefined> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(file, 'r');
    const { size } = await handle.stat();
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } catch {
    // Gone or unreadable: the build says so.
    return undefined;
  } finally {
    await handle?.close();
  }
}

/** Resolves once every `.json` file ends whole (an empty one does not: a file being written is emptied first), or after `maxMs`. */
export async function jsonWritten(files: readonly string[], maxMs = SETTLE_MS): Promise<void> {
  const json = files.filter((f) => /\.json$/i.test(f));
  const until = performance.now() + maxMs;
  for (;;) {
    const tails = await Promise.all(json.map(tailOf));
    if (tails.every((tail) => tail === undefined || endsWhole(tail)) || performance.now() >= until) return;
    await new Promise((resolve) => setTimeout(resolve, STEP_MS));
  }
}
