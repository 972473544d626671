// Maps a JSON pointer in the bundled document back to file:line:col in the
// files the writer edits, following $refs across files the way the bundler did.
import { readFileSync } from 'node:fs';
import { basename, extname, resolve as resolvePath, dirname } from 'node:path';
import { Source, getLineColLocation, parseYaml } from '@redocly/openapi-core';
import type { LoadedDocument } from './load.ts';
import { formatPointer, parsePointer } from './pointer.ts';
import type { SourceLocation } from './types.ts';

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

/**
 * The files the bundler read. Its resolver's cache holds them already parsed, but that cache is
 * not part of Redocly's public API: should it change shape, the files are read again instead.
 */
async function documentFiles(loaded: LoadedDocument): Promise<Map<string, ParsedFile>> {
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

export async function createLocator(loaded: LoadedDocument): Promise<Locator> {
  const files = await documentFiles(loaded);
  const fresh = new Map<string, ParsedFile>();
  const entryFile = files.get(loaded.entry);
  const byComponentName = new Map<string, string>();
  for (const file of files.keys()) byComponentName.set(basename(file, extname(file)), file);

  function position(file: ParsedFile, segments: string[]) {
    try {
      const lc = getLineColLocation({ source: file.source, pointer: formatPointer(segments), reportOnKey: false } as never);
      return { file: file.source.absoluteRef, line: lc.start.line, col: lc.start.col };
    } catch {
      return { file: file.source.absoluteRef, line: 1, col: 1 };
    }
  }

  return (pointer: string) => {
    const segments = parsePointer(pointer);
    if (!entryFile) return { file: loaded.entry, line: 1, col: 1 };
    let file = pristine(entryFile, fresh);
    let node: unknown = file.parsed;
    let path: string[] = [];
    for (let i = 0; i < segments.length; i++) {
      // Follow a $ref before stepping into it, so the position is where the writer wrote the value.
      for (let hops = 0; hops < 20 && node && typeof node === 'object' && typeof (node as any).$ref === 'string'; hops++) {
        const ref: string = (node as any).$ref;
        const [target, fragment = ''] = ref.split('#');
        const nextFile = target ? files.get(resolvePath(dirname(file.source.absoluteRef), target)) : file;
        if (!nextFile) break;
        file = pristine(nextFile, fresh);
        path = parsePointer(`#${fragment}`);
        node = path.reduce<any>((n, s) => (n == null ? undefined : n[s]), file.parsed);
      }
      const segment = segments[i]!; // i < segments.length
      const next = node && typeof node === 'object' ? (node as any)[segment] : undefined;
      if (next === undefined) {
        // The bundler names components it pulled from other files after the file; look there.
        if (i >= 2 && segments[0] === 'components') {
          const candidate = byComponentName.get(segments[2] ?? '');
          const target = candidate ? files.get(candidate) : undefined;
          if (target) return position(pristine(target, fresh), segments.slice(3));
        }
        return position(file, path);
      }
      node = next;
      path = [...path, segment];
    }
    return position(file, path);
  };
}

export function toSourceLocation(location: { file: string; line: number; col: number }, cwd = process.cwd()): SourceLocation {
  const file = location.file.startsWith(`${cwd}/`) ? location.file.slice(cwd.length + 1) : location.file;
  return { file, line: location.line, col: location.col };
}
