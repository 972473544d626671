// Every operation of our description, called the way its examples show,
// answers 2xx with a body valid against the declared schema and the headers
// the description promises (the deprecation signals on the deprecated one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ajv } from 'ajv';
import type { Operation, Parameter } from '../../scripts/model/contract/types.ts';
import type { MockServer } from '../../scripts/mock/server.ts';
import { AUTH, documentValidator, startMock } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
let mock: MockServer;
let document: Record<string, any>;
let operations: Operation[];
let ajv: Ajv;

function get(node: any, segments: string[]): any {
  return segments.reduce((n, s) => (n == null ? undefined : n[s]), node);
}

function pointerSegments(ref: string): string[] {
  return ref
    .slice(2)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** JSON pointer of a response's schema, following the response's own $ref. */
function responseSchemaRef(op: Operation, status: string, mediaType: string): string {
  let segments = ['paths', op.path, op.method, 'responses', status];
  const node = get(document, segments);
  if (node?.$ref) segments = pointerSegments(node.$ref);
  const escapeToken = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  return `doc.json#/${[...segments, 'content', mediaType, 'schema'].map(escapeToken).map(encodeURIComponent).join('/')}`;
}

function exampleOf(p: Parameter): unknown {
  if (p.example !== undefined) return p.example;
  const type = p.schema?.type?.[0];
  return type === 'integer' || type === 'number' ? 1 : 'x';
}

function requestFor(op: Operation): { url: string; init: RequestInit } {
  const path = op.path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const p = op.parameters.find((q) => q.in === 'path' && q.name === name)!;
    return encodeURIComponent(String(exampleOf(p)));
  });
  const query = new URLSearchParams();
  for (const p of op.parameters) if (p.in === 'query' && p.example !== undefined) query.set(p.name, String(p.example));
  const headers: Record<string, string> = op.security.length > 0 ? { ...AUTH } : {};
  const init: RequestInit = { method: op.method.toUpperCase(), headers };
  const media = op.requestBody?.content.find((m) => m.mediaType === 'application/json');
  if (media) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(media.examples[0]?.value);
  }
  return { url: `${mock.url}${path}${query.size > 0 ? `?${query}` : ''}`, init };
}

beforeAll(async () => {
  mock = await startMock({ site: SITE });
  const { buildModel } = await import('../../scripts/model/index.ts');
  const built = await buildModel('openapi/openapi.yaml', { lint: false, validate: false });
  document = built.document;
  operations = built.model.operations;
  ajv = documentValidator(document);
});

afterAll(async () => {
  await mock?.close();
});

describe('every operation of openapi/openapi.yaml', () => {
  it('has operations, one of them deprecated with its dates', () => {
    expect(operations.length).toBeGreaterThan(5);
    const deprecated = operations.filter((op) => op.deprecated);
    expect(deprecated.length).toBeGreaterThan(0);
    for (const op of deprecated) {
      expect(op.deprecation?.deprecatedAt, op.slug).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(op.deprecation?.sunset, op.slug).toMatch(/^\d{4}-\d{2}-\d{2}/);
    }
  });

  it('answers each with a schema-valid 2xx and its declared headers', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const { url, init } = requestFor(op);
      const response = await fetch(url, init);
      const text = await response.text();
      const label = `${op.method.toUpperCase()} ${op.path}`;
      const declared = op.responses.find((r) => String(response.status) === r.status);
      if (response.status < 200 || response.status > 299 || !declared) {
        failures.push(`${label}: status ${response.status} ${text}`);
        continue;
      }
      const media = declared.content.find((m) => m.mediaType === 'application/json');
      if (media) {
        expect(response.headers.get('content-type')).toBe('application/json');
        const validate =
          ajv.getSchema(responseSchemaRef(op, declared.status, media.mediaType)) ??
          ajv.compile({ $ref: responseSchemaRef(op, declared.status, media.mediaType) });
        if (!validate(JSON.parse(text))) failures.push(`${label}: body ${text} invalid: ${ajv.errorsText(validate.errors)}`);
        expect(JSON.parse(text)).toEqual(media.examples[0]?.value);
      }
      for (const header of declared.headers) {
        const value = response.headers.get(header.name);
        if (header.required && value === null) failures.push(`${label}: header ${header.name} missing`);
        const computed = ['deprecation', 'sunset', 'link'].includes(header.name.toLowerCase());
        if (!computed && header.example !== undefined && value !== String(header.example)) {
          failures.push(`${label}: header ${header.name} is ${value}, declared ${String(header.example)}`);
        }
      }
      if (op.deprecated) {
        const d = op.deprecation!;
        expect(response.headers.get('deprecation')).toBe(`@${Date.parse(d.deprecatedAt!) / 1000}`);
        expect(response.headers.get('sunset')).toBe(new Date(Date.parse(d.sunset!)).toUTCString());
        const link = response.headers.get('link') ?? '';
        expect(link).toContain(`<${SITE}/operations/${op.slug}/>; rel="deprecation"`);
        if (d.replacedBy) {
          const successor = operations.find((o) => o.slug === d.replacedBy)!;
          const concrete = successor.path.replace(/\{([^{}]+)\}/g, (_, name: string) => String(exampleOf(op.parameters.find((p) => p.name === name)!)));
          expect(link).toContain(`<${concrete}>; rel="successor-version"`);
        }
        expect(response.headers.get('deprecation')).not.toBe('true');
      } else {
        expect(response.headers.get('deprecation'), label).toBeNull();
        expect(response.headers.get('sunset'), label).toBeNull();
      }
    }
    expect(failures).toEqual([]);
  });
});
