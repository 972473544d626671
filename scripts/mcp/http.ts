// Streamable HTTP at `/mcp`: one SDK transport and server per session (the SDK's stateful mode),
// on loopback unless --host widens it. On loopback the SDK's DNS-rebinding protection is on: a
// request must name a loopback Host with this port, and a browser's Origin must be a loopback
// one, so a web page cannot reach the server through a name it controls. Bodies are read here,
// within a bound, and sessions are counted: a client cannot make the server hold without limit.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { httpOrigin, urlHost } from '../defaults.ts';
import { createServer as createMcpServer, type McpApi } from './server.ts';

export const MCP_PATH = '/mcp';
const BODY_MAX = 4 * 1024 * 1024;
const SESSIONS_MAX = 64;
const LOOPBACK = ['127.0.0.1', 'localhost', '::1'];

export interface HttpMcp {
  url: string;
  server: Server;
  close(): Promise<void>;
}

function jsonRpcError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** The body as JSON, or a reason it is not: too large, or not JSON. */
async function readJson(req: IncomingMessage): Promise<{ value: unknown } | { status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_MAX) return { status: 413, message: `The body is larger than ${BODY_MAX} bytes.` };
    chunks.push(chunk);
  }
  try {
    return { value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { status: 400, message: 'The body is not JSON.' };
  }
}

export async function startHttp(api: McpApi, host: string, port: number): Promise<HttpMcp> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let guard: { allowedHosts: string[]; allowedOrigins: string[] } | undefined;

  const newSession = async (): Promise<StreamableHTTPServerTransport> => {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
      onsessionclosed: (id) => void sessions.delete(id),
      ...(guard ? { enableDnsRebindingProtection: true, ...guard } : {}),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await createMcpServer(api).connect(transport);
    return transport;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== MCP_PATH) return jsonRpcError(res, 404, `The MCP endpoint is ${MCP_PATH}.`);
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (id !== undefined && !known) return jsonRpcError(res, 404, 'No such session: start a new one.');
    let body: unknown;
    if (req.method === 'POST') {
      const read = await readJson(req);
      if ('status' in read) return jsonRpcError(res, read.status, read.message);
      body = read.value;
    }
    if (known) return known.handleRequest(req, res, body);
    if (req.method !== 'POST') return jsonRpcError(res, 400, 'Start a session with an initialize request.');
    if (sessions.size >= SESSIONS_MAX) return jsonRpcError(res, 503, `${SESSIONS_MAX} sessions are open: close one first.`);
    return (await newSession()).handleRequest(req, res, body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) jsonRpcError(res, 500, error.message);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  if (LOOPBACK.includes(host)) {
    guard = {
      allowedHosts: LOOPBACK.map((name) => `${urlHost(name)}:${bound}`),
      allowedOrigins: LOOPBACK.map((name) => httpOrigin(name, bound)),
    };
  }
  return {
    url: `${httpOrigin(host, bound)}${MCP_PATH}`,
    server,
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
