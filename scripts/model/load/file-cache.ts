// Description files as this thread last read and parsed them. Builds that follow each other (the
// preview's saves, the mock's reloads) read the same files again and again, and usually only one
// changed: a file whose identity, size and times are those of the last read is not read again (the
// access checks before the read still run, see access.ts), and a text equal to the last one parsed
// is not parsed again. Bundling rewrites the trees it is given, so a kept tree is handed out as a
// copy, and a tree is kept only once its file was seen unchanged: the file being edited, which
// changes on every save, is never copied for nothing.
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';

interface KnownText {
  stamp: string;
  body: string;
}

interface KnownTree {
  body: string;
  /** Untouched since parsing: what is handed out is a copy. */
  tree?: unknown;
}

// Enough for descriptions split in many files; past it the oldest are forgotten first.
const MAX_FILES = 4096;
const texts = new Map<string, KnownText>();
const trees = new Map<string, KnownTree>();
const digests = new Map<string, { body: string; digest: string }>();

/** What changes when a file is written, replaced or touched. */
export function stampOf(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

function keep<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_FILES) map.delete(map.keys().next().value as string);
}

/** The text read last time, if the file opened now (already checked) is still the same file, unchanged. */
export function knownText(real: string, stats: Stats): string | undefined {
  const known = texts.get(real);
  return known && known.stamp === stampOf(stats) ? known.body : undefined;
}

export function rememberText(real: string, stats: Stats, body: string): void {
  keep(texts, real, { stamp: stampOf(stats), body });
}

export const textDigest = (text: string): string => createHash('sha1').update(text).digest('hex');

/** sha1 of a file's text, computed once per text (a kept text is the same string, compared at once). */
export function digestOf(key: string, body: string): string {
  const known = digests.get(key);
  if (known?.body === body) return known.digest;
  const digest = textDigest(body);
  keep(digests, key, { body, digest });
  return digest;
}

/**
 * The parsed tree of `body`, from the last parse of the same text when there was one; `parse`
 * otherwise. The caller may change what it gets.
 */
export function parsedText<T>(key: string, body: string, parse: () => T): T {
  const known = trees.get(key);
  if (known?.body === body && known.tree !== undefined) return structuredClone(known.tree) as T;
  const tree = parse();
  // Seen twice with the same text: from now on it is copied rather than parsed.
  if (known?.body === body && tree !== null && typeof tree === 'object') keep(trees, key, { body, tree: structuredClone(tree) });
  else keep(trees, key, { body });
  return tree;
}
