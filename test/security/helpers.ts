// Shared by the security tests: a workspace with a description folder and a secret beside it, a
// server that records every request it gets (so a test can show nothing was fetched), positions
// of text in a file (for `file:line:col`), and a search of a built site for a marker.
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';

export interface Workspace {
  dir: string;
  /** The description's folder (its default root). */
  api: string;
  /** A file outside `api` holding `marker`. */
  secret: string;
  marker: string;
  write(relativePath: string, text: string): string;
  remove(): void;
}

export function workspace(prefix: string): Workspace {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const api = join(dir, 'api');
  mkdirSync(api);
  const marker = `SECRET-${randomUUID()}`;
  const secret = join(dir, 'secret.txt');
  writeFileSync(secret, `${marker}\n`);
  return {
    dir,
    api,
    secret,
    marker,
    write(relativePath, text) {
      const file = join(dir, relativePath);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      return file;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A description with one operation whose 200 response's JSON body is `body` (YAML, indented to fit). */
export function description(body: string, title = 'Hostile'): string {
  const indented = body
    .trim()
    .split('\n')
    .map((line) => `              ${line}`)
    .join('\n');
  return `openapi: 3.0.3
info:
  title: ${title}
  version: '1.0'
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      responses:
        '200':
          description: Pets
          content:
            application/json:
${indented}
`;
}

/** `line:col` (1-based) of the first `needle` in `text`. */
export function positionOf(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`"${needle}" is not in the text`);
  const before = text.slice(0, offset);
  return `${before.split('\n').length}:${offset - before.lastIndexOf('\n')}`;
}

export interface Recorder {
  origin: string;
  /** Paths of the requests received so far. */
  requests: string[];
  marker: string;
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 that answers every request with a small schema holding its marker, and records it. */
export async function startRecorder(): Promise<Recorder> {
  const marker = `REMOTE-${randomUUID()}`;
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ type: 'object', description: marker, example: { name: marker } }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    marker,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** Files under `dir` whose content includes `text`. */
export function filesContaining(dir: string, text: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    if (readFileSync(file).includes(text)) found.push(file);
  }
  return found;
}

/** `file:line:col severity rule` lines of a command's output, for the file named (any path form). */
export function problemsIn(output: string, fileName: string): string[] {
  const escaped = fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...output.matchAll(new RegExp(`(?:^|/)${escaped}:(\\d+:\\d+) (error|warning) (\\S+)`, 'gm'))].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
}

/**
 * The environment of a user's shell, for the preview: none of the variables the preview sets for
 * itself, and none of the test runner's (Astro's dev server leaves out its page rendering when it
 * sees VITEST, and the runner's DEV, MODE, … would reach `import.meta.env`).
 */
export function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(PORTAL_|VITEST|TEST$|NODE_ENV$|DEV$|PROD$|MODE$|SSR$|BASE_URL$)/.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

/** Resolves once `condition` holds, checking every 50 ms; rejects after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs: number, what = 'the condition'): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
