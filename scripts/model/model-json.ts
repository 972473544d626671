// The model as JSON text, as JSON.stringify writes it, for the preview's saves one after another: the
// operations and the schemas' nodes and examples a save took from the last model (reuse.ts) are the
// same objects, and their text is written once (a fifth of a second of GitHub's API on every save).
// Written by hand because the text must be JSON.stringify's to the byte; a test compares the two.
import type { ApiModel } from './types.ts';

/** Writes models, keeping the text of the parts a later model may share with this one. */
export function createModelWriter(): (model: ApiModel) => string {
  let texts = new WeakMap<object, string>();
  return (model) => {
    const kept = new WeakMap<object, string>();
    const part = (value: unknown): string => {
      // As JSON.stringify writes an array's item it cannot write.
      if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
      const text = texts.get(value) ?? kept.get(value) ?? JSON.stringify(value);
      kept.set(value, text);
      return text;
    };
    const members = (object: object, write: (key: string, value: unknown) => string): string => {
      const out: string[] = [];
      for (const [key, value] of Object.entries(object)) {
        // As JSON.stringify: a member whose value it does not write is left out.
        if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
        out.push(`${JSON.stringify(key)}:${write(key, value)}`);
      }
      return `{${out.join(',')}}`;
    };
    const list = (items: unknown[], write: (item: unknown) => string): string => `[${items.map(write).join(',')}]`;
    const text = members(model, (key, value) => {
      if ((key === 'operations' || key === 'webhooks') && Array.isArray(value)) return list(value, part);
      if (key === 'schemas' && Array.isArray(value)) {
        return list(value, (entry) =>
          entry !== null && typeof entry === 'object'
            ? members(entry, (field, v) => (field === 'schema' || field === 'example' ? part(v) : JSON.stringify(v)))
            : (JSON.stringify(entry) ?? 'null'),
        );
      }
      return JSON.stringify(value);
    });
    // Only this model's parts are kept for the next.
    texts = kept;
    return text;
  };
}
