// Schema `pattern`s (ECMA-262 regular expressions, read with the `u` flag as
// ajv reads them) on RE2's linear-time engine (re2js, pure JavaScript), so no
// value can make a check take longer than its length: what RE2 can express is
// translated to its syntax with the same meaning; what it cannot (lookarounds,
// backreferences) is reported as unchecked, with the reason.
// Hand-written translation: re2js's own `translateRegExp` keeps ECMA-262's
// differences (`.`, `\s`, `[^]`) and lets lookaheads through to fail later.
import { RE2JS } from 're2js';

export type PatternCheck = { ok: true; source: string; regexp: RE2JS } | { ok: false; reason: string };

/** ECMA-262's `\s`: WhiteSpace and LineTerminator, as code point ranges. */
const SPACE: [number, number][] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const MAX_CODE_POINT = 0x10ffff;

const hex = (cp: number) => `\\x{${cp.toString(16)}}`;
const ranges = (list: [number, number][]) => list.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');

function complement(list: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [a, b] of list) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

const SPACE_IN_CLASS = ranges(SPACE);
const NOT_SPACE_IN_CLASS = ranges(complement(SPACE));
/** ECMA-262's `.` without the `s` flag: anything but its four line terminators (RE2's excludes `\n` only). */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';
const ANY = `[\\x{0}-\\x{10ffff}]`;
const PROPERTY_PREFIX = /^(?:General_Category|gc|Script|sc)=/;

class Unsupported extends Error {}

/** The RE2 spelling of an escape after its backslash at `i`; advances past it. */
function translateEscape(p: string, start: number, inClass: boolean): { text: string; end: number } {
  // A pattern ending in a lone backslash is refused before it gets here (new RegExp throws).
  const c = p[start] ?? '';
  const after = start + 1;
  switch (c) {
    case 'd':
    case 'D':
    case 'w':
    case 'W':
      return { text: `\\${c}`, end: after };
    case 's':
      return { text: inClass ? SPACE_IN_CLASS : `[${SPACE_IN_CLASS}]`, end: after };
    case 'S':
      return { text: inClass ? NOT_SPACE_IN_CLASS : `[^${SPACE_IN_CLASS}]`, end: after };
    case 'b':
      return { text: inClass ? hex(8) : '\\b', end: after };
    case 'B':
      return { text: '\\B', end: after };
    case 't':
    case 'n':
    case 'r':
    case 'f':
    case 'v':
      return { text: `\\${c}`, end: after };
    case '0':
      return { text: hex(0), end: after };
    case 'k':
      throw new Unsupported('a backreference');
    case 'c':
      return { text: hex(p.charCodeAt(after) % 32), end: after + 1 };
    case 'x':
      return { text: hex(Number.parseInt(p.slice(after, after + 2), 16)), end: after + 2 };
    case 'u': {
      if (p[after] === '{') {
        const close = p.indexOf('}', after);
        return { text: hex(Number.parseInt(p.slice(after + 1, close), 16)), end: close + 1 };
      }
      const unit = Number.parseInt(p.slice(after, after + 4), 16);
      // A surrogate pair written as two escapes is one code point; a lone surrogate matches nothing RE2 can see.
      if (unit >= 0xd800 && unit <= 0xdbff && p.slice(after + 4, after + 6) === '\\u') {
        const low = Number.parseInt(p.slice(after + 6, after + 10), 16);
        if (low >= 0xdc00 && low <= 0xdfff) return { text: hex(0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00)), end: after + 10 };
      }
      if (unit >= 0xd800 && unit <= 0xdfff) throw new Unsupported('a lone surrogate');
      return { text: hex(unit), end: after + 4 };
    }
    case 'p':
    case 'P': {
      const close = p.indexOf('}', after);
      const name = p.slice(after + 1, close).replace(PROPERTY_PREFIX, '');
      return { text: `\\${c}{${name}}`, end: close + 1 };
    }
    default:
      if (c >= '1' && c <= '9') throw new Unsupported('a backreference');
      // Under `u` only syntax characters (and `-` in a class) may be escaped: each stands for itself.
      return { text: `\\${c}`, end: after };
  }
}

function translate(p: string): string {
  let out = '';
  let i = 0;
  let inClass = false;
  while (i < p.length) {
    const c = p[i]!; // i < p.length
    if (c === '\\') {
      const { text, end } = translateEscape(p, i + 1, inClass);
      out += text;
      i = end;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      // Letters and digits stand for themselves; other characters are escaped, RE2 reads `[:` and `[` in classes apart.
      out += c === ']' || c === '-' || c === '^' || /[\p{L}\p{N}]/u.test(c) ? c : c.charCodeAt(0) >= 0x80 ? c : `\\${c}`;
      i++;
      continue;
    }
    if (c === '[') {
      if (p.startsWith('[^]', i)) {
        out += ANY;
        i += 3;
      } else if (p.startsWith('[]', i)) {
        out += `[^${ANY.slice(1)}`;
        i += 2;
      } else {
        inClass = true;
        out += '[';
        i++;
        if (p[i] === '^') {
          out += '^';
          i++;
        }
      }
      continue;
    }
    if (c === '(' && p[i + 1] === '?') {
      const rest = p.slice(i + 2, i + 4);
      if (rest[0] === ':') {
        out += '(?:';
        i += 3;
      } else if (rest[0] === '=' || rest[0] === '!') throw new Unsupported('a lookahead');
      else if (rest === '<=' || rest === '<!') throw new Unsupported('a lookbehind');
      else if (rest[0] === '<') {
        out += '(?P<';
        i += 3;
      } else throw new Unsupported('a modifier group');
      continue;
    }
    out += c === '.' ? DOT : c;
    i++;
  }
  return out;
}

const cache = new Map<string, PatternCheck>();
/** Patterns come from documents; across many reloads the cache starts over rather than grow. */
const CACHE_LIMIT = 10_000;

/** The pattern on RE2, or why it cannot be: the mock checks the first kind and leaves the second unchecked. */
export function linearPattern(pattern: string): PatternCheck {
  const known = cache.get(pattern);
  if (known) return known;
  const result = check(pattern);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, result);
  return result;
}

function check(pattern: string): PatternCheck {
  try {
    // Compiling (never running) the ECMA-262 form first: the translation may then rely on its syntax being valid.
    new RegExp(pattern, 'u');
  } catch {
    return { ok: false, reason: 'it is not a valid ECMA-262 regular expression' };
  }
  let source: string;
  try {
    source = translate(pattern);
  } catch (error) {
    return { ok: false, reason: error instanceof Unsupported ? `RE2 has no ${error.message.replace(/^an? /, '')}` : 'it could not be translated to RE2' };
  }
  try {
    return { ok: true, source, regexp: RE2JS.compile(source) };
  } catch (error) {
    return { ok: false, reason: `RE2 cannot compile it (${String((error as Error).message).replace(/^error parsing regexp: /, '')})` };
  }
}
