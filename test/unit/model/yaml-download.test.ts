// The downloadable openapi.yaml reads back, by YAML 1.2 and YAML 1.1 readers alike, as the very
// value it was written from: real descriptions, and the strings YAML is known to misread.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { parse } from 'yaml';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yamlDownload } from '../../../scripts/model/process/yaml-download.ts';

/** Both readers, the second as YAML 1.1, where `yes`, `on`, `0777` and `1:20` are not strings. */
function readBack(text: string): [unknown, unknown] {
  return [load(text), parse(text, { version: '1.1', maxAliasCount: -1, uniqueKeys: false })];
}

function expectRoundTrip(value: unknown): void {
  const text = yamlDownload(value);
  const expected = JSON.parse(JSON.stringify(value)) as unknown;
  const [byJsYaml, byYaml11] = readBack(text);
  expect(byJsYaml, text).toEqual(expected);
  expect(byYaml11, text).toEqual(expected);
}

// Each of these is something other than the string to some YAML reader when written plain.
const TRICKY = [
  '',
  ' ',
  '  lead',
  'trail ',
  'yes',
  'No',
  'ON',
  'off',
  'y',
  'N',
  'true',
  'False',
  'null',
  'NULL',
  '~',
  '-',
  '- item',
  '?',
  '? x',
  ':',
  'a:',
  'a: b',
  'a:b',
  'a #b',
  'a#b',
  '#x',
  '&anchor',
  '*alias',
  '!tag',
  '|',
  '>',
  "'",
  '"',
  '%x',
  '@x',
  '`x',
  '<<',
  '=',
  '[a]',
  '{a}',
  'a, b',
  '0',
  '00',
  '0777',
  '0x1F',
  '0o17',
  '0b101',
  '1_000',
  '1e3',
  '1.0',
  '.5',
  '+1',
  '-1',
  '.inf',
  '-.INF',
  '.NaN',
  '--- pets',
  '...',
  '3.0.3',
  '190:20:30',
  '2001-12-14',
  '2001-12-14t21:59:43.10-05:00',
  'https://example.com/a?b=c#d',
  '/repos/{owner}/{repo}',
  "it's",
  'tab\there',
  'line\nbreak',
  'ends\n',
  'ends\n\n',
  '\n',
  '\n\nlead',
  'a\n \nb',
  'crlf\r\nline',
  'nel\u0085x',
  'ls\u2028x',
  'bom\ufeffx',
  'nul\u0000x',
  'bell\u0007',
  'del\u007f',
  'emoji 🚒',
  'lone \ud800 surrogate',
  'é à ü',
  '中文',
  '\n #',
  '\n\n  indented',
  'non\uffffchar',
  '\ufffe',
  'lone \udc00 low',
  '\\backslash',
  'quote " inside',
  'both \' and "',
  'x'.repeat(2000),
];

describe('yamlDownload', () => {
  it.each(TRICKY.map((s) => [JSON.stringify(s).slice(0, 40), s]))('%s as a value, a key and an item', (_name, text) => {
    expectRoundTrip({ value: text, [text]: 'key', list: [text, [text]], nested: { [text]: { deeper: [text] } } });
  });

  it('reads back any JSON object, with any text in its keys and strings', () => {
    // Words with YAML's special characters between them: most texts a reader could misread look like this.
    const pieces = fc.constantFrom(
      'pets',
      'a',
      'yes',
      'No',
      'x1',
      '12',
      ' ',
      '  ',
      '#',
      ' #',
      ':',
      ': ',
      '\n',
      '\t',
      "'",
      '"',
      '-',
      '- ',
      '.',
      '{',
      '[',
      ',',
      '~',
      '<<',
      'é',
      '🚒',
    );
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.array(pieces, { maxLength: 6 }).map((list) => list.join('')),
    );
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        tie('list'),
        tie('map'),
      ),
      list: fc.array(tie('value'), { maxLength: 4 }),
      map: fc.dictionary(text, tie('value'), { maxKeys: 4 }),
    }));
    fc.assert(
      // A description is an object: a block scalar at the very top, where readers disagree on its indentation, never occurs.
      fc.property(json.map, (value) => {
        // YAML 1.2 readers: the `yaml` library's 1.1 mode reads `.` as NaN, which no other 1.1 reader does (PyYAML).
        const text = yamlDownload(value);
        expect(load(text), text).toEqual(value);
        expect(parse(text, { maxAliasCount: -1 }), text).toEqual(value);
      }),
      { numRuns: 1000 },
    );
  });

  it('double-quotes a multi-line string with a line of only spaces, which YAML readers disagree on in a block', () => {
    for (const value of ['  pets\n  ', 'pets\n \nmore', ' \nlead', 'a\n\t']) {
      const text = yamlDownload({ description: value });
      expect(text, text).toMatch(/^description: "/);
      expect(parse(text)).toEqual({ description: value });
      expect(load(text)).toEqual({ description: value });
    }
    expect(yamlDownload({ description: 'two\nlines\n' })).toBe('description: |\n  two\n  lines\n');
  });

  it('double-quotes a string that starts like a document marker, which as a top-level key would end the document', () => {
    for (const key of ['--- pets', '---', '...', '... more']) {
      const text = yamlDownload({ [key]: [] });
      expect(text, text).toMatch(/^"/);
      expect(parse(text)).toEqual({ [key]: [] });
      expect(load(text)).toEqual({ [key]: [] });
    }
  });

  it('writes scalars and empty collections at the top', () => {
    for (const value of ['text', 12, true, null, [], {}, [[1, [2]], { a: [] }]]) expectRoundTrip(value);
  });

  const EXAMPLES = 'node_modules/@readme/oas-examples';
  const jsonFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return jsonFiles(path);
      return name.endsWith('.json') ? [path] : [];
    });
  const documents = [...jsonFiles(join(EXAMPLES, '3.0/json')), ...jsonFiles(join(EXAMPLES, '3.1/json')), 'node_modules/@scalar/galaxy/dist/3.1.json'];

  it('reads back every real description as it was', () => {
    expect(documents.length).toBeGreaterThan(20);
    for (const path of documents) {
      const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
      expect(load(yamlDownload(value)), path).toEqual(value);
    }
  });
});
