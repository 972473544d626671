// The bound on what `npm run build` writes: at most OUTPUT_FACTOR times the description's size
// plus OUTPUT_BASE. Real descriptions stay far below it (GitHub's 13 MB: 11 times; ours: 25
// times, most of it the portal's own scripts, styles and search code), and every page's
// navigation and enumerations are bounded, so a build that reaches it is one no reader could use
// (a few kilobytes of description once wrote gigabytes). The build counts its pages as Astro
// renders them and stops at the first page past the bound (site/src/integrations/output-limit.ts),
// then measures the whole output before it replaces the previous one; either way the previous
// site stays as it was and the build says so as an `output-limit` error.
import { lstatSync, readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';

export const OUTPUT_FACTOR = 200;
export const OUTPUT_BASE = 64 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** A build's bound: what it may write, and how that was decided, for the message. */
export interface OutputBound {
  limit: number;
  rule: string;
}

/** The bound for descriptions of `bytes` in all (each published version counted), or the one `--max-output` names in MiB. */
export function outputBound(bytes: number, maxOutput?: number): OutputBound {
  if (maxOutput !== undefined) return { limit: maxOutput * 1024 * 1024, rule: `--max-output ${maxOutput}` };
  return {
    limit: OUTPUT_BASE + OUTPUT_FACTOR * bytes,
    rule: `${OUTPUT_FACTOR} times its description (${megabytes(bytes)}) plus ${megabytes(OUTPUT_BASE)}`,
  };
}

/** The size of the files a description was read from; a remote document counts for nothing. */
export async function descriptionBytes(files: readonly string[]): Promise<number> {
  const sizes = await Promise.all(
    files
      .filter((file) => isAbsolute(file))
      .map((file) =>
        stat(file).then(
          (s) => (s.isFile() ? s.size : 0),
          () => 0,
        ),
      ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** What a build has written so far, shared with the site build in the same process. */
export interface OutputCount extends OutputBound {
  written: number;
  /** The largest pages, largest first (a few), for the message. */
  largest: { path: string; bytes: number }[];
  /** The page that went past the limit, when one did. */
  stoppedAt?: string;
}

const SLOT = Symbol.for('portal.output-count');
type Slot = Record<symbol, OutputCount | undefined>;

/** Counts this process's next site build against `bound` until the returned function is called. */
export function countOutput(bound: OutputBound): { count: OutputCount; stop(): void } {
  const count: OutputCount = { ...bound, written: 0, largest: [] };
  (globalThis as Slot)[SLOT] = count;
  return {
    count,
    stop: () => {
      if ((globalThis as Slot)[SLOT] === count) delete (globalThis as Slot)[SLOT];
    },
  };
}

/** The count of the build running in this process, if it has one (a build by `npm run build`). */
export function runningCount(): OutputCount | undefined {
  return (globalThis as Slot)[SLOT];
}

export class OutputLimitError extends Error {}

const LARGEST_KEPT = 3;

/** Adds a page; past the limit the page is refused with an OutputLimitError, and the build stops. */
export function addPage(count: OutputCount, path: string, bytes: number): void {
  count.written += bytes;
  if (count.largest.length < LARGEST_KEPT || bytes > count.largest.at(-1)!.bytes) {
    count.largest = [...count.largest, { path, bytes }].sort((a, b) => b.bytes - a.bytes).slice(0, LARGEST_KEPT);
  }
  if (count.written > count.limit) {
    count.stoppedAt ??= path;
    throw new OutputLimitError(`The site passed its output limit at ${path}`);
  }
}

/** The bytes of every file under `dir` and how many are pages: one pass, as the build ends. */
export function outputSize(dir: string): { bytes: number; pages: number } {
  let bytes = 0;
  let pages = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += lstatSync(join(entry.parentPath, entry.name)).size;
    if (entry.name.endsWith('.html')) pages++;
  }
  return { bytes, pages };
}

/** The `output-limit` error, at the description's entry file. */
export function outputLimitDiagnostic(spec: string, count: OutputCount): Diagnostic {
  const where = count.stoppedAt ? `stopped at ${count.stoppedAt} with ${megabytes(count.written)} of pages written` : `${megabytes(count.written)} written`;
  const largest = count.largest.length > 0 ? ` Largest pages: ${count.largest.map((p) => `${p.path} (${megabytes(p.bytes)})`).join(', ')}.` : '';
  return {
    severity: 'error',
    rule: 'output-limit',
    message: `The portal would be larger than ${count.rule}, ${megabytes(count.limit)} in all: ${where}.${largest}`,
    file: spec,
    line: 1,
    col: 1,
  };
}
