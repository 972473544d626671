// Dev-server endpoints of the preview, under /__preview/:
//   events  Server-Sent Events: the build status now, then after every save.
//   status  the same status once, as JSON.
//   source  a document file with numbered lines, the problem lines marked.
// And the files of installed packages (Starlight's styles and scripts, some seventy per page)
// are kept by the browser between reloads instead of asked for again after every save; the
// first page served is told to the preview (its first check waits for it).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { previewChannel } from '../../../scripts/preview-channel.ts';
import { renderSource } from './preview-source.ts';

const PREFIX = '/__preview/';
// Proxies and idle timeouts drop silent connections; a comment line every so often keeps the stream open.
const KEEPALIVE_MS = 15_000;
// Installed packages do not change while the preview runs (an upgrade restarts it); an hour covers a writing session.
const PACKAGE_FILE = /^\/(@fs\/.*\/)?node_modules\//;
const PACKAGE_CACHE = 'private, max-age=3600';

/** Vite answers every source module with `no-cache`: for a package's files, the browser may keep them instead. */
function keepPackageFile(req: IncomingMessage, res: ServerResponse): void {
  if (!PACKAGE_FILE.test(req.url ?? '')) return;
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === 'cache-control' && value === 'no-cache' ? PACKAGE_CACHE : value);
}

type Next = (error?: unknown) => void;

export function previewMiddleware(): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://preview.invalid');
    if (req.method === 'GET') keepPackageFile(req, res);
    // A page and the modules it asks for next are answered before the mock takes this thread (rebuild.ts).
    if (!url.pathname.startsWith(PREFIX)) res.once('close', previewChannel().requestStarted());
    if (req.method === 'GET' && !url.pathname.startsWith(PREFIX)) {
      res.once('finish', () => {
        if (String(res.getHeader('content-type') ?? '').startsWith('text/html')) previewChannel().pageServed();
      });
    }
    if (!url.pathname.startsWith(PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const channel = previewChannel();
    switch (url.pathname.slice(PREFIX.length)) {
      case 'events': {
        res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
        const send = (data: unknown): void => void res.write(`data: ${JSON.stringify(data)}\n\n`);
        res.write('retry: 1000\n\n');
        send(channel.status);
        const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
        const unsubscribe = channel.subscribe((status) => (status ? send(status) : res.end()));
        req.on('close', () => {
          clearInterval(keepalive);
          unsubscribe();
        });
        return;
      }
      case 'status':
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify(channel.status));
        return;
      case 'source': {
        const page = renderSource(channel, url.searchParams.get('file') ?? '', Number(url.searchParams.get('line')) || undefined);
        res.writeHead(page.status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(page.html);
        return;
      }
      default:
        return next();
    }
  };
}
