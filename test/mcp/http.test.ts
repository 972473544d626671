// `npm run mcp -- --http <port>`: Streamable HTTP at /mcp, a session per client, on loopback,
// with the SDK's own client; a request naming another host or sent by a web page of another
// origin is refused, so a page cannot reach the server through a name it controls.
import { request } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpServer, startHttp, stopHttp } from './helpers.ts';
import { petstoreChecks } from './petstore-checks.ts';

let server: HttpServer;
let client: Client;

beforeAll(async () => {
  server = await startHttp(['--stateful']);
  client = await server.connect();
});

afterAll(async () => {
  await client?.close();
  await stopHttp(server);
});

/** An initialize request with these headers, by node:http (fetch will not send another Host); its status and session. */
function initialize(headers: Record<string, string>): Promise<{ status: number; session: string | undefined }> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'page', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      server.url,
      { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, session: res.headers['mcp-session-id'] as string | undefined });
        res.destroy();
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('npm run mcp over Streamable HTTP', () => {
  petstoreChecks(() => client);

  it('gives each client a session of its own', async () => {
    const second = await server.connect();
    const { tools } = await second.listTools();
    expect(tools).toHaveLength(14);
    await second.close();
  });

  it('refuses a request naming another host or from another origin, and answers a loopback one', async () => {
    const port = new URL(server.url).port;
    expect((await initialize({ Host: `attacker.example:${port}` })).status).toBe(403);
    expect((await initialize({ Origin: 'https://attacker.example' })).status).toBe(403);
    const own = await initialize({ Host: `localhost:${port}`, Origin: `http://127.0.0.1:${port}` });
    expect(own.status).toBe(200);
    expect(own.session).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers elsewhere than /mcp, a session it does not know and a body that is not JSON with an error', async () => {
    expect((await fetch(new URL('/other', server.url))).status).toBe(404);
    const unknown = await fetch(server.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Mcp-Session-Id': 'nope' }, body: '{}' });
    expect(unknown.status).toBe(404);
    expect((await fetch(server.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' })).status).toBe(400);
  });
});
