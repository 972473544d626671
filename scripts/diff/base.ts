// Finds the version of a description to compare against: a file given
// explicitly, or the last committed version of the working copy's entry file
// and every file it references, copied out of git into a temporary folder so
// that it loads exactly like the working copy does.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';

const run = promisify(execFile);

export interface BaseSpec {
  /** Entry file of the base version, ready for buildModel. */
  path: string;
  /** For reports: the file given, or `HEAD:openapi/openapi.yaml`. */
  label: string;
  source: 'file' | 'git';
  /** The working copy's `redocly.yaml`, for a git copy: the temporary folder has none beside it. */
  configPath?: string;
  /** Removes the temporary copy (no-op for a given file). */
  cleanup: () => Promise<void>;
}

export interface BaseOptions {
  /** Compare against this file instead of git. */
  base?: string;
  /** Git revision to read (default `HEAD`). */
  ref?: string;
}

async function git(cwd: string, args: string[]): Promise<Buffer | null> {
  try {
    const { stdout } = await run('git', ['-C', cwd, ...args], { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 });
    return stdout;
  } catch {
    return null;
  }
}

/** Relative file references (`$ref: schemas/pet.yaml#/Pet`) found anywhere in a parsed document. */
function fileRefs(doc: unknown): string[] {
  const found = new Set<string>();
  const stack: unknown[] = [doc];
  while (stack.length) {
    const node = stack.pop();
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
  if (options.base) {
    const path = resolve(options.base);
    return { path, label: options.base, source: 'file', cleanup: async () => {} };
  }
  const ref = options.ref ?? 'HEAD';
  let entry: string;
  try {
    entry = await realpath(resolve(specPath));
  } catch {
    return null;
  }
  const top = await git(dirname(entry), ['rev-parse', '--show-toplevel']);
  if (!top) return null;
  const root = await realpath(top.toString('utf8').trim());
  const entryRel = relative(root, entry).split(sep).join('/');
  const first = await git(root, ['show', `${ref}:${entryRel}`]);
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
        const body = await git(root, ['show', `${ref}:${next}`]);
        if (body) queue.push([next, body]);
      }
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  const config = join(dirname(entry), 'redocly.yaml');
  return {
    path: join(dir, ...entryRel.split('/')),
    label: `${ref}:${entryRel}`,
    source: 'git',
    ...(existsSync(config) ? { configPath: config } : {}),
    cleanup,
  };
}
