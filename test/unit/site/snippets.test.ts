// The ten code samples of one request whose every value tries to end its string: each value
// must stay inside a string literal of the sample's language, for the languages this machine
// cannot run (the e2e code-samples test runs curl, JavaScript and Python, and checks Go).
import { credentialOf } from '../../../scripts/model/contract/credential.ts';
import { describe, expect, it } from 'vitest';
import { MORE_CLIENTS } from '../../../site/src/lib/more-snippets.ts';
import { requestSamples } from '../../../site/src/lib/request-samples.ts';
import { codeSample } from '../../../site/src/lib/snippets.ts';
import type { RequestInput } from '../../../site/src/scripts/try-it/types.ts';

// Closes a double-quoted string, a single-quoted one, a template, a heredoc or a shell word, then runs something;
// then what runs code in a Swift raw string, reads as a backslash in C (a trigraph), ends a PowerShell string
// (a typographic quote), and reads a variable (PHP, Julia, Ruby) or runs code (Swift) in a double-quoted string.
const HOSTILE = `pwned"+run()+"'$(touch pwned)'\`touch pwned\`\${pwned()}#{pwned}\\"""#pwned\n"""pwned\\#(pwned())??/\u2019pwned#$pwned$pwned\\(pwned())`;

function input(body: RequestInput['body']): RequestInput {
  return {
    method: 'POST',
    base: 'http://127.0.0.1:9/api',
    path: '/things/{id}',
    params: [
      { spec: { name: 'id', in: 'path', required: true, style: 'simple', explode: false, shape: 'scalar' }, value: HOSTILE },
      { spec: { name: 'q', in: 'query', required: true, style: 'form', explode: true, shape: 'scalar' }, value: HOSTILE },
      { spec: { name: 'X-Note', in: 'header', required: true, style: 'simple', explode: false, shape: 'scalar' }, value: HOSTILE.replace('\n', ' ') },
    ],
    auth: [],
    body,
  };
}

const BODIES: Record<string, RequestInput['body']> = {
  json: { kind: 'json', mediaType: 'application/json', text: JSON.stringify({ note: HOSTILE, [HOSTILE]: [HOSTILE] }) },
  // A JSON body as a reader may type it in the panel: not JSON at all.
  'unparsed JSON': { kind: 'json', mediaType: 'application/json', text: `${HOSTILE}"""` },
  text: { kind: 'text', mediaType: 'text/plain', text: HOSTILE },
  form: { kind: 'form', mediaType: 'application/x-www-form-urlencoded', parts: [{ name: HOSTILE, value: HOSTILE }] },
  multipart: { kind: 'multipart', mediaType: 'multipart/form-data', parts: [{ name: 'field', value: HOSTILE }] },
};

interface Span {
  start: number;
  end: number;
  text: string;
}

/** String literals of C-like code (Go, Java, Kotlin, Rust): "…" with escapes, """…""" blocks, Go's `…`; comments skipped. */
function cLiterals(source: string): Span[] {
  const out: Span[] = [];
  let i = 0;
  while (i < source.length) {
    if (source.startsWith('//', i)) i = source.includes('\n', i) ? source.indexOf('\n', i) : source.length;
    else if (source.startsWith('"""', i)) {
      const end = source.indexOf('"""', i + 3);
      if (end < 0) throw new Error(`unterminated text block at ${i}`);
      out.push({ start: i, end: end + 3, text: source.slice(i + 3, end) });
      i = end + 3;
    } else if (source[i] === '`') {
      const end = source.indexOf('`', i + 1);
      if (end < 0) throw new Error(`unterminated raw string at ${i}`);
      out.push({ start: i, end: end + 1, text: source.slice(i + 1, end) });
      i = end + 1;
    } else if (source[i] === '"') {
      let j = i + 1;
      while (source[j] !== '"') {
        if (j >= source.length || source[j] === '\n') throw new Error(`unterminated string at ${i}: ${source.slice(i, i + 60)}`);
        j += source[j] === '\\' ? 2 : 1;
      }
      out.push({ start: i, end: j + 1, text: source.slice(i + 1, j) });
      i = j + 1;
    } else i++;
  }
  return out;
}

