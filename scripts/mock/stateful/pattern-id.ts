// A new text id that matches its schema's `pattern` (`^ORD-\d{6}$`, `^[a-z]{2}_[0-9a-f]{8}$`):
// the sequence number written into the pattern's character classes from the right, so ids are
// readable, in order and unique while the classes have room (`ORD-000043`). Hand-written: the
// samplers at hand either ignore patterns or draw at random (and an id must never repeat). A
// pattern with groups or alternatives is not written; the caller falls back and says so.
import { linearPattern } from '../../model/contract/linear-pattern.ts';
import { RE2JS } from 're2js';

interface Atom {
  /** The characters this position may take, in order; one for a literal. */
  chars: string;
  min: number;
}

const CLASS_ESCAPES: Record<string, string> = {
  d: '0123456789',
  w: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz',
  s: ' ',
};

/** `a-z0-9_` inside brackets, as the characters it allows (negated classes are not written). */
function classChars(body: string): string | undefined {
  if (body.startsWith('^')) return undefined;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    let c = body[i]!;
    if (c === '\\') {
      const next = body[++i] ?? '';
      if (CLASS_ESCAPES[next]) {
        out += CLASS_ESCAPES[next];
        continue;
      }
      c = next;
    }
    if (body[i + 1] === '-' && i + 2 < body.length) {
      const end = body[i + 2]!;
      for (let code = c.charCodeAt(0); code <= end.charCodeAt(0) && code - c.charCodeAt(0) < 256; code++) out += String.fromCharCode(code);
      i += 2;
    } else out += c;
  }
  return [...new Set(out)].sort().join('') || undefined;
}

/** The pattern as positions, each with its characters and how often it repeats at least; undefined for what is not written. */
function atoms(pattern: string): Atom[] | undefined {
  const text = pattern.replace(/^\^/, '').replace(/\$$/, '');
  const out: Atom[] = [];
  for (let i = 0; i < text.length; ) {
    let chars: string | undefined;
    const c = text[i]!;
    if ('()|'.includes(c)) return undefined;
    if (c === '[') {
      const end = text.indexOf(']', i + 2);
      if (end < 0) return undefined;
      chars = classChars(text.slice(i + 1, end));
      i = end + 1;
    } else if (c === '\\') {
      const next = text[i + 1] ?? '';
      chars = CLASS_ESCAPES[next] ?? (/[A-Za-z]/.test(next) ? undefined : next);
      i += 2;
    } else if (c === '.') {
      chars = CLASS_ESCAPES.w;
      i++;
    } else {
      chars = c;
      i++;
    }
    if (chars === undefined) return undefined;
    let min = 1;
    const q = /^(?:\{(\d{1,3})(?:,(\d{0,3}))?\}|([+*?]))/.exec(text.slice(i));
    if (q) {
      min = q[3] === '+' ? 1 : q[3] ? 0 : Number(q[1]);
      // An open repeat (`+`, `*`, `{2,}`) takes at least one, so a number has somewhere to go.
      if (q[3] === '+' || q[3] === '*' || (q[2] === '' && min === 0)) min = Math.max(min, 1);
      i += q[0].length;
    }
    for (let n = 0; n < min; n++) out.push({ chars, min: 1 });
  }
  return out;
}

/** The sequence number written into the pattern, or undefined when it cannot be (or the result would not match). */
export function idFromPattern(pattern: string, sequence: number): string | undefined {
  if (!linearPattern(pattern).ok) return undefined;
  const positions = atoms(pattern);
  if (!positions) return undefined;
  let rest = sequence;
  const chars = positions.map((a) => a.chars[0]!);
  // From the right, each class position a digit of the number in its own base.
  for (let i = positions.length - 1; i >= 0 && rest > 0; i--) {
    const alphabet = positions[i]!.chars;
    if (alphabet.length < 2) continue;
    chars[i] = alphabet[rest % alphabet.length]!;
    rest = Math.floor(rest / alphabet.length);
  }
  const id = chars.join('');
  if (rest > 0) return undefined;
  return RE2JS.compile(pattern).matcher(id).find() ? id : undefined;
}
