// The MCP server of one API: its tools (a search and one per operation), resources and prompts,
// made from the model once and shared by every connection (stdio has one, Streamable HTTP one per
// session). Built on the SDK's low-level Server, whose list handlers can answer a page at a time.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { OpenApiDocument } from '../model/load/load.ts';
import type { ApiModel } from '../model/contract/types.ts';
import { codeSpan } from '../reference/markdown-text.ts';
import { toolError } from './answer.ts';
import { callTool, type Target } from './call.ts';
import { page } from './pages.ts';
import { getPrompt, PROMPTS } from './prompts.ts';
import { cut, QUOTE_RULE, quoted } from './quote.ts';
import { ReferenceResources } from './resources.ts';
import { OperationSearch } from './search.ts';
import { SEARCH_TOOL, ToolCatalog, type ToolPlan } from './tools.ts';
import { FULL_URI, operationUri } from './uris.ts';
import { argumentProblem } from './validate.ts';

export const SERVER_NAME = 'petstore-api-portal-mcp';
export const SERVER_VERSION = '1.0.0';

export interface McpApi {
  model: ApiModel;
  tools: ToolCatalog;
  search: OperationSearch;
  resources: ReferenceResources;
  /** Where calls go: once the in-process mock listens (started by the first call), or the --server. */
  target: () => Promise<Target>;
  instructions: string;
}

const SEARCH_DEFINITION: Tool = {
  name: SEARCH_TOOL,
  title: 'Search operations',
  description:
    'Finds operations of the API by path (or a piece of it), operationId, summary, parameter and field names, ranked as the portal’s search ranks them. Gives each one’s tool name, method and path, summary and reference resource.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 200, description: 'Words or a path, e.g. `/store/orders` or `list pets`.' },
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'Most results to give.' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

export function createApi(
  model: ApiModel,
  document: OpenApiDocument,
  target: () => Promise<Target>,
  options: { mock: boolean; url: string; site: URL },
): McpApi {
  const tools = new ToolCatalog(model, { mock: options.mock, url: options.url });
  const where = options.mock ? 'the mock server of this description, started in this process' : options.url;
  const instructions = [
    `Tools for the API ${quoted(model.info.title, 100)} (version ${quoted(model.info.version, 40)}), one per operation, named by its operationId: each sends its request to ${where} and returns the status, the headers that matter and the body.`,
    `${SEARCH_TOOL} finds operations by path, operationId, summary, parameter and field names.`,
    `Resources: each operation's and schema's reference in Markdown (${operationUri({ slug: '<slug>' })}, reference://schemas/<slug>.md), the whole reference (${FULL_URI}) and the description (reference://openapi.json).`,
    QUOTE_RULE,
  ].join('\n');
  return {
    model,
    tools,
    search: new OperationSearch(model.operations, new Map(model.schemas.map((s) => [s.name, s]))),
    resources: new ReferenceResources(model, document, options.site),
    target,
    instructions,
  };
}

async function searchResult(api: McpApi, args: Record<string, unknown>): Promise<CallToolResult> {
  const problem = argumentProblem(SEARCH_DEFINITION.inputSchema, args);
  if (problem) return { content: [{ type: 'text', text: `Not searched: ${problem}.` }], isError: true };
  const hits = await api.search.search(String(args.query), typeof args.limit === 'number' ? args.limit : 10);
  const results = hits.map(({ op }) => ({
    tool: (api.tools.toolOf(op.slug) as ToolPlan).name,
    method: op.method.toUpperCase(),
    path: cut(op.path, 200),
    summary: quoted(op.summary, 200),
    resource: operationUri(op),
  }));
  const lines = results.map((r, i) => `${i + 1}. ${r.tool}: ${codeSpan(`${r.method} ${r.path}`)}${r.summary ? ` ${r.summary}` : ''} (${r.resource})`);
  return { content: [{ type: 'text', text: lines.length ? lines.join('\n') : 'No operation matches.' }], structuredContent: { results } };
}

export function createServer(api: McpApi): Server {
  const server = new Server(
    { name: SERVER_NAME, version: SERVER_VERSION, title: cut(api.model.info.title, 100) },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: api.instructions },
  );
  const listed = [SEARCH_TOOL, ...api.tools.plans];
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const { items, nextCursor } = page(listed, request.params?.cursor);
    return { tools: items.map((item) => (typeof item === 'string' ? SEARCH_DEFINITION : api.tools.tool(item))), ...(nextCursor ? { nextCursor } : {}) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (name === SEARCH_TOOL) return searchResult(api, args);
    const plan = api.tools.plan(name);
    if (!plan) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${cut(name, 100)}`);
    let target: Target;
    try {
      target = await api.target();
    } catch (error) {
      return toolError(`The mock server could not start: ${(error as Error).message}`);
    }
    return callTool(plan, api.tools.tool(plan).inputSchema, args, target);
  });
  server.setRequestHandler(ListResourcesRequestSchema, (request) => {
    const { items, nextCursor } = page(api.resources.list(), request.params?.cursor);
    return { resources: items, ...(nextCursor ? { nextCursor } : {}) };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: api.resources.templates() }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => api.resources.read(request.params.uri));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: PROMPTS }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => getPrompt(request.params.name, request.params.arguments, api.tools, api.resources));
  return server;
}
