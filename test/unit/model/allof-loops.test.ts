// Schemas that loop through `allOf` (A all of B, B all of A; S all of S) are
// merged for the try-it panel and the change report, and read for the portal's
// pages, in finite time: each reference met again adds nothing.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../../scripts/model/index.ts';
import { mergeSchema } from '../../../scripts/model/contract/schema-merge.ts';
import type { SchemaEntry } from '../../../scripts/model/contract/types.ts';
import { readable } from '../../../site/src/lib/schema-compose.ts';
import { ROOT } from '../../helpers/paths.ts';

const { model } = await buildModel(resolve(ROOT, 'test/mock/fixtures/hostile/allof-loops.yaml'), { lint: false, validate: false });
const byName = new Map<string, SchemaEntry>(model.schemas.map((s) => [s.name, s]));
const refs = {
  href: (name: string) => `/schemas/${name.toLowerCase()}/`,
  node: (name: string) => byName.get(name)?.schema,
  lookup: byName,
  enumHref: () => undefined,
};

describe('allOf loops', () => {
  it('merge into one node with every member’s fields', () => {
    expect(
      mergeSchema({ ref: 'A' }, byName)
        .properties?.map((p) => p.name)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(
      mergeSchema({ ref: 'B' }, byName)
        .properties?.map((p) => p.name)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(mergeSchema({ ref: 'S' }, byName).properties?.map((p) => p.name)).toEqual(['s']);
  });

  it('read as they are written on the portal’s pages', () => {
    for (const name of ['A', 'B', 'S', 'T', 'U']) {
      const node = byName.get(name)!.schema;
      expect(readable(node, refs), name).toBeDefined();
    }
  });
});
