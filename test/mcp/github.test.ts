// GitHub's REST API (1,223 operations, 969 schemas) through the MCP server: the tool list comes a
// page at a time, every tool is named as clients accept and once, and every input schema is valid
// JSON Schema.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allResources, allTools, type Connected, connectStdio, strictAjv } from './helpers.ts';

const GITHUB = 'node_modules/@octokit/openapi/generated/api.github.com.json';

let server: Connected;
let tools: Tool[];
let pages: number;

beforeAll(async () => {
  server = await connectStdio(['--spec', GITHUB]);
  ({ tools, pages } = await allTools(server.client));
});

afterAll(() => server?.close());

describe("GitHub's API through the MCP server", () => {
  it('lists a tool per operation, a hundred a page, each named once as clients accept', () => {
    expect(tools).toHaveLength(1224);
    expect(pages).toBe(13);
    for (const tool of tools) expect(tool.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(new Set(tools.map((t) => t.name.toLowerCase())).size).toBe(tools.length);
    expect(tools.find((t) => t.name === 'repos_get-content')?.title).toBe('GET /repos/{owner}/{repo}/contents/{path}');
  });

  it('gives every tool an input schema valid against JSON Schema 2020-12 (one in ten compiled by ajv), within a bound', () => {
    const ajv = strictAjv();
    tools.forEach((tool, i) => {
      expect(ajv.validateSchema(tool.inputSchema), `${tool.name}: ${ajv.errorsText()}`).toBe(true);
      // Compiling all 1,224 takes ajv a quarter of a minute; a tenth of them, spread over the list, shows the same.
      if (i % 10 === 0) expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
      expect(JSON.stringify(tool.inputSchema).length, tool.name).toBeLessThan(256 * 1024);
    });
  });

  it('lists every operation’s and schema’s reference as a resource, and reads one', async () => {
    expect(await allResources(server.client)).toHaveLength(2 + 1223 + 969);
    const read = await server.client.readResource({ uri: 'reference://operations/repos-get-content.md' });
    expect((read.contents[0] as { text: string }).text).toMatch(/^# Get repository content\n\n`GET \/repos\/\{owner\}\/\{repo\}\/contents\/\{path\}`/);
  });
});
