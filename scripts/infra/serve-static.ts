// The one static file server, for the built portal (`npm start`, tests, benchmarks): sirv serves
// the files (lookup inside the folder, ETag and 304, Last-Modified, ranges); around it, what sirv
// leaves to its caller: the folder served under a base path (`/docs/`) when the portal was built for
// one, a folder's `/x` redirected to `/x/` so relative links resolve as built (sirv serves the index
// in place), the site's own 404 page, content types with their charset, and long caching for
// Astro's hashed assets only. A redirect's Location is built from the file found, never from the
// request's path: `/.//schemas` would otherwise send a browser to the host `schemas`.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import sirv from 'sirv';
import { DEFAULT_HOST, httpOrigin } from '../defaults.ts';
import { normalizeBase } from './base-path.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  // Pagefind's index files.
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};

export function contentType(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export interface StaticServer {
  server: Server;
  /** The served folder's address without a trailing slash: the origin, then the base path if any (`http://127.0.0.1:4321/docs`). */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Whether `path` is a folder that has an index page: `/x` for it is redirected to `/x/`. */
async function isPageFolder(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  return info?.isDirectory() === true && (await stat(join(path, 'index.html')).catch(() => undefined))?.isFile() === true;
}

/** The address of a folder inside the served one, for a Location: the base, each name encoded, a trailing slash. */
export function folderAddress(base: string, root: string, folder: string): string {
  const names = relative(root, folder).split(sep).filter(Boolean);
  return `${base}${names.map((name) => `${encodeURIComponent(name)}/`).join('')}`;
}

/** Resolves a request path inside `root`, or undefined when it would leave it. */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = normalize(join(root, decoded));
  return full === root || full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : undefined;
}

export interface StaticOptions {
  host?: string;
  port?: number;
  /** The path the folder is served under, as the portal was built for it (`/docs/`); `/` by default. */
  base?: string;
}

/** The request path inside the served folder: `/docs/x/` → `/x/` under the base `/docs/`; undefined outside it. */
export function underBase(base: string, pathname: string): string | undefined {
  if (base === '/') return pathname;
  return pathname.startsWith(base) ? pathname.slice(base.length - 1) : undefined;
}

// Astro names these files by their content: a new build writes new names.
const HASHED = /^\/_astro\//;
const LONG_CACHE = 'public, max-age=31536000, immutable';
// A single range from a given start: sirv reads a suffix (`bytes=-500`) or a list as something else.
const SINGLE_RANGE = /^bytes=\d+-\d*$/;

function notFound(root: string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const page = join(root, '404.html');
    const found = (await stat(page).catch(() => undefined))?.isFile() === true;
    res.writeHead(404, { 'Content-Type': found ? contentType(page) : contentType('.txt') });
    if (req.method === 'HEAD' || !found) res.end(found ? undefined : 'Not found\n');
    else
      createReadStream(page)
        .on('error', () => res.destroy())
        .pipe(res);
  };
}

export async function serveStatic(dir: string, options: StaticOptions = {}): Promise<StaticServer> {
  const root = resolve(dir);
  const base = normalizeBase(options.base ?? '/');
  if (typeof base !== 'string') throw new Error(base.problem);
  const missing = notFound(root);
  // `dev`: each request is looked up on disk, as a rebuild swaps the folder under a running server.
  const files = sirv(root, {
    dev: true,
    etag: true,
    // Only the file asked for: a folder's page is asked for by name below, so `/404` stays a 404.
    extensions: [],
    setHeaders: (res, pathname) => {
      res.setHeader('Content-Type', contentType(pathname));
      res.setHeader('Cache-Control', HASHED.test(pathname) ? LONG_CACHE : 'no-cache');
    },
    onNoMatch: (req, res) => void missing(req, res),
  });
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': contentType('.txt') }).end('Method not allowed\n');
      return;
    }
    // A path starting with `//` is a path here, not a host as URL's relative resolution would read it.
    const asked = req.url ?? '/';
    const url = new URL(asked.startsWith('/') ? `http://localhost${asked}` : asked, 'http://localhost');
    // The base itself without its slash: as for any folder, so relative links resolve under it.
    if (base !== '/' && url.pathname === base.slice(0, -1)) {
      res.writeHead(301, { Location: base }).end();
      return;
    }
    const inside = underBase(base, url.pathname);
    const target = inside === undefined ? undefined : resolveInside(root, inside);
    if (inside === undefined || target === undefined) return void missing(req, res);
    if (!url.pathname.endsWith('/') && (await isPageFolder(target))) {
      res.writeHead(301, { Location: folderAddress(base, root, target) }).end();
      return;
    }
    if (req.headers.range !== undefined && !SINGLE_RANGE.test(req.headers.range)) delete req.headers.range;
    req.url = `${inside}${inside.endsWith('/') ? 'index.html' : ''}${url.search}`;
    files(req, res);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, options.host ?? DEFAULT_HOST, () => done());
  });
  const { port, address } = server.address() as AddressInfo;
  return {
    server,
    port,
    url: `${httpOrigin(address, port)}${base.slice(0, -1)}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
