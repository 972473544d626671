// Example values as display text. Large examples (GitHub's run to hundreds of KB) are cut
// at a line boundary so one response cannot dominate a page's weight.
export const EXAMPLE_LIMIT = 8 * 1024;

export interface ExampleText {
  text: string;
  truncated: boolean;
  /** Size of the full text, in bytes of UTF-16 code units (close enough for a note). */
  fullLength: number;
}

// By value and limit: a page cuts an example at 8 KB, its Markdown twin and llms-full.txt at 2 KB.
const cache = new WeakMap<object, Map<number, ExampleText>>();

export function exampleText(value: unknown, limit = EXAMPLE_LIMIT): ExampleText {
  if (typeof value === 'object' && value !== null) {
    let byLimit = cache.get(value);
    if (!byLimit) cache.set(value, (byLimit = new Map()));
    const hit = byLimit.get(limit);
    if (hit) return hit;
    const result = cut(JSON.stringify(value, null, 2) ?? 'null', limit);
    byLimit.set(limit, result);
    return result;
  }
  // A string example is shown as written (XML, CSV, plain text), not as a JSON string literal.
  return cut(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)), limit);
}

function cut(text: string, limit: number): ExampleText {
  if (text.length <= limit) return { text, truncated: false, fullLength: text.length };
  const end = text.lastIndexOf('\n', limit);
  return { text: `${text.slice(0, end > limit / 2 ? end : limit)}\n...`, truncated: true, fullLength: text.length };
}

export function sizeText(length: number): string {
  return length >= 1024 * 1024 ? `${(length / 1024 / 1024).toFixed(1)} MB` : `${Math.round(length / 1024)} KB`;
}
