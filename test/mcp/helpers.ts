// The MCP server as a client meets it: started as `npm run mcp` runs it and spoken to with the
// SDK's own client, over stdio or Streamable HTTP. Every list is read to its last page.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Resource, Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ROOT } from '../helpers/paths.ts';
import { startScript, stop, type Running } from '../helpers/processes.ts';

const NODE = join(ROOT, 'node_modules/.bin/node');
/** A large API's model is built before the server answers: room for GitHub's on a loaded machine. */
export const START_TIMEOUT_MS = 120_000;

export interface Connected {
  client: Client;
  /** What the server printed on stderr. */
  stderr(): string;
  close(): Promise<void>;
}

export async function connectStdio(args: string[], env: Record<string, string> = {}): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: NODE,
    args: ['scripts/mcp.ts', ...args],
    cwd: ROOT,
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport, { timeout: START_TIMEOUT_MS });
  return { client, stderr: () => stderr, close: () => client.close() };
}

export interface HttpServer {
  url: string;
  process: Running;
  connect(): Promise<Client>;
}

export async function startHttp(args: string[]): Promise<HttpServer> {
  const running = startScript('scripts/mcp.ts', ['--http', '0', ...args], { timeoutMs: 600_000 });
  const [, url] = await running.waitFor(/on (http:\/\/127\.0\.0\.1:\d+\/mcp):/, START_TIMEOUT_MS);
  return {
    url: url as string,
    process: running,
    async connect() {
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url as string)));
      return client;
    },
  };
}

export const stopHttp = (server: HttpServer | undefined) => (server ? stop(server.process, 'SIGTERM') : Promise.resolve());

export async function allTools(client: Client): Promise<{ tools: Tool[]; pages: number }> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { tools, pages };
}

export async function allResources(client: Client): Promise<Resource[]> {
  const resources: Resource[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor ? { cursor } : {});
    resources.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor);
  return resources;
}

/**
 * JSON Schema 2020-12, strict: an unknown keyword fails. Formats are the API's (int64…) and not checked; ajv's
 * strictTypes is off, as it flags valid schemas that descriptions write (a union of types, `maxLength` beside no type).
 */
export const strictAjv = () => new Ajv2020({ strict: true, strictTypes: false, validateFormats: false });

/** The first text block of a tool result. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.find((c) => c.type === 'text')?.text ?? '';
}
