// YAML aliases make a parsed document share nodes: `*a` is the very object anchored as `&a`.
// Nine levels of nine aliases are half a kilobyte of text and a third of a billion nodes to anything
// that walks the result (the bundler, the model, JSON output). The size the document would have
// with every alias written out is computed here once per shared node, before anything walks it.
import { MAX_ALIAS_EXPANSION_BYTES } from '../limits.ts';

// An alias is `*name` after a space, a line start or a flow indicator, naming an anchor `&name` written
// the same way. Text without such a pair (every JSON file, most YAML) needs no walk; text that merely
// looks like it (`*.txt` and `&amp;` in a description) is walked, which is slower and still right.
const NAME = /^[^\s,[\]{}]+/;

/** The name after a `*` or `&` at `at`, when that character starts an alias or an anchor. */
function nameAt(text: string, at: number): string | undefined {
  const before = text[at - 1] ?? '\n';
  if (!/[\s[{,]/.test(before)) return undefined;
  const match = NAME.exec(text.slice(at + 1, at + 257));
  return match?.[0] || undefined;
}

interface Alias {
  name: string;
  index: number;
}

function aliasMatches(text: string): Alias | undefined {
  // The first few names used as aliases, in order; an anchor for one of them is looked up directly.
  // indexOf, not a regular expression over the whole text: a large JSON description has many `*`.
  const candidates = new Map<string, Alias>();
  for (let at = text.indexOf('*'); at !== -1 && candidates.size <= 16; at = text.indexOf('*', at + 1)) {
    const name = nameAt(text, at);
    if (name && !candidates.has(name)) candidates.set(name, { name, index: at });
  }
  if (candidates.size === 0) return undefined;
  if (candidates.size <= 16) {
    // `&name` anywhere is enough to look closer: at worst a description is walked that did not need it.
    for (const [name, alias] of candidates) if (text.includes(`&${name}`)) return alias;
    return undefined;
  }
  const anchors = new Set<string>();
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) {
    const name = nameAt(text, at);
    if (name) anchors.add(name);
  }
  for (let at = text.indexOf('*'); at !== -1; at = text.indexOf('*', at + 1)) {
    const name = nameAt(text, at);
    if (name && anchors.has(name)) return { name, index: at };
  }
  return undefined;
}

export function mayHaveAliases(text: string): boolean {
  return aliasMatches(text) !== undefined;
}

/** Approximate JSON size of `root` with every shared node counted each time it appears, and counted once. */
export function expansion(root: unknown): { expanded: number; unique: number } {
  const memo = new Map<object, number>();
  // A node inside itself (possible in objects made by code, not by a YAML parser) counts once.
  const open = new Set<object>();
  let unique = 0;
  const scalar = (value: unknown): number => (typeof value === 'string' ? value.length + 2 : 5);
  // Post-order without recursion: a hostile document may nest deeper than the call stack.
  const stack: { node: object; entered: boolean }[] = [];
  const push = (value: unknown): void => {
    if (value !== null && typeof value === 'object' && !memo.has(value) && !open.has(value)) stack.push({ node: value, entered: false });
  };
  push(root);
  while (stack.length > 0) {
    const top = stack.at(-1)!; // the loop runs while the stack is not empty
    if (memo.has(top.node)) {
      stack.pop();
      continue;
    }
    const entries = Array.isArray(top.node) ? top.node.map((v, i) => [String(i), v] as const) : Object.entries(top.node);
    if (!top.entered) {
      if (open.has(top.node)) {
        stack.pop();
        continue;
      }
      top.entered = true;
      open.add(top.node);
      for (const [, value] of entries) push(value);
      continue;
    }
    stack.pop();
    open.delete(top.node);
    let size = 2;
    let own = 2;
    for (const [key, value] of entries) {
      const keySize = Array.isArray(top.node) ? 1 : key.length + 3;
      const valueSize = value !== null && typeof value === 'object' ? (memo.get(value) ?? 0) : scalar(value);
      size += keySize + valueSize;
      own += keySize + (value !== null && typeof value === 'object' ? 0 : valueSize);
    }
    memo.set(top.node, size);
    unique += own;
  }
  const expanded = root !== null && typeof root === 'object' ? (memo.get(root) ?? 0) : scalar(root);
  return { expanded, unique: root !== null && typeof root === 'object' ? unique : expanded };
}

/** Line and column of the first alias in `text`, where a writer looks for the expansion. */
export function firstAlias(text: string): { line: number; col: number } {
  const alias = aliasMatches(text);
  if (!alias) return { line: 1, col: 1 };
  const before = text.slice(0, alias.index);
  return { line: before.split('\n').length, col: alias.index - before.lastIndexOf('\n') };
}

/** Why `parsed` (the text of `file`) must not be used, or undefined when its aliases stay within bounds. */
export function aliasProblem(text: string, parsed: unknown): string | undefined {
  if (!mayHaveAliases(text)) return undefined;
  const { expanded, unique } = expansion(parsed);
  if (expanded - unique <= MAX_ALIAS_EXPANSION_BYTES) return undefined;
  const mb = (n: number): string => (n >= 2 ** 30 ? `${(n / 2 ** 30).toPrecision(3)} GB` : `${(n / 2 ** 20).toPrecision(3)} MB`);
  return `YAML aliases expand this file to about ${mb(expanded)} (the most aliases may add is ${mb(MAX_ALIAS_EXPANSION_BYTES)}): it was not loaded`;
}
