// The ten code samples of one request whose every value tries to end its string: each value
// must stay inside a string literal of the sample's language, for the languages this machine
// cannot run (the e2e code-samples test runs curl, JavaScript and Python, and checks Go).
import { credentialOf } from '../../../scripts/model/credential.ts';
import { describe, expect, it } from 'vitest';
import { MORE_CLIENTS } from '../../../site/src/lib/more-snippets.ts';
import { requestSamples } from '../../../site/src/lib/request-samples.ts';
import { codeSample } from '../../../site/src/lib/snippets.ts';
import type { RequestInput } from '../../../site/src/scripts/try-it/types.ts';

// Closes a double-quoted string, a single-quoted one, a template, a heredoc or a shell word, then runs something.
const HOSTILE = `pwned"+run()+"'$(touch pwned)'\`touch pwned\`\${pwned()}#{pwned}\\"""#pwned\n"""pwned`;

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

/**
 * String literals of a language with backslash escapes: each of `quotes` opens one that the same
 * quote closes (a triple quote, where listed first, runs over lines); `interpolation` lists what
 * would run code inside one (JavaScript's `${` in a template): found unescaped, it throws.
 */
function escapedLiterals(source: string, quotes: string[], interpolation: Record<string, string> = {}): Span[] {
  const out: Span[] = [];
  let i = 0;
  while (i < source.length) {
    const quote = quotes.find((q) => source.startsWith(q, i));
    if (source.startsWith('//', i) || source[i] === '#') {
      i = source.includes('\n', i) ? source.indexOf('\n', i) : source.length;
      continue;
    }
    if (!quote) {
      i++;
      continue;
    }
    let j = i + quote.length;
    while (!source.startsWith(quote, j)) {
      if (j >= source.length || (quote.length === 1 && quote !== '`' && source[j] === '\n'))
        throw new Error(`unterminated string at ${i}: ${source.slice(i, i + 60)}`);
      const opener = interpolation[quote];
      if (opener && source.startsWith(opener, j)) throw new Error(`interpolation in a string at ${j}: ${source.slice(j, j + 30)}`);
      j += source[j] === '\\' ? 2 : 1;
    }
    out.push({ start: i, end: j + quote.length, text: source.slice(i + quote.length, j) });
    i = j + quote.length;
  }
  return out;
}

/** How to find each language's string literals, by the sample's `data-lang`. */
const LITERALS: Record<string, (source: string) => Span[]> = {
  node: (source) => escapedLiterals(source, ["'", '"', '`'], { '`': '${' }),
  'js-axios': (source) => escapedLiterals(source, ["'", '"', '`'], { '`': '${' }),
  'python-httpx': (source) => escapedLiterals(source, ['"""', "'''", '"', "'"]),
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
