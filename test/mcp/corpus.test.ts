// Every real document the portal builds gives tools a client accepts: for each of
// @readme/oas-examples (3.0 and 3.1) and @scalar/galaxy, the tool catalog made from its model has
// names of the protocol's form, each once, and input schemas that ajv compiles in strict mode.
import { describe, expect, it } from 'vitest';
import { SEARCH_TOOL, ToolCatalog } from '../../scripts/mcp/tools.ts';
import { buildModel } from '../../scripts/model/index.ts';
import { realDocuments } from '../helpers/documents.ts';
import { strictAjv } from './helpers.ts';

const documents = realDocuments();

describe('tools of real documents', () => {
  it.each(documents)('%s', async (path) => {
    const { model } = await buildModel(path, { lint: false, validate: false });
    const catalog = new ToolCatalog(model, { mock: true, url: '' });
    const tools = catalog.plans.map((plan) => catalog.tool(plan));
    expect(tools).toHaveLength(model.operations.length);
    const names = [SEARCH_TOOL, ...tools.map((t) => t.name)];
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    const ajv = strictAjv();
    for (const tool of tools) expect(() => ajv.compile(tool.inputSchema), `${tool.name}: ${JSON.stringify(tool.inputSchema).slice(0, 300)}`).not.toThrow();
  });
});
