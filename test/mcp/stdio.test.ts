// `npm run mcp` over stdio, as an MCP client starts it, spoken to with the SDK's own client.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../helpers/processes.ts';
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

describe('npm run mcp on the command line', () => {
  it('lists its flags with --help, and refuses a target that is not http(s) or a description that does not load, printing nothing on stdout', async () => {
    const help = await runScript('scripts/mcp.ts', ['--help'], { timeoutMs: 60_000 });
    expect(help.code).toBe(0);
    for (const flag of ['--http', '--host', '--server', '--auth', '--stateful']) expect(help.stdout).toContain(flag);
    const scheme = await runScript('scripts/mcp.ts', ['--server', 'file:///etc/passwd'], { timeoutMs: 60_000 });
    expect(scheme).toMatchObject({ code: 2, stdout: '' });
    expect(scheme.stderr).toContain('--server must be an http(s) address');
    const missing = await runScript('scripts/mcp.ts', ['--spec', 'test/mcp/fixtures/no-such.yaml'], { timeoutMs: 60_000 });
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toMatch(/no-such\.yaml/);
  });
});
