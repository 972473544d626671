// OpenAPI's rule that a header parameter named Accept, Content-Type or Authorization is ignored,
// decided once in the model (wire.ts) and read by the mock's checks, the try-it panel and the
// MCP server's tool arguments alike.
import { describe, expect, it } from 'vitest';
import { planArguments } from '../../../scripts/mcp/arguments.ts';
import { readRequestSpec } from '../../../scripts/mock/request-checks.ts';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';
import { isIgnoredParameter } from '../../../scripts/model/contract/wire.ts';
import { panelView } from '../../../site/src/components/try-it/panel-model.ts';
import { defined } from '../../helpers/defined.ts';

const header = (name: string) => ({ name, in: 'header', schema: { type: 'string' } });

const document = {
  openapi: '3.0.3',
  info: { title: 'Headers', version: '1' },
  paths: {
    '/pets': {
      get: {
        parameters: [
          header('accept'),
          header('Content-Type'),
          header('AUTHORIZATION'),
          header('X-Request-Id'),
          { name: 'Accept', in: 'query', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'OK' } },
      },
    },
  },
} as unknown as OpenApiDocument;

describe('ignored header parameters', () => {
  it('ignores Accept, Content-Type and Authorization headers in any case, nothing else', () => {
    for (const name of ['Accept', 'accept', 'Content-Type', 'CONTENT-TYPE', 'Authorization', 'authorization']) {
      expect(isIgnoredParameter({ name, in: 'header' })).toBe(true);
    }
    expect(isIgnoredParameter({ name: 'Accept-Language', in: 'header' })).toBe(false);
    expect(isIgnoredParameter({ name: 'X-Request-Id', in: 'header' })).toBe(false);
    // The rule is about headers: a query or cookie parameter of the same name is an ordinary one.
    expect(isIgnoredParameter({ name: 'Accept', in: 'query' })).toBe(false);
    expect(isIgnoredParameter({ name: 'Authorization', in: 'cookie' })).toBe(false);
  });

  it('leaves them out of the mock, the panel and the tool arguments, by the same rule', () => {
    const model = normalizeDocument(document);
    const op = defined(model.operations[0], 'the operation');
    const kept = ['X-Request-Id', 'Accept'];
    expect(readRequestSpec(document, op).params.map((p) => p.name)).toEqual(kept);
    const view = panelView(op, model.servers, model.securitySchemes, 'http://mock.test');
    expect([...view.params.header, ...view.params.query].map((p) => p.name)).toEqual(kept);
    expect(planArguments(op).parameters.map((p) => p.parameter.name)).toEqual(kept);
  });
});
