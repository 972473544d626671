// `npm run mcp` over stdio, as an MCP client starts it, spoken to with the SDK's own client.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectStdio } from './helpers.ts';
import { petstoreChecks } from './petstore-checks.ts';

let server: Connected;

beforeAll(async () => {
  server = await connectStdio(['--stateful']);
});

afterAll(() => server?.close());

describe('npm run mcp over stdio', () => {
  petstoreChecks(() => server.client as Client);

  it('says on stderr what it serves, and keeps stdout for the protocol', () => {
    expect(server.stderr()).toMatch(/MCP server for Petstore API 1\.0\.0 on stdio: 14 tools, calls to the in-process mock/);
  });
});
