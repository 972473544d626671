// The portal's addresses, from the pages the model decides, under the site's base: at the root,
// in a folder a document is mounted in, and on an origin (llms.txt writes whole URLs).
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MOCK_URL } from '../../../scripts/defaults.ts';
import { normalizeDocument } from '../../../scripts/model/index.ts';
import { isMockServer, mockServerUrl, urlsFor } from '../../../site/src/lib/urls.ts';

const model = normalizeDocument({
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  tags: [{ name: 'Pet store' }],
  paths: { '/pets': { get: { operationId: 'listPets', tags: ['Pet store'], responses: { '200': { description: 'pets' } } } } },
  components: { schemas: { 'Pet Owner': { type: 'object' } } },
} as never);
const listPets = model.operations[0]!;

describe('urlsFor', () => {
  it('puts every page under the base, written with or without its slash', () => {
    for (const base of ['/docs', '/docs/']) {
      const urls = urlsFor(base, model);
      expect(urls.home).toBe('/docs/');
      expect(urls.operation(listPets)).toBe(`/docs/${listPets.page}`);
      expect(urls.operationMarkdown(listPets)).toBe(`/docs/${listPets.page.replace(/\/$/, '')}.md`);
      expect(urls.tag('pet-store')).toBe('/docs/tags/pet-store/');
      expect(urls.schemas).toBe('/docs/schemas/');
      expect(urls.webhooks).toBe('/docs/webhooks/');
      expect(urls.schemaBySlug('pet-owner')).toBe('/docs/schemas/pet-owner/');
      expect([urls.openapiYaml, urls.openapiJson, urls.llms, urls.llmsFull]).toEqual([
        '/docs/openapi.yaml',
        '/docs/openapi.json',
        '/docs/llms.txt',
        '/docs/llms-full.txt',
      ]);
      expect(urls.enumValues('pet-status')).toBe('/docs/enums/pet-status.json');
    }
  });

  it('links a component schema by its name to the page the model gave it, and nothing else', () => {
    const urls = urlsFor('https://portal.example.com', model);
    expect(urls.schema('Pet Owner')).toBe(`https://portal.example.com/${model.schemas[0]!.page}`);
    expect(urls.schema('Missing')).toBeUndefined();
    expect(urlsFor('', model).operation(listPets)).toBe(`/${listPets.page}`);
  });
});

describe('mockServerUrl', () => {
  const saved = process.env.PORTAL_MOCK_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.PORTAL_MOCK_URL;
    else process.env.PORTAL_MOCK_URL = saved;
  });

  it('is the address the mock was started on, without a trailing slash, else the documented one', () => {
    process.env.PORTAL_MOCK_URL = 'http://127.0.0.1:4555/';
    expect(mockServerUrl()).toBe('http://127.0.0.1:4555');
    delete process.env.PORTAL_MOCK_URL;
    expect(mockServerUrl()).toBe(DEFAULT_MOCK_URL.replace(/\/$/, ''));
  });
});

describe('which described server is the mock', () => {
  it("is the mock's own address, or the documented one when the mock runs elsewhere; never another", () => {
    expect(isMockServer('http://127.0.0.1:4011/', 'http://127.0.0.1:4011')).toBe(true);
    expect(isMockServer(DEFAULT_MOCK_URL, 'http://127.0.0.1:4011')).toBe(true);
    expect(isMockServer(`${DEFAULT_MOCK_URL}/v1`, 'http://127.0.0.1:4011')).toBe(false);
    expect(isMockServer('http://127.0.0.1:4012', 'http://127.0.0.1:4011')).toBe(false);
    expect(isMockServer('https://api.petstore.example/v1', DEFAULT_MOCK_URL)).toBe(false);
  });
});
