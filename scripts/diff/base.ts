// Finds the version of a description to compare against: a file given
// explicitly, or the last committed version of the working copy's entry file
// and every file it references, copied out of git into a temporary folder so
// that it loads exactly like the working copy does.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { parse } from 'yaml';
import { git } from '../infra/git.ts';
import { isInside } from '../model/load/access.ts';
import type { LoadOptions } from '../model/load/load.ts';

export interface BaseSpec {
  /** Entry file of the base version, ready for buildModel. */
  path: string;
  /** For reports: the file given, or `HEAD:openapi/openapi.yaml`. */
  label: string;
  source: 'file' | 'git';
  /**
   * What the base may read and its config, for buildModel: the working copy's rules, with the root
   * moved to the same place in the copy, and the working copy's `redocly.yaml` (the copy has none).
   */
  access: LoadOptions;
  /** Removes the temporary copy (no-op for a given file). */
  cleanup: () => Promise<void>;
}

export interface BaseOptions {
  /** Compare against this file instead of git. */
  base?: string;
  /** Git revision to read (default `HEAD`). */
  ref?: string;
  /** What the working copy may read, and its config (--root, --allow-remote, --config). */
  access?: LoadOptions;
}

/** The entry file as git names it (`openapi/openapi.yaml`) and the repository's top, or null outside a repository. */
export async function gitEntry(spec: string): Promise<{ top: string; path: string } | null> {
  let entry: string;
  try {
    entry = await realpath(resolve(spec));
  } catch {
    return null;
  }
  const top = await git(dirname(entry), { args: ['rev-parse', '--show-toplevel'] });
  if (!top) return null;
  const root = await realpath(top.toString('utf8').trim());
  return { top: root, path: relative(root, entry).split(sep).join('/') };
}

/** Relative file references (`$ref: schemas/pet.yaml#/Pet`) found anywhere in a parsed document. */
function fileRefs(doc: unknown): string[] {
  const found = new Set<string>();
  // YAML aliases share nodes: each is looked at once, or a few aliases would be walked billions of times.
  const seen = new Set<object>();
  const stack: unknown[] = [doc];
  while (stack.length) {
    const node = stack.pop();
    if (node && typeof node === 'object') {
      if (seen.has(node)) continue;
      seen.add(node);
    }
    if (Array.isArray(node)) {
      stack.push(...node);
    } else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          const file = value.split('#')[0];
          // Remote references are fetched the same way for both versions; only local files come from git.
          if (file && !/^[a-z][a-z0-9+.-]*:/i.test(file)) found.add(decodeURI(file));
        } else {
          stack.push(value);
        }
      }
    }
  }
  return [...found];
}

/**
 * Returns a loadable copy of the base version of `specPath`, or null when
 * there is none: no `--base` given and the file is not in a git repository
 * or not committed at `ref`.
 */
export async function resolveBaseSpec(specPath: string, options: BaseOptions = {}): Promise<BaseSpec | null> {
  const access = options.access ?? {};
  if (options.base) {
    const path = resolve(options.base);
    // The working copy's root applies to a base inside it; another base file reads from its own folder.
    const root = access.root && isInside(access.root, path) ? access.root : undefined;
    const { root: _root, ...rest } = access;
    return { path, label: options.base, source: 'file', access: { ...rest, ...(root ? { root } : {}) }, cleanup: async () => {} };
  }
  const ref = options.ref ?? 'HEAD';
  const entry = await gitEntry(specPath);
  if (!entry) return null;
  const { top: root, path: entryRel } = entry;
  const entryPath = join(root, ...entryRel.split('/'));
  // A ref starting with `-` is refused here (GitRefError), before git could read it as an option.
  const first = await git(root, { args: ['show'], revisions: [`${ref}:${entryRel}`] });
  if (!first) return null;

  const dir = await mkdtemp(join(tmpdir(), 'api-diff-base-'));
  const cleanup = (): Promise<void> => rm(dir, { recursive: true, force: true });
  try {
    const queue: [string, Buffer][] = [[entryRel, first]];
    const copied = new Set<string>([entryRel]);
    while (queue.length) {
      const [rel, content] = queue.shift()!;
      const target = join(dir, ...rel.split('/'));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, content);
      let doc: unknown;
      try {
        doc = parse(content.toString('utf8'), { maxAliasCount: -1, uniqueKeys: false });
      } catch {
        continue; // The loader reports the syntax error with its position; nothing more to follow here.
      }
      for (const refPath of fileRefs(doc)) {
        const next = posix.normalize(posix.join(posix.dirname(rel), refPath));
        if (next.startsWith('../') || copied.has(next)) continue;
        copied.add(next);
        const body = await git(root, { args: ['show'], revisions: [`${ref}:${next}`] });
        if (body) queue.push([next, body]);
      }
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  const config = join(dirname(entryPath), 'redocly.yaml');
  const rootRel = relative(root, await realpath(access.root ?? dirname(entryPath)))
    .split(sep)
    .join('/');
  const copiedRoot = rootRel.startsWith('..') ? dir : join(dir, ...rootRel.split('/').filter(Boolean));
  return {
    path: join(dir, ...entryRel.split('/')),
    label: `${ref}:${entryRel}`,
    source: 'git',
    access: {
      ...access,
      root: copiedRoot,
      ...(!access.configPath && existsSync(config) ? { configPath: config, configExplicit: false } : {}),
    },
    cleanup,
  };
}
