// `npm run mcp -- --server <url>`: the tools call the API named on the command line (here a
// node:http server standing in for it), with the credential from the environment written as the
// description's scheme says, and never one from the description. A redirect is reported, not
// followed; an error answer is a tool error with the API's message.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectStdio, textOf } from './helpers.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let upstream: Server;
let server: Connected;
const seen: Seen[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/v1/pets/records/7')
        return res.writeHead(200, { 'Content-Type': 'application/json', 'X-Ratelimit-Remaining': '41', 'X-Internal': 'no' }).end('{"id":7,"name":"Rex"}');
      if (req.url === '/v1/pets/records/8') return res.writeHead(302, { Location: 'http://127.0.0.1:9/elsewhere' }).end();
      res.writeHead(403, { 'Content-Type': 'application/json' }).end('{"code":"forbidden","message":"This key may not create pets.","status":403}');
    });
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const { port } = upstream.address() as AddressInfo;
  server = await connectStdio(['--server', `http://127.0.0.1:${port}/v1`], { MCP_AUTH: 'sk-test-123' });
});

afterAll(async () => {
  await server?.close();
  upstream?.close();
});

describe('npm run mcp -- --server', () => {
  it('sends the call to the server named, with the credential from MCP_AUTH where the scheme puts it', async () => {
    const answer = await server.client.callTool({ name: 'getPet', arguments: { petId: 7 } });
    expect(answer.isError).toBeUndefined();
    expect(answer.structuredContent).toEqual({
      status: 200,
      headers: expect.objectContaining({ 'x-ratelimit-remaining': '41' }),
      body: { id: 7, name: 'Rex' },
    });
    // Headers that matter only: the API's internal ones stay out.
    expect(Object.keys((answer.structuredContent as { headers: object }).headers)).not.toContain('x-internal');
    const request = seen.at(-1);
    expect(request).toMatchObject({ method: 'GET', url: '/v1/pets/records/7' });
    expect(request?.headers.authorization).toBe('Bearer sk-test-123');
  });

  it('says in its tools where the calls go', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.find((t) => t.name === 'getPet')?.description).toContain(
      `Sends the request to http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1.`,
    );
    expect(tools.find((t) => t.name === 'getPet')?.annotations?.openWorldHint).toBe(true);
  });

  it('answers an error with a tool error leading with the API’s message, the body sent as JSON', async () => {
    const answer = await server.client.callTool({ name: 'createPet', arguments: { body: { name: 'Rex', categoryId: 1 } } });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toMatch(/^The API answered 403 Forbidden: This key may not create pets\.\n/);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/v1/pets', body: '{"name":"Rex","categoryId":1}' });
    expect(seen.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('reports a redirect without following it', async () => {
    const before = seen.length;
    const answer = await server.client.callTool({ name: 'getPet', arguments: { petId: 8 } });
    expect(answer.structuredContent).toMatchObject({ status: 302, headers: { location: 'http://127.0.0.1:9/elsewhere' } });
    expect(seen.length).toBe(before + 1);
  });
});
