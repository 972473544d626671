// The mock's answers prepared once per operation: each example's body and headers as sent, the
// answer to a request that asks for nothing (Prism's choice of response and media type), the
// response a `Prefer: code` names, and headers HTTP cannot carry left out with a line saying so.
import { describe, expect, it } from 'vitest';
import { normalizeDocument } from '../../../scripts/model/index.ts';
import type { Operation } from '../../../scripts/model/contract/types.ts';
import { type Answer, findResponse, prepareAnswers, serialize, withStatus } from '../../../scripts/mock/answers.ts';
import { LeftOutHeaders } from '../../../scripts/mock/header-values.ts';

/** The operation of a one-operation document answering with `responses`. */
function operationWith(responses: Record<string, unknown>): Operation {
  const model = normalizeDocument({
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1' },
    paths: { '/pets': { get: { operationId: 'listPets', responses } } },
  } as never);
  return model.operations[0]!;
}

/** An answer's headers as pairs, and its body as text. */
const sent = (answer: Answer) => ({
  status: answer.status,
  headers: Object.fromEntries(Array.from({ length: answer.headers.length / 2 }, (_, i) => [answer.headers[2 * i], answer.headers[2 * i + 1]])),
  body: answer.body?.toString('utf8'),
});

describe('prepareAnswers', () => {
  it('serializes every named example with its Content-Type and length, the first one answering by default', () => {
    const op = operationWith({
      '200': {
        description: 'pets',
        content: {
          'application/json': {
            examples: { one: { value: [{ id: 1 }] }, none: { value: [] } },
          },
          'text/plain': { example: 'Rex, Tom' },
        },
      },
    });
    const answers = prepareAnswers(op, undefined, new LeftOutHeaders());
    expect(sent(answers.answer)).toEqual({
      status: 200,
      headers: { 'Content-Type': 'application/json', 'Content-Length': '10', Vary: 'Origin' },
      body: '[{"id":1}]',
    });
    const [json, text] = answers.primary!.media;
    expect([...json!.examples.keys()]).toEqual(['one', 'none']);
    expect(sent(json!.examples.get('none')!).body).toBe('[]');
    expect(sent(text!.first)).toMatchObject({ headers: { 'Content-Type': 'text/plain' }, body: 'Rex, Tom' });
  });

  it('sends the declared headers with their examples, but not the ones HTTP framing decides', () => {
    const op = operationWith({
      '200': {
        description: 'pets',
        headers: {
          'X-Rate-Limit': { schema: { type: 'integer' }, example: 100 },
          'X-Tags': { schema: { type: 'array', items: { type: 'string' } }, example: ['a', 'b'] },
          'Content-Length': { schema: { type: 'integer' }, example: 5 },
        },
        content: { 'application/json': { example: { ok: true } } },
      },
    });
    const { headers } = sent(prepareAnswers(op, undefined, new LeftOutHeaders()).answer);
    expect(headers['X-Rate-Limit']).toBe('100');
    expect(headers['X-Tags']).toBe('a, b');
    expect(headers['Content-Length']).toBe('11');
  });

  it('leaves out a header value with a line break, and says so once', () => {
    const op = operationWith({
      '200': { description: 'ok', headers: { 'X-Note': { schema: { type: 'string' }, example: 'a\r\nSet-Cookie: x=1' } } },
    });
    const leftOut = new LeftOutHeaders();
    const answers = prepareAnswers(op, undefined, leftOut);
    prepareAnswers(op, undefined, leftOut);
    expect(answers.answer.headers).not.toContain('X-Note');
    expect(leftOut.lines).toEqual([
      'Left out by the mock: GET /pets: header X-Note: "a\\r\\nSet-Cookie: x=1" cannot be sent in HTTP (a line break or control character).',
    ]);
  });

  it('answers a declared range with a concrete type: text for a string, JSON for anything else', () => {
    const op = operationWith({ '200': { description: 'any', content: { '*/*': { examples: { text: { value: 'hi' }, data: { value: { a: 1 } } } } } } });
    const media = prepareAnswers(op, undefined, new LeftOutHeaders()).primary!.media[0]!;
    expect(sent(media.examples.get('text')!)).toMatchObject({ headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'hi' });
    expect(sent(media.examples.get('data')!)).toMatchObject({ headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' });
  });

  it('answers with the example the model made from the schema when none is declared', () => {
    const op = operationWith({ '200': { description: 'pets', content: { 'application/json': { schema: { type: 'array', items: { type: 'integer' } } } } } });
    const { answer } = prepareAnswers(op, undefined, new LeftOutHeaders());
    expect(JSON.parse(sent(answer).body!)).toEqual(op.responses[0]!.content[0]!.examples[0]!.value);
    expect(answer.generate).toBeUndefined();
  });

  it('leaves the body to the generator when the only example is a link, and sends none without a schema', () => {
    const linked = { examples: { remote: { externalValue: 'https://example.com/pets.json' } } };
    const op = operationWith({
      '200': { description: 'pets', content: { 'application/json': { schema: { type: 'array' }, ...linked } } },
      '202': { description: 'later', content: { 'application/json': linked } },
    });
    const answers = prepareAnswers(op, undefined, new LeftOutHeaders());
    expect(answers.answer).toMatchObject({ status: 200, generate: true, body: undefined });
    expect(findResponse(answers, '202')!.preferred!.first).toMatchObject({ status: 202, generate: false, body: undefined });
  });

  it("chooses Prism's response: the lowest success, else default as 200, never an interim 1xx", () => {
    const choice = (responses: Record<string, unknown>) => prepareAnswers(operationWith(responses), undefined, new LeftOutHeaders()).answer.status;
    expect(choice({ '404': { description: 'no' }, '201': { description: 'made' }, '200': { description: 'ok' } })).toBe(200);
    expect(choice({ '2XX': { description: 'ok' }, '400': { description: 'bad' } })).toBe(200);
    expect(choice({ '400': { description: 'bad' }, default: { description: 'other' } })).toBe(200);
    expect(choice({ '100': { description: 'continue' }, '404': { description: 'no' } })).toBe(404);
    expect(choice({ '100': { description: 'continue' } })).toBe(200);
  });

  it('marks a response whose JSON example is shaped like the API error, for the mock to fill in', () => {
    const op = operationWith({
      '200': { description: 'ok', content: { 'application/json': { example: { id: 1 } } } },
      '400': {
        description: 'bad',
        content: { 'application/problem+json': { schema: { type: 'object' }, example: { code: 'bad', message: 'Bad request', status: 400 } } },
      },
    });
    const answers = prepareAnswers(op, undefined, new LeftOutHeaders());
    const bad = findResponse(answers, '400')!;
    expect(bad.errorShaped).toBe(true);
    expect(bad.json).toMatchObject({ type: 'application/problem+json', example: { code: 'bad', message: 'Bad request', status: 400 } });
    expect(findResponse(answers, '200')!.errorShaped).toBe(false);
  });

  it('adds the deprecation signals to every answer', () => {
    const op = operationWith({ '204': { description: 'gone', headers: { Sunset: { schema: { type: 'string' }, example: 'soon' } } } });
    const signals = { fixed: ['Deprecation', '@1700000000'], link: () => '' };
    const { answer } = prepareAnswers(op, signals, new LeftOutHeaders());
    expect(sent(answer)).toEqual({ status: 204, headers: { 'Content-Length': '0', Vary: 'Origin', Deprecation: '@1700000000' }, body: undefined });
  });
});

describe('findResponse', () => {
  const answers = prepareAnswers(
    operationWith({ '200': { description: 'ok' }, '404': { description: 'no' }, '4XX': { description: 'client' }, default: { description: 'other' } }),
    undefined,
    new LeftOutHeaders(),
  );

  it('takes the exact status, then its range, then default', () => {
    expect(findResponse(answers, '404')?.key).toBe('404');
    expect(findResponse(answers, '418')?.key).toBe('4XX');
    expect(findResponse(answers, '503')?.key).toBe('default');
  });

  it('keeps an answer that already has the status, and copies one under another', () => {
    const client = findResponse(answers, '418')!.bare;
    expect(client.status).toBe(400);
    expect(withStatus(client, 400)).toBe(client);
    expect(withStatus(client, 418)).toEqual({ ...client, status: 418 });
  });
});

describe('serialize', () => {
  it('sends a string as it is unless the type is JSON, and anything else as JSON', () => {
    expect(serialize('a b', 'text/plain')?.toString()).toBe('a b');
    expect(serialize('a b', 'application/vnd.api+json')?.toString()).toBe('"a b"');
    expect(serialize({ a: 1 }, 'text/plain')?.toString()).toBe('{"a":1}');
    expect(serialize(undefined, 'application/json')).toBeUndefined();
  });
});
