// The one static file server, for the built portal (`npm start`, tests, benchmarks). Hand-written on
// node:http rather than sirv: it redirects a folder's `/x` to `/x/`, so relative links resolve as
// built, where sirv serves the index in place; besides that, content types, `/x/` → `/x/index.html`,
// the site's own 404 page, no path escaping the served folder, and the folder served under a
// base path (`/docs/`) when the portal was built for one.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { DEFAULT_HOST, httpOrigin } from './defaults.ts';
import { normalizeBase } from './site/base-path.ts';

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

async function fileAt(path: string): Promise<string | undefined> {
  try {
    const info = await stat(path);
    if (info.isFile()) return path;
    if (info.isDirectory()) {
      const index = join(path, 'index.html');
      return (await stat(index).catch(() => undefined))?.isFile() ? index : undefined;
    }
  } catch {
    // Missing: the caller answers 404.
  }
  return undefined;
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

export async function serveStatic(dir: string, options: StaticOptions = {}): Promise<StaticServer> {
  const root = resolve(dir);
  const base = normalizeBase(options.base ?? '/');
  if (typeof base !== 'string') throw new Error(base.problem);
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    // The base itself without its slash: as for any folder, so relative links resolve under it.
    if (base !== '/' && pathname === base.slice(0, -1)) {
      res.writeHead(301, { Location: base }).end();
      return;
    }
    const inside = underBase(base, pathname);
    const target = inside === undefined ? undefined : resolveInside(root, inside);
    const file = target ? await fileAt(target) : undefined;
    // `/x` for a folder: redirect to `/x/` so relative links on the page resolve as built.
    if (file && target && !pathname.endsWith('/') && file !== target) {
      res.writeHead(301, { Location: `${pathname}/` }).end();
      return;
    }
    if (!file) {
      const notFound = await fileAt(join(root, '404.html'));
      res.writeHead(404, { 'Content-Type': notFound ? CONTENT_TYPES['.html'] : CONTENT_TYPES['.txt'] });
      if (req.method === 'HEAD' || !notFound) res.end(notFound ? undefined : 'Not found\n');
      else createReadStream(notFound).pipe(res);
      return;
    }
    const info = await stat(file);
    res.writeHead(200, { 'Content-Type': contentType(file), 'Content-Length': info.size, 'Cache-Control': 'no-cache' });
    if (req.method === 'HEAD') res.end();
    else
      createReadStream(file)
        .on('error', () => res.destroy())
        .pipe(res);
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
