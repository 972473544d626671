// Maps a JSON pointer in the bundled document back to file:line:col in the
// files the writer edits, following $refs across files the way the bundler did.
import { readFileSync } from 'node:fs';
import { basename, extname, resolve as resolvePath, dirname } from 'node:path';
import { Source, getLineColLocation, parseYaml } from '@redocly/openapi-core';
import type { DescriptionResolver } from './resolver.ts';
import { jsonChild, jsonRef, jsonRoot, lineColAt } from './json-position.ts';
import { formatPointer, parsePointer } from '../document/pointer.ts';

interface ParsedFile {
  source: Source;
  parsed: unknown;
}

// The bundler rewrites the parsed trees it was given, so positions are looked
// up in a fresh parse of each file's text, made only when a lookup needs it.
function pristine(file: ParsedFile, cache: Map<string, ParsedFile>): ParsedFile {
  let fresh = cache.get(file.source.absoluteRef);
  if (!fresh) {
    let parsed: unknown;
    try {
      parsed = parseYaml(file.source.body);
    } catch {
      parsed = undefined;
    }
    fresh = { source: file.source, parsed };
    cache.set(file.source.absoluteRef, fresh);
  }
  return fresh;
}

export type Locator = (pointer: string) => { file: string; line: number; col: number };

/** What the locator reads of a loaded description (load.ts, LoadedDocument): its files and the resolver that parsed them. */
export interface LocatedFiles {
  entry: string;
  files: string[];
  resolver: DescriptionResolver;
}

/**
 * The files the bundler read. Its resolver's cache holds them already parsed, but that cache is
 * not part of Redocly's public API: should it change shape, the files are read again instead.
 */
async function documentFiles(loaded: LocatedFiles): Promise<Map<string, ParsedFile>> {
  const files = new Map<string, ParsedFile>();
  const cache = (loaded.resolver as unknown as { cache?: unknown }).cache;
  if (cache instanceof Map) {
    for (const [key, promise] of cache) {
      try {
        const file = (await promise) as Partial<ParsedFile> | undefined;
        if (file?.source instanceof Source) files.set(resolvePath(String(key)), file as ParsedFile);
      } catch {
        // Files that failed to load were already reported by the bundler.
      }
    }
  }
  for (const path of loaded.files) {
    if (files.has(path)) continue;
    try {
      files.set(path, { source: new Source(path, readFileSync(path, 'utf8')), parsed: undefined });
    } catch {
      // Gone since the bundle was made: positions in it fall back to its first line.
    }
  }
  return files;
}

/**
 * How a file is walked to a pointer: its fresh parse, or for a JSON file its text, stepped over
 * (json-position.ts) instead of parsed twice (a tree to follow `$ref`s, a syntax tree for positions).
 */
interface FileView {
  root: unknown;
  child(node: unknown, segment: string): unknown;
  /** The `$ref` of `node`, reached by `path` in this file. */
  ref(node: unknown, path: string[]): string | undefined;
  /** Where `node` (reached by `path`) starts; where the deepest existing part of `path` starts when node is undefined. */
  at(node: unknown, path: string[]): { file: string; line: number; col: number };
}

const JSON_FILE = /\.json$/i;
const JSON_TEXT = /^\s*[[{]/;
// Each step over a JSON text costs a few milliseconds on a large file, a syntax tree a second once: past this many
// lookups the tree is the cheaper way.
const JSON_LOOKUPS = 64;

function jsonView(file: ParsedFile): FileView {
  const text = file.source.body;
  const root = jsonRoot(text);
  const walk = (path: string[]): number => {
    let node = root;
    for (const segment of path) {
      const next = jsonChild(text, node, segment);
      if (next === undefined) break;
      node = next;
    }
    return node;
  };
  return {
    root,
    child: (node, segment) => (typeof node === 'number' ? jsonChild(text, node, segment) : undefined),
    // Whether an object has a `$ref` takes a look at each of its members: in the root, its members and those of
    // `components` (the whole file, nearly), where OpenAPI allows none, none is looked for.
    ref: (node, path) => (typeof node !== 'number' || path.length < 2 || (path.length === 2 && path[0] === 'components') ? undefined : jsonRef(text, node)),
    at: (node, path) => ({ file: file.source.absoluteRef, ...lineColAt(text, typeof node === 'number' ? node : walk(path)) }),
  };
}

function treeView(file: ParsedFile): FileView {
  return {
    root: file.parsed,
    child: (node, segment) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined),
    ref: (node) => {
      const ref = node && typeof node === 'object' ? (node as { $ref?: unknown }).$ref : undefined;
      return typeof ref === 'string' ? ref : undefined;
    },
    at: (_node, path) => {
      try {
        const lc = getLineColLocation({ source: file.source, pointer: formatPointer(path), reportOnKey: false } as never);
        return { file: file.source.absoluteRef, line: lc.start.line, col: lc.start.col };
      } catch {
        return { file: file.source.absoluteRef, line: 1, col: 1 };
      }
    },
  };
}

export async function createLocator(loaded: LocatedFiles): Promise<Locator> {
  const files = await documentFiles(loaded);
  const fresh = new Map<string, ParsedFile>();
  const views = new Map<string, FileView>();
  const entryFile = files.get(loaded.entry);
  const byComponentName = new Map<string, string>();
  for (const file of files.keys()) byComponentName.set(basename(file, extname(file)), file);

  let lookups = 0;
  const viewOf = (file: ParsedFile): FileView => {
    const key = file.source.absoluteRef;
    let view = views.get(key);
    if (!view) {
      const json = lookups <= JSON_LOOKUPS && JSON_FILE.test(key) && JSON_TEXT.test(file.source.body);
      view = json ? jsonView(file) : treeView(pristine(file, fresh));
      views.set(key, view);
    }
    return view;
  };

  return (pointer: string) => {
    const segments = parsePointer(pointer);
    if (!entryFile) return { file: loaded.entry, line: 1, col: 1 };
    if (++lookups === JSON_LOOKUPS + 1) views.clear();
    let file = entryFile;
    let view = viewOf(file);
    let node: unknown = view.root;
    let path: string[] = [];
    for (let i = 0; i < segments.length; i++) {
      // Follow a $ref before stepping into it, so the position is where the writer wrote the value.
      for (let hops = 0; hops < 20 && node !== undefined; hops++) {
        const ref = view.ref(node, path);
        if (ref === undefined) break;
        const [target, fragment = ''] = ref.split('#');
        const nextFile = target ? files.get(resolvePath(dirname(file.source.absoluteRef), target)) : file;
        if (!nextFile) break;
        file = nextFile;
        view = viewOf(file);
        path = parsePointer(`#${fragment}`);
        node = path.reduce<unknown>((n, s) => (n === undefined ? undefined : view.child(n, s)), view.root);
      }
      const segment = segments[i]!; // i < segments.length
      const next = node === undefined ? undefined : view.child(node, segment);
      if (next === undefined) {
        // The bundler names components it pulled from other files after the file; look there (also when the
        // entry file has no `components` of its own).
        if (segments.length >= 3 && segments[0] === 'components') {
          const candidate = byComponentName.get(segments[2] ?? '');
          const target = candidate ? files.get(candidate) : undefined;
          if (target) return viewOf(target).at(undefined, segments.slice(3));
        }
        return view.at(node, path);
      }
      node = next;
      path = [...path, segment];
    }
    return view.at(node, path);
  };
}
