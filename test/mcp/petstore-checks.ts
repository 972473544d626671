// What a client of our description's server sees, the same over stdio and Streamable HTTP: the
// tools (one per operation, schemas valid JSON Schema, the deprecated one marked), calls answered
// by the in-process mock (started with --stateful), argument errors, resources, search, prompts.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE } from '../../scripts/defaults.ts';
import { buildModel } from '../../scripts/model/index.ts';
import type { ApiModel } from '../../scripts/model/contract/types.ts';
import { operationMarkdown } from '../../scripts/reference/operation-markdown.ts';
import { referenceDocument } from '../../scripts/reference/reference-document.ts';
import { schemaMarkdown } from '../../scripts/reference/schema-markdown.ts';
import { ROOT } from '../helpers/paths.ts';
import { allResources, allTools, strictAjv, textOf } from './helpers.ts';

/** A tool result's fields, read by name. */
type Answer = { isError?: boolean; structuredContent?: Record<string, any> };

export function petstoreChecks(client: () => Client): void {
  let model: ApiModel;
  let tools: Tool[];
  const call = async (name: string, args: Record<string, unknown>) => (await client().callTool({ name, arguments: args })) as Answer & { content: unknown };

  beforeAll(async () => {
    model = (await buildModel(`${ROOT}/openapi/openapi.yaml`, { lint: false, validate: false })).model;
    tools = (await allTools(client())).tools;
  });

  describe('tools', () => {
    it('has one tool per operation, named by its operationId, beside the search', () => {
      const operationIds = model.operations.map((op) => op.operationId);
      expect(operationIds).toHaveLength(13);
      expect(tools.map((t) => t.name)).toEqual(['search_operations', ...operationIds]);
    });

    it('gives every tool an input schema that is valid JSON Schema 2020-12, compiled by ajv in strict mode', () => {
      const ajv = strictAjv();
      for (const tool of tools) {
        expect(ajv.validateSchema(tool.inputSchema), `${tool.name}: ${ajv.errorsText()}`).toBe(true);
        expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
        expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      }
      const createPet = tools.find((t) => t.name === 'createPet');
      expect(createPet?.inputSchema.required).toEqual(['body']);
      // readOnly fields are the API's to write: `id` is not in what a client sends.
      expect(JSON.stringify(createPet?.inputSchema)).not.toContain('"id"');
    });

    it('marks the deprecated getPetById with its sunset and replacement, and read-only and destructive operations as such', () => {
      const legacy = tools.find((t) => t.name === 'getPetById');
      expect(legacy?.title).toBe('GET /pets/{petId} (deprecated)');
      expect(legacy?.description).toMatch(
        /^`GET \/pets\/\{petId\}`, operation getPetById\.\nDeprecated: it may stop answering after 30 June 2027 \(its sunset\)\. Use the tool getPet instead\./,
      );
      expect(tools.filter((t) => t.description?.includes('Deprecated')).map((t) => t.name)).toEqual(['getPetById']);
      expect(tools.find((t) => t.name === 'listPets')?.annotations).toMatchObject({ readOnlyHint: true });
      expect(tools.find((t) => t.name === 'createPet')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    });
  });

  describe('calls', () => {
    it('answers listPets with limit 2 from the mock: status, headers and the body', async () => {
      const answer = await call('listPets', { limit: 2 });
      expect(answer.isError).toBeUndefined();
      expect(answer.structuredContent?.status).toBe(200);
      expect(answer.structuredContent?.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.structuredContent?.body.map((p: { name: string }) => p.name)).toEqual(['Rex', 'Luna']);
      expect(textOf(answer)).toMatch(/^HTTP 200 OK\n/);
    });

    it('answers a wrong argument with a tool error naming it, and sends nothing', async () => {
      for (const [args, message] of [
        [{ limit: 'two' }, 'the argument `limit` must be integer'],
        [{ limit: 500 }, 'the argument `limit` must be <= 100'],
        [{ limits: 2 }, 'there is no argument `limits`'],
      ] as const) {
        const answer = await call('listPets', args);
        expect(answer.isError).toBe(true);
        expect(textOf(answer)).toBe(`Not sent: ${message}.`);
      }
      const missing = await call('getPet', {});
      expect(textOf(missing)).toBe('Not sent: the argument `petId` is required.');
    });

    it('keeps what createPet writes for getPet (--stateful), and answers an unknown id as the API does, as a tool error', async () => {
      const created = await call('createPet', { body: { name: 'Biscuit', categoryId: 1 } });
      expect(created.structuredContent?.status).toBe(201);
      const id = created.structuredContent?.body.id;
      expect(created.structuredContent?.headers.location).toBe(`/pets/records/${id}`);
      const read = await call('getPet', { petId: id });
      expect(read.structuredContent?.body).toEqual({ id, name: 'Biscuit', categoryId: 1, status: 'available' });
      const unknown = await call('getPet', { petId: 987654 });
      expect(unknown.isError).toBe(true);
      expect(unknown.structuredContent?.status).toBe(404);
      expect(textOf(unknown)).toMatch(/^The API answered 404 Not Found: .+\n\nHTTP 404 Not Found\n/);
    });

    it('sends the deprecated operation, whose answer carries its Deprecation and Sunset headers', async () => {
      const answer = await call('getPetById', { petId: 42 });
      expect(Object.keys(answer.structuredContent?.headers ?? {})).toEqual(expect.arrayContaining(['deprecation', 'sunset', 'link']));
    });
  });

  describe('resources', () => {
    it('lists each operation’s and schema’s Markdown, the whole reference and the description', async () => {
      const resources = await allResources(client());
      expect(resources).toHaveLength(2 + model.operations.length + model.schemas.length);
      expect(resources.map((r) => r.uri)).toEqual(
        expect.arrayContaining(['reference://llms-full.txt', 'reference://openapi.json', 'reference://operations/list-pets.md', 'reference://schemas/pet.md']),
      );
      const { resourceTemplates } = await client().listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['reference://operations/{slug}.md', 'reference://schemas/{slug}.md']);
    });

    it('reads an operation’s and a schema’s Markdown as the portal writes them', async () => {
      const doc = referenceDocument(model);
      const site = new URL(DEFAULT_SITE);
      const op = await client().readResource({ uri: 'reference://operations/list-pets.md' });
      expect(op.contents[0]).toEqual({
        uri: 'reference://operations/list-pets.md',
        mimeType: 'text/markdown',
        text: operationMarkdown(doc, doc.operationBySlug.get('list-pets')!, site),
      });
      const schema = await client().readResource({ uri: 'reference://schemas/pet.md' });
      expect((schema.contents[0] as { text: string }).text).toBe(schemaMarkdown(doc, doc.schemaByName.get('Pet')!, site));
      const description = await client().readResource({ uri: 'reference://openapi.json' });
      expect(JSON.parse((description.contents[0] as { text: string }).text).info.title).toBe('Petstore API');
      await expect(client().readResource({ uri: 'reference://operations/no-such.md' })).rejects.toThrow(/No resource/);
    });
  });

  describe('search and prompts', () => {
    it('ranks listOrders first for /store/orders, as the portal’s search does', async () => {
      const answer = await call('search_operations', { query: '/store/orders' });
      expect(answer.structuredContent?.results.map((r: { tool: string }) => r.tool).slice(0, 3)).toEqual(['listOrders', 'createOrder', 'getOrder']);
      const byField = await call('search_operations', { query: 'categoryId', limit: 3 });
      expect(byField.structuredContent?.results.length).toBeGreaterThan(0);
    });

    it('offers a prompt that writes a client call, with the operation’s reference embedded', async () => {
      const { prompts } = await client().listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(['write_client_call', 'try_operation']);
      const prompt = await client().getPrompt({ name: 'write_client_call', arguments: { operation: 'createPet', language: 'Python' } });
      expect(prompt.messages[0]?.content).toMatchObject({ type: 'text', text: expect.stringContaining('createPet (`POST /pets`) in Python') });
      expect(prompt.messages[1]?.content).toMatchObject({
        type: 'resource',
        resource: { uri: 'reference://operations/create-pet.md', text: expect.stringMatching(/^# Create a pet\n/) },
      });
    });
  });
}
