// The model as JSON text for the preview's saves, one after another. The parts a save took from the
// last model (dev/save-reuse.ts: operations, webhooks, the schemas' nodes and examples) are the same objects,
// so their text is written once (a fifth of a second of GitHub's API on every save), and the pages'
// process is handed only what changed: each part it holds already is a mark naming it, and it takes
// its own copy (dev/model-delta.ts) instead of reading 17 MB again. Written by hand because the full text
// must be JSON.stringify's to the byte, and the delta must name parts by a walk both sides share;
// tests compare both with JSON.stringify.
import { randomUUID } from 'node:crypto';
import type { ApiModel } from '../contract/types.ts';

/** A model as text in which a part the reader holds already may stand as `{"<mark>": index}`. */
export interface ModelDelta {
  /** This model's number in its writer; the next delta's `base` when the reader took this one. */
  id: number;
  /** The model the marks refer to (its `id`), absent when the text is whole. */
  base?: number;
  /** The one key of a mark: random per writer, so no value of a description can look like one. */
  mark: string;
  json: string;
}

/** The positions of a model's parts, in the order both sides walk them (the model's own key order). */
export function forEachPart(model: object, visit: (value: unknown, replace: (value: unknown) => void) => void): void {
  const record = model as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (!Array.isArray(value)) continue;
    if (key === 'operations' || key === 'webhooks') {
      for (let i = 0; i < value.length; i++) {
        visit(value[i], (next) => {
          value[i] = next;
        });
      }
    } else if (key === 'schemas') {
      for (const entry of value) {
        if (entry === null || typeof entry !== 'object') continue;
        const fields = entry as Record<string, unknown>;
        for (const field of Object.keys(fields)) {
          if (field !== 'schema' && field !== 'example') continue;
          visit(fields[field], (next) => {
            fields[field] = next;
          });
        }
      }
    }
  }
}

/** Writes a model as JSON.stringify does, each part through `part`, in forEachPart's order. */
function writeModel(model: ApiModel, part: (value: unknown) => string): string {
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
  return members(model, (key, value) => {
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
}

/** As JSON.stringify writes a value (an array's item it cannot write is null). */
const plain = (value: unknown): string => JSON.stringify(value) ?? 'null';

export interface ModelWriter {
  /** The whole model's text, JSON.stringify's to the byte. */
  (model: ApiModel): string;
  /** The model's text with the parts of the last model given to `delta` as marks. */
  delta(model: ApiModel): ModelDelta;
}

/** Writes models, keeping the text of the parts a later model may share with this one. */
export function createModelWriter(): ModelWriter {
  let texts = new WeakMap<object, string>();
  // The parts of the last delta's model, by object, at their place in its walk.
  let places = new Map<object, number>();
  let last = 0;
  const mark = randomUUID();

  const write = (model: ApiModel): string => {
    const kept = new WeakMap<object, string>();
    const text = writeModel(model, (value) => {
      if (value === null || typeof value !== 'object') return plain(value);
      const part = texts.get(value) ?? kept.get(value) ?? plain(value);
      kept.set(value, part);
      return part;
    });
    // Only this model's parts are kept for the next.
    texts = kept;
    return text;
  };

  const delta = (model: ApiModel): ModelDelta => {
    const next = new Map<object, number>();
    let place = 0;
    const json = writeModel(model, (value) => {
      const here = place++;
      if (value === null || typeof value !== 'object') return plain(value);
      const known = places.get(value);
      if (!next.has(value)) next.set(value, here);
      return known === undefined ? (texts.get(value) ?? plain(value)) : `{${JSON.stringify(mark)}:${known}}`;
    });
    const base = last > 0 ? last : undefined;
    places = next;
    last += 1;
    return { id: last, ...(base === undefined ? {} : { base }), mark, json };
  };

  return Object.assign(write, { delta });
}