/** Single-quoted words of a POSIX shell command: '…' with no escapes inside; anything else is outside. */
function shellLiterals(source: string): Span[] {
  const out: Span[] = [];
  let i = 0;
  while (i < source.length) {
    if (source[i] === '\\') i += 2;
    else if (source[i] === "'") {
      const end = source.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated quote at ${i}`);
      out.push({ start: i, end: end + 1, text: source.slice(i + 1, end) });
      i = end + 1;
    } else i++;
  }
  return out;
}

/** One kind of string literal: how it opens and closes, how a quote is escaped inside, and what would run code in it. */
interface Quote {
  open: string;
  close?: string;
  /** `\\`: a backslash escapes the next character; `double`: the closing quote written twice; none: no escapes (raw). */
  escape?: '\\' | 'double';
  /** Escapes that would run code (Swift's `\\(`): found, the scan throws. */
  badEscapes?: string[];
  /** Unescaped text that would run code (`${`, `#{`, `$`): found, the scan throws. */
  interpolation?: string[];
  /** Characters that close it besides `close` (PowerShell's typographic quotes). */
  alsoClose?: string[];
}

/** A language's string literals, its line comments skipped; throws on an unterminated string or code run inside one. */
function literals(source: string, quotes: Quote[], comments: string[] = ['//']): Span[] {
  const out: Span[] = [];
  let i = 0;
  while (i < source.length) {
    if (comments.some((c) => source.startsWith(c, i))) {
      i = source.includes('\n', i) ? source.indexOf('\n', i) : source.length;
      continue;
    }
    const quote = quotes.find((q) => source.startsWith(q.open, i));
    if (!quote) {
      i++;
      continue;
    }
    const close = quote.close ?? quote.open;
    let j = i + quote.open.length;
    for (;;) {
      if (j >= source.length) throw new Error(`unterminated ${quote.open} at ${i}: ${source.slice(i, i + 60)}`);
      if (quote.escape === '\\' && source[j] === '\\') {
        const escaped = source.slice(j, j + 8);
        if (quote.badEscapes?.some((e) => escaped.startsWith(e))) throw new Error(`code run by an escape at ${j}: ${source.slice(j - 10, j + 20)}`);
        j += 2;
        continue;
      }
      const closer = (at: number) => source.startsWith(close, at) || (quote.alsoClose?.includes(source[at] ?? '') ?? false);
      if (quote.escape === 'double' && closer(j) && closer(j + 1)) {
        j += 2;
        continue;
      }
      if (closer(j)) break;
      const run = quote.interpolation?.find((x) => source.startsWith(x, j));
      if (run) throw new Error(`${run} runs code inside a string at ${j}: ${source.slice(j - 10, j + 20)}`);
      j++;
    }
    out.push({ start: i, end: j + close.length, text: source.slice(i + quote.open.length, j) });
    i = j + close.length;
  }
  return out;
}

const JS: Quote[] = [
  { open: "'", escape: '\\' },
  { open: '"', escape: '\\' },
  { open: '`', escape: '\\', interpolation: ['${'] },
];
const PYTHON: Quote[] = [
  { open: '"""', escape: '\\' },
  { open: "'''", escape: '\\' },
  { open: '"', escape: '\\' },
  { open: "'", escape: '\\' },
];
const POWERSHELL: Quote[] = [
  { open: "'", escape: 'double', alsoClose: ['\u2018', '\u2019', '\u201A', '\u201B'] },
  { open: '"', interpolation: ['$'] },
];
const JAVA: Quote[] = [
  { open: '"""', escape: '\\' },
  { open: '"', escape: '\\' },
];
/** The sample's `data-lang` to how its strings are read: every menu language written in the browser. */
const LITERALS: Record<string, (source: string) => Span[]> = {
  node: (source) => literals(source, JS),
  'node-axios': (source) => literals(source, JS),
  'node-undici': (source) => literals(source, JS),
  'node-ofetch': (source) => literals(source, JS),
  'js-axios': (source) => literals(source, JS),
  'js-ofetch': (source) => literals(source, JS),
  'js-jquery': (source) => literals(source, JS),
  'js-xhr': (source) => literals(source, JS),
  'python-httpx': (source) => literals(source, PYTHON, ['#']),
  'python-aiohttp': (source) => literals(source, PYTHON, ['#']),
  'python-http-client': (source) => literals(source, PYTHON, ['#']),
  'java-okhttp': (source) => literals(source, JAVA),
  'java-unirest': (source) => literals(source, JAVA),
  'java-asynchttp': (source) => literals(source, JAVA),
  // C#: raw """…""" (no escapes), verbatim @"…" ("" for a quote), regular "…".
  csharp: (source) => literals(source, [{ open: '"""' }, { open: '@"', close: '"', escape: 'double' }, { open: '"', escape: '\\' }]),
  fsharp: (source) => literals(source, [{ open: '"""' }, { open: '"', escape: '\\' }]),
  // PHP: '…' reads no variables; "…" does.
  php: (source) =>
    literals(
      source,
      [
        { open: "'", escape: '\\' },
        { open: '"', escape: '\\', interpolation: ['$', '{$'] },
      ],
      ['//', '#'],
    ),
  ruby: (source) =>
    literals(
      source,
      [
        { open: "'", escape: '\\' },
        { open: '"', escape: '\\', interpolation: ['#{', '#$', '#@'] },
      ],
      ['#'],
    ),
  // Swift: raw #"""…"""# (with as many #), multi-line """…""" and "…", where \( runs code.
  swift: (source) => {
    const raw = /(#+)"""/.exec(source)?.[1];
    const quotes: Quote[] = raw ? [{ open: `${raw}"""`, close: `"""${raw}`, interpolation: [`\\${raw}`] }] : [];
    return literals(source, [...quotes, { open: '"""', escape: '\\', badEscapes: ['\\(pwned'] }, { open: '"', escape: '\\', badEscapes: ['\\(pwned'] }]);
  },
  // C: "…", where ??/ would read as a backslash (trigraphs).
  c: (source) => literals(source, [{ open: '"', escape: '\\', interpolation: ['??'] }]),
  // PowerShell: '…' ('' for a quote; the typographic single quotes close it too), "…" reads variables.
  powershell: (source) => literals(source, POWERSHELL, ['#']),
  'powershell-webrequest': (source) => literals(source, POWERSHELL, ['#']),
  julia: (source) =>
    literals(
      source,
      [
        { open: '"""', escape: '\\', interpolation: ['$'] },
        { open: '"', escape: '\\', interpolation: ['$'] },
      ],
      ['#'],
    ),
  ocaml: (source) => literals(source, [{ open: '"', escape: '\\' }], []),
};

/** Every "pwned" of the source sits inside one of the literals. */
function contained(source: string, literals: Span[]): string[] {
  const outside: string[] = [];
  for (let at = source.indexOf('pwned'); at >= 0; at = source.indexOf('pwned', at + 1)) {
    if (!literals.some((l) => l.start < at && at < l.end)) outside.push(source.slice(Math.max(0, at - 30), at + 10));
  }
  return outside;
}

describe('code samples of a hostile request', () => {
  for (const [kind, body] of Object.entries(BODIES)) {
    it(`offers ten languages, and keeps every value inside its string in each (${kind} body)`, () => {
      const { samples } = requestSamples(input(body));
      expect(samples.map((s) => s.label)).toEqual(['curl', 'JavaScript', 'Python', 'Go', 'Java', 'Kotlin', 'Rust', 'HTTPie', 'Wget', 'HTTP']);
      for (const sample of samples) {
        const code = sample.code;
        // Every client can send a JSON body: all ten carry the values.
        if (kind === 'json') expect(code, sample.label).toContain('pwned');
        if (!code.includes('pwned')) {
          // A client that cannot write this body says so and points to curl.
          expect(code, `${sample.label} ${kind}`).toMatch(/curl sample sends it/);
          continue;
        }
        if (['go', 'java', 'kotlin', 'rust'].includes(sample.lang)) {
          const literals = cLiterals(code);
          expect(contained(code, literals), `${sample.label} ${kind}`).toEqual([]);
          // Kotlin reads $name and ${…} inside any string: each $ is escaped.
          if (sample.lang === 'kotlin') for (const l of literals) expect(l.text, `${sample.label} ${kind}`).not.toMatch(/(?<!\\)\$[{A-Za-z_]/);
        } else if (['sh', 'httpie', 'wget'].includes(sample.lang)) {
          expect(contained(code, shellLiterals(code)), `${sample.label} ${kind}`).toEqual([]);
        } else if (sample.lang === 'http') {
          // The raw request: the value cannot start a header line of its own.
          const head = code.split('\n\n')[0] ?? '';
          expect(
            head
              .split('\n')
              .filter((line) => /^[A-Za-z-]+: /.test(line))
              .map((line) => line.split(':')[0]),
          ).not.toContain('pwned');
        }
      }
    });
  }

  for (const [kind, body] of Object.entries(BODIES)) {
    it(`keeps every value inside its string in each language of the menu written in the browser (${kind} body)`, () => {
      const { request } = requestSamples(input(body));
      expect(MORE_CLIENTS.map((c) => c.lang).sort()).toEqual(Object.keys(LITERALS).sort());
      for (const client of MORE_CLIENTS) {
        const { code } = codeSample(client, request);
        if (kind === 'json') expect(code, client.label).toContain('pwned');
        if (!code.includes('pwned')) {
          expect(code, `${client.label} ${kind}`).toMatch(/curl sample sends it/);
          continue;
        }
        const scan = LITERALS[client.lang];
        expect(scan, client.label).toBeDefined();
        expect(contained(code, scan!(code)), `${client.label} ${kind}`).toEqual([]);
      }
    });
  }

  it('HTTPie: a header value read as a file or as JSON is escaped; one it cannot pass as written points to curl', () => {
    const withHeader = (value: string): RequestInput => ({
      ...input(undefined),
      params: [{ spec: { name: 'X-Client', in: 'header', required: true, style: 'simple', explode: false, shape: 'scalar' }, value }],
    });
    const httpie = (value: string) => requestSamples(withHeader(value)).samples.find((s) => s.label === 'HTTPie')?.code ?? '';
    expect(httpie('@~/.file')).toContain(`'X-Client:\\@~/.file'`);
    expect(httpie('=@~/.file')).toContain(`'X-Client:\\=\\@~/.file'`);
    expect(httpie('a\\:b')).toBe(
      'This request has a value HTTPie cannot pass as written (the X-Client header: a backslash before ":", ";", "@" or "="): the curl sample sends it.',
    );
  });

  it('Java: the URI holds no character java.net.URI refuses, placeholders and a {} query value included', () => {
    const request: RequestInput = {
      ...input(undefined),
      params: [
        { spec: { name: 'id', in: 'path', required: true, style: 'simple', explode: false, shape: 'scalar' }, value: '{id}' },
        { spec: { name: 'q', in: 'query', required: true, style: 'form', explode: true, shape: 'scalar' }, value: '{}{petId}<API_KEY>' },
      ],
    };
    const java = requestSamples(request).samples.find((s) => s.label === 'Java')?.code ?? '';
    const uri = /URI\.create\("([^"]*)"\)/.exec(java)?.[1];
    expect(uri).toBe('http://127.0.0.1:9/api/things/%7Bid%7D?q=%7B%7D%7BpetId%7D%3CAPI_KEY%3E');
  });

  it('Kotlin: a form feed in a text body is written as an escape Kotlin knows', () => {
    const kotlin = requestSamples(input({ kind: 'text', mediaType: 'text/plain', text: 'a\fb\\fc' })).samples.find((s) => s.label === 'Kotlin')?.code ?? '';
    expect(kotlin).toContain('"a\\u000Cb\\\\fc"');
  });

  it('writes the key the reader entered where the scheme sends it', () => {
    const withKey = (secret: string): RequestInput => ({
      ...input(undefined),
      auth: [{ scheme: { name: 'bearer', kind: 'bearer', credential: credentialOf({ type: 'http', scheme: 'bearer' }) }, values: { secret } }],
    });
    const [curlWith] = requestSamples(withKey('s3cret')).samples;
    expect(curlWith?.code).toContain('Authorization: Bearer s3cret');
    expect(curlWith?.code).not.toContain('<API_KEY>');
  });
});
