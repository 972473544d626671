// The development server (`npm run dev`) serves its own pages only. Vite's defaults let any
// page on a localhost port read the preview (its CORS allows every localhost origin) and open
// the writer's editor on any file (`/__open-in-editor?file=…` from any page). Here CORS allows
// only the dev server's own origin, and the editor endpoint answers only a request from the
// preview's own pages, for a file inside the description's folder or the project.
import type { AstroIntegration } from 'astro';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runningPreview } from '../../../scripts/preview-channel.ts';
import { inside } from './preview-source.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// Vite's endpoint; connect matches the mount path case-insensitively, and its sub-paths too.
const EDITOR_PATH = '/__open-in-editor';
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** The origins the dev server is reached at: its port on the loopback names and on the host it was given. */
export function ownOrigins(port: number, host: string | boolean | undefined): Set<string> {
  const names = new Set(LOOPBACK);
  if (typeof host === 'string' && host !== '0.0.0.0' && host !== '::') names.add(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  return new Set([...names].map((name) => `http://${name}:${port}`));
}

/** Why the editor endpoint refuses this request, or undefined when it may open the file. */
export function editorRefusal(
  headers: IncomingMessage['headers'],
  file: string | null,
  own: ReadonlySet<string>,
  folders: readonly string[],
  cwd = process.cwd(),
): string | undefined {
  const site = headers['sec-fetch-site'];
  // `none`: the writer typed or bookmarked the address; anything else comes from another page.
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Refused: a request from another site (${site}).`;
  const origin = headers.origin;
  if (origin !== undefined && !own.has(origin)) return `Refused: ${origin} is not this preview.`;
  if (!file) return undefined;
  // As Vite reads it: a file:// URL or a path from the server's folder, then `:line:column`.
  let path = file.replace(/(:\d+){1,2}$/, '');
  try {
    path = path.startsWith('file://') ? fileURLToPath(path) : resolve(cwd, path);
  } catch {
    return 'Refused: not a file path.';
  }
  if (!isAbsolute(path) || !inside(path, folders)) return 'Refused: only files of the description or the project open in the editor.';
  return undefined;
}

export function devOrigin(): AstroIntegration {
  let own = new Set<string>();
  return {
    name: 'portal:dev-origin',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command !== 'dev') return;
        own = ownOrigins(config.server.port, config.server.host);
        // A port taken by then moves the server elsewhere: its own pages need no CORS, others still get none.
        updateConfig({ vite: { server: { cors: { origin: [...own] } } } });
      },
      'astro:server:setup': ({ server }) => {
        server.httpServer?.on('listening', () => {
          const address = server.httpServer?.address() as AddressInfo | null;
          if (address) own = ownOrigins(address.port, server.config.server.host);
        });
        // Registered before Vite's own endpoint, which it guards.
        server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
          const url = new URL(req.url ?? '/', 'http://dev.invalid');
          const path = url.pathname.toLowerCase();
          if (path !== EDITOR_PATH && !path.startsWith(`${EDITOR_PATH}/`)) return next();
          const refusal = editorRefusal(req.headers, url.searchParams.get('file'), own, runningPreview()?.folders ?? [PROJECT_ROOT]);
          if (!refusal) return next();
          res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
          res.end(refusal);
        });
      },
    },
  };
}
