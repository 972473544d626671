// The encoding rules every code sample and client shares: each value reaches the server as
// written, and nothing in a URL, header or string can end the literal it is written in.
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codeSafeUrl,
  cookieProblem,
  headerProblem,
  httpieValue,
  jsStringContent,
  pythonBytesContent,
  strictUri,
} from '../../../site/src/lib/request-encoding.ts';
import { shellQuote, shellWord } from '../../../scripts/reference/shell-quote.ts';

const HOSTILE = [
  `'+require('fs')+'`,
  '"+__import__("os").system("x")+"',
  '`cmd` ${x} $(cmd)',
  'back\\slash\\',
  'line\nbreak\r\n',
  "'; import os; os.system('x') #",
  'a/b?c=d&e#f g+h%zz',
  'nul\u0000 del\u007f ls\u2028 ps\u2029',
  'é ü 😀 \ud800 lone',
];

// Every character a URL written in code may hold: none ends or interpolates a string in any language.
const CODE_SAFE = /^[A-Za-z0-9\-._~:/?&=@+,;!*%{}[\]]*$/;

describe('URLs', () => {
  it('makes any URL safe inside a string literal, keeping what is already encoded and its meaning', () => {
    for (const value of HOSTILE) {
      const url = codeSafeUrl(`https://example.com/${value}?q=${value}`);
      expect(url).toMatch(CODE_SAFE);
      expect(url.startsWith('https://example.com/')).toBe(true);
    }
    expect(codeSafeUrl('https://example.com/a%20b/%zz')).toBe('https://example.com/a%20b/%25zz');
    expect(codeSafeUrl('http://[::1]:8080/{id}')).toBe('http://[::1]:8080/{id}');
    expect(codeSafeUrl('http://x/{a b}[<script>]')).toBe('http://x/%7Ba%20b%7D%5B%3Cscript%3E%5D');
  });

  it('never starts a URL with a dash, which a command line would read as an option', () => {
    expect(codeSafeUrl('-o/etc/passwd')).toBe('%2Do/etc/passwd');
  });
});

describe('headers and cookies', () => {
  it('accepts token names and values without control characters', () => {
    expect(headerProblem('X-Rate_Limit.v2', 'any "text", with; punctuation\tand tab')).toBeUndefined();
  });

  it('names a line break, another control character or an invalid name', () => {
    expect(headerProblem('X-Note', 'a\r\nX-Injected: yes')).toMatch(/X-Note header has a line break/);
    expect(headerProblem('X-Note', 'a\nb')).toMatch(/line break/);
    expect(headerProblem('X-Note', 'a\u0000b')).toMatch(/control character/);
    expect(headerProblem('X Note', 'v')).toBe(`"X Note" is not a valid header name: a name has letters, digits and !#$%&'*+-.^_\`|~ only`);
    expect(headerProblem('X-Note\n', 'v')).toMatch(/^"X-Note\\n" is not a valid header name/);
    expect(headerProblem('@file', 'v')).toMatch(/not a valid header name/);
    expect(headerProblem('', 'v')).toMatch(/not a valid header name/);
  });

  it('refuses cookie names that are not tokens', () => {
    expect(cookieProblem('session')).toBeUndefined();
    expect(cookieProblem('a=b')).toMatch(/not a valid cookie name/);
  });
});

