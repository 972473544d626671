// The reading side of model-json.ts's deltas: the preview's pages and mock hold the last model a
// save gave them, and a new save's text names each part they hold already by a mark. The parts are
// shared between the two models, as the pages and the mock change nothing in a model.
import { forEachPart, type ModelDelta } from '../model/process/model-json.ts';
import type { ApiModel } from '../model/contract/types.ts';

export interface ModelReader {
  /** The model a delta describes; undefined when it is based on a model this reader does not hold (ask for the whole text). */
  read(delta: ModelDelta): ApiModel | undefined;
}

export function createModelReader(): ModelReader {
  let held: { id: number; parts: unknown[] } | undefined;
  return {
    read(delta) {
      if (delta.base !== undefined && delta.base !== held?.id) return undefined;
      const previous = delta.base === undefined ? [] : (held?.parts ?? []);
      const model = JSON.parse(delta.json) as ApiModel;
      const parts: unknown[] = [];
      let broken = false;
      forEachPart(model, (value, replace) => {
        const named = markedPlace(value, delta.mark);
        if (named === undefined) return void parts.push(value);
        // A mark past the parts held: this delta is not for this reader after all.
        if (named >= previous.length) broken = true;
        replace(previous[named]);
        parts.push(previous[named]);
      });
      if (broken) return undefined;
      held = { id: delta.id, parts };
      return model;
    },
  };
}

/** The place a mark names, if `value` is one: an object whose one key is the mark. */
function markedPlace(value: unknown, mark: string): number | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== mark) return undefined;
  const place = (value as Record<string, unknown>)[mark];
  return Number.isInteger(place) && (place as number) >= 0 ? (place as number) : undefined;
}
