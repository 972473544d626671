// The one static file server, for the built portal (`npm start`, tests, benchmarks). Hand-written on
// node:http rather than sirv: it redirects a folder's `/x` to `/x/`, so relative links resolve as
// built, where sirv serves the index in place; besides that, content types, `/x/` → `/x/index.html`,
// the site's own 404 page, and no path escaping the served folder.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { DEFAULT_HOST, httpOrigin } from './defaults.ts';

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

export async function serveStatic(dir: string, options: { host?: string; port?: number } = {}): Promise<StaticServer> {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const target = resolveInside(root, pathname);
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
    url: httpOrigin(address, port),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