describe('string literals', () => {
  it('JavaScript: the escaped text between single quotes evaluates to the text', () => {
    for (const value of HOSTILE) {
      const marker: string[] = [];
      expect(runInNewContext(`'${jsStringContent(value)}'`, { require: () => marker.push('ran') })).toBe(value);
      expect(marker).toEqual([]);
    }
  });

  it('Python bytes: printable ASCII as is, everything else as \\x escapes of its UTF-8 bytes', () => {
    expect(pythonBytesContent('a"b\\c')).toBe('a\\x22b\\x5cc');
    expect(pythonBytesContent('é\n')).toBe('\\xc3\\xa9\\x0a');
    for (const value of HOSTILE) {
      const content = pythonBytesContent(value);
      expect(content).toMatch(/^[\x20-\x7e]*$/);
      expect(content).not.toMatch(/(?<!\\)"/);
      // Decoding the escapes gives the text's UTF-8 bytes back.
      const bytes = Buffer.from(
        content.replace(/\\x([0-9a-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      );
      expect(bytes.equals(Buffer.from(value, 'utf8'))).toBe(true);
    }
  });

  it('shell: single quotes with each quote closed, escaped and reopened', () => {
    expect(shellQuote("it's $(x) `y`")).toBe(`'it'\\''s $(x) \`y\`'`);
    // A plain word (a URL, a path) is written as it is; anything a shell reads is quoted.
    expect(shellWord('http://127.0.0.1:4010/pets')).toBe('http://127.0.0.1:4010/pets');
    expect(shellWord('Authorization: Bearer any-key')).toBe(`'Authorization: Bearer any-key'`);
    expect(shellWord("a'b")).toBe(`'a'\\''b'`);
  });
});

/**
 * How HTTPie 3.2 reads a request item (httpie/cli/argtypes.py, KeyValueArgType): backslashes taken
 * in pairs, `\\` before `:`, `;`, `@` or `=` makes it plain, and the item splits at the first
 * separator, the longest one there. The e2e code-samples test runs the real HTTPie.
 */
function httpieItem(item: string): { key: string; sep: string; value: string } {
  const separators = [':', ';', ':@', '==', '==@', '=', ':=', '@', '=@', ':=@'].sort((a, b) => a.length - b.length);
  const tokens: (string | { escaped: string })[] = [];
  let current = '';
  for (let i = 0; i < item.length; i++) {
    const char = item[i] ?? '';
    const next = char === '\\' ? (item[++i] ?? '') : undefined;
    if (next === undefined) current += char;
    else if (next !== '' && ':;@='.includes(next)) {
      tokens.push(current, { escaped: next });
      current = '';
    } else current += `\\${next}`;
  }
  tokens.push(current);
  const text = (t: string | { escaped: string }) => (typeof t === 'string' ? t : t.escaped);
  for (const [i, token] of tokens.entries()) {
    if (typeof token !== 'string') continue;
    const found = new Map<number, string>();
    for (const sep of separators) if (token.includes(sep)) found.set(token.indexOf(sep), sep);
    if (found.size === 0) continue;
    const sep = found.get(Math.min(...found.keys()))!;
    const at = token.indexOf(sep);
    const key = tokens.slice(0, i).map(text).join('') + token.slice(0, at);
    return {
      key,
      sep,
      value:
        token.slice(at + sep.length) +
        tokens
          .slice(i + 1)
          .map(text)
          .join(''),
    };
  }
  throw new Error(`${item} is not a request item`);
}

describe('HTTPie header items', () => {
  it('sends a value a client would read as a file or JSON as the text it is', () => {
    for (const value of ['@~/.file', '=@/etc/passwd', '={"a":1}', '==@x', ':@y', ';z', 'a:b=c;d@e', ...HOSTILE.map((v) => v.replace(/[\r\n]/g, ' '))]) {
      const escaped = httpieValue(value);
      if (escaped === undefined) continue;
      expect(httpieItem(`X-Client:${escaped}`), value).toEqual({ key: 'X-Client', sep: ':', value });
    }
    expect(httpieItem('X-Client:@~/.file').sep).toBe(':@');
    expect(httpieItem('X-Client:=@x').sep).toBe(':=@');
  });

  it('gives every value back exactly, or says it cannot (an odd run of backslashes before a separator)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\\', ':', ';', '@', '=', ' ', 'é'), maxLength: 12 }), (value) => {
        const escaped = httpieValue(value);
        if (escaped === undefined) expect(value).toMatch(/(?<!\\)(?:\\\\)*\\[:;@=]/);
        else expect(httpieItem(`X-Client:${escaped}`)).toEqual({ key: 'X-Client', sep: ':', value });
      }),
      { numRuns: 2000 },
    );
    expect(httpieValue('a\\:b')).toBeUndefined();
    expect(httpieValue('a\\\\:b')).toBe('a\\\\\\:b');
  });
});

describe('URLs java.net.URI parses', () => {
  // RFC 2396's characters, `%` only before two hex digits, brackets only around an IPv6 host.
  const RFC_2396 =
    /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:\[[0-9A-Fa-f:.]+\]|(?:[A-Za-z0-9\-_.!~*'();&=+$,]|%[0-9A-Fa-f]{2})*)(?::\d+)?)?(?:[A-Za-z0-9\-_.!~*'();/?:@&=+$,]|%[0-9A-Fa-f]{2})*$/;

  it('encodes placeholders, braces and brackets, and keeps what the server receives', () => {
    // As the samples get them: the request's URL made safe for code (snippets.ts).
    const urls = [
      codeSafeUrl('http://[::1]:8080/v1/pets/{petId}?q=%7B%7D&api_key=<API_KEY>'),
      codeSafeUrl('https://{region}.example.com/pets'),
      ...HOSTILE.map((value) =>
        codeSafeUrl(`https://api.example.com/{tenant}/things/${encodeURIComponent(value.toWellFormed())}/{id}?${new URLSearchParams([[value, value]])}`),
      ),
    ];
    for (const url of urls) {
      const strict = strictUri(url);
      expect(strict, url).toMatch(RFC_2396);
      expect(decodeURIComponent(strict)).toBe(decodeURIComponent(url));
    }
    expect(strictUri('http://[::1]:8080/pets/{petId}?k=<API_KEY>')).toBe('http://[::1]:8080/pets/%7BpetId%7D?k=%3CAPI_KEY%3E');
  });
});
