// Sizes of built sites: totals by kind of file, gzip sizes, and the CSS and JS a page loads.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative, resolve, sep } from 'node:path';

export interface FileInfo {
  /** Path relative to the site root, with forward slashes. */
  path: string;
  bytes: number;
}

export function listFiles(root: string): FileInfo[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const full = join(e.parentPath, e.name);
      return { path: relative(root, full).split(sep).join('/'), bytes: statSync(full).size };
    });
}

export const sum = (files: FileInfo[]) => files.reduce((n, f) => n + f.bytes, 0);

/** gzip at the default level (6), as a web server would send it. */
export function gzipSize(data: string | Buffer): number {
  return gzipSync(data).length;
}

export function gzipFile(path: string): number {
  return gzipSize(readFileSync(path));
}

const ATTRIBUTE_URLS = [/<link\b[^>]*\brel=["']?(?:stylesheet|modulepreload)["']?[^>]*>/gi, /<script\b[^>]*\bsrc=[^>]*>/gi];
const HREF = /\b(?:href|src)=["']?([^"'\s>]+)/i;
// Static imports only: `import "x"`, `import ... from "x"`, `export ... from "x"`; dynamic import() loads on demand.
const JS_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["']([^"']+\.m?js)["']/g;

/**
 * The CSS and JS files a page makes the browser fetch before it is complete: stylesheets,
 * scripts and module preloads in the HTML, plus the modules those scripts import statically.
 * URLs are resolved against the page's own URL inside `root`; remote ones are returned apart.
 */
export function pageAssets(root: string, pagePath: string): { local: string[]; remote: string[] } {
  const html = readFileSync(join(root, pagePath), 'utf8');
  const pageUrl = new URL(`/${pagePath}`, 'http://site');
  const local = new Set<string>();
  const remote = new Set<string>();
  const queue: string[] = [];
  const addUrl = (raw: string, base: URL) => {
    const url = new URL(raw.replace(/&amp;/g, '&'), base);
    if (url.origin !== 'http://site') {
      remote.add(url.href);
      return;
    }
    const file = resolve(root, `.${decodeURIComponent(url.pathname)}`);
    if (!existsSync(file) || local.has(file)) return;
    local.add(file);
    if (/\.m?js$/.test(file)) queue.push(file);
  };
  for (const pattern of ATTRIBUTE_URLS) {
    for (const tag of html.match(pattern) ?? []) {
      const m = HREF.exec(tag);
      if (m?.[1]) addUrl(m[1], pageUrl);
    }
  }
  // Inline module scripts may import bundles too.
  for (const script of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []) {
    for (const [, url] of script.matchAll(JS_IMPORT)) if (url) addUrl(url, pageUrl);
  }
  while (queue.length) {
    const file = queue.pop()!;
    const base = new URL(`/${relative(root, file).split(sep).join('/')}`, 'http://site');
    const text = readFileSync(file, 'utf8');
    for (const [, url] of text.matchAll(JS_IMPORT)) if (url) addUrl(url, base);
  }
  return { local: [...local].sort(), remote: [...remote].sort() };
}
