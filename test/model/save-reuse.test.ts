// The preview's saves take what did not change from the last save's model (scripts/dev/save-reuse.ts):
// on real documents, after each kind of edit, the model and the problems are exactly those of a
// build from nothing, and what did not change is the very same object as before.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModel, type BuildResult } from '../../scripts/model/index.ts';
import { createModelReader } from '../../scripts/dev/model-delta.ts';
import { createModelWriter } from '../../scripts/model/process/model-json.ts';
import { SaveReuse } from '../../scripts/dev/save-reuse.ts';
import type { ApiModel } from '../../scripts/model/contract/types.ts';
import { ROOT } from '../helpers/paths.ts';
import { WAIT_MS } from '../helpers/wait.ts';

const FIRST_PASS = { lint: false, validate: false, firstPass: true } as const;
const EXAMPLES = join(ROOT, 'node_modules/@readme/oas-examples');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Json = Record<string, any>;
type Edit = { name: string; change: (document: Json) => boolean };

const tmp = mkdtempSync(join(tmpdir(), 'save-reuse-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function operations(document: Json): Json[] {
  return Object.values(document.paths ?? {}).flatMap((item: any) => METHODS.filter((m) => item?.[m]).map((m) => item[m]));
}

const EDITS: Edit[] = [
  {
    name: "an operation's summary",
    change: (d) => {
      const op = operations(d).at(-1);
      if (!op) return false;
      op.summary = `${op.summary ?? ''} (edited)`;
      return true;
    },
  },
  {
    name: 'a component schema',
    change: (d) => {
      // The one most referenced, its example changed: the examples of what refers to it change too.
      const schemas = Object.keys(d.components?.schemas ?? {});
      const text = JSON.stringify(d.paths ?? {}) + JSON.stringify(d.components ?? {});
      const uses = (name: string) => text.split(`"#/components/schemas/${name}"`).length;
      const name = schemas.sort((a, b) => uses(b) - uses(a))[0];
      if (!name || d.components.schemas[name].$ref) return false;
      d.components.schemas[name].description = 'Edited in a save.';
      d.components.schemas[name].example = { editedInASave: true };
      return true;
    },
  },
  {
    name: 'a response of the first operation',
    change: (d) => {
      const op = operations(d)[0];
      if (!op?.responses) return false;
      op.responses['418'] = {
        description: "I'm a teapot",
        content: { 'application/json': { schema: { type: 'object', properties: { brew: { type: 'string' } } } } },
      };
      return true;
    },
  },
  {
    name: 'the info',
    change: (d) => {
      d.info.description = 'Edited in a save.';
      return true;
    },
  },
  {
    name: 'a new operation, with an operationId',
    change: (d) => {
      d.paths ??= {};
      d.paths['/edited-in-a-save'] = { get: { operationId: 'editedInASave', summary: 'Added', responses: { '200': { description: 'OK' } } } };
      return true;
    },
  },
  { name: 'nothing', change: () => true },
];

/** The build with reuse and the one from nothing, as JSON (the model's and the problems' every field, in order). */
/** How many of `next`'s parts (operations, webhooks, the schemas' nodes and examples) are objects of `previous`'s. */
function sharedParts(previous: ApiModel, next: ApiModel): number {
  const parts = (model: ApiModel): unknown[] => [...model.operations, ...model.webhooks, ...model.schemas.flatMap((entry) => [entry.schema, entry.example])];
  const before = new Set<unknown>(parts(previous).filter((part) => part !== null && typeof part === 'object'));
  return parts(next).filter((part) => before.has(part)).length;
}

async function bothWays(spec: string, reuse: SaveReuse): Promise<{ reused: BuildResult; fresh: string; again: string }> {
  const reused = await buildModel(spec, { ...FIRST_PASS, earlier: reuse });
  const fresh = await buildModel(spec, FIRST_PASS);
  return { reused, fresh: JSON.stringify([fresh.model, fresh.diagnostics]), again: JSON.stringify([reused.model, reused.diagnostics]) };
}

const documents: string[] = [
  ...['callbacks', 'circular', 'discriminators', 'parameters-common', 'readme-extensions', 'response-examples', 'schema-circular', 'server-path-level'].map(
    (n) => join(EXAMPLES, `3.0/json/${n}.json`),
  ),
  ...['webhooks', 'train-travel', 'schema-validation-top-level'].map((n) => join(EXAMPLES, `3.1/json/${n}.json`)),
  join(ROOT, 'node_modules/@scalar/galaxy/dist/3.1.json'),
  join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json'),
];

describe('a save builds what a build from nothing builds', () => {
  it.each(documents.map((path) => [relative(ROOT, path), path]))(
    '%s, after each kind of edit',
    async (_name, source) => {
      const spec = join(tmp, `${documents.indexOf(source)}.json`);
      const document = JSON.parse(readFileSync(source, 'utf8')) as Json;
      writeFileSync(spec, JSON.stringify(document, null, 2));
      const reuse = new SaveReuse();
      const write = createModelWriter();
      const reader = createModelReader();
      let previous = await buildModel(spec, { ...FIRST_PASS, earlier: reuse });
      expect(write(previous.model)).toBe(JSON.stringify(previous.model));
      expect(reader.read(write.delta(previous.model))).toEqual(JSON.parse(JSON.stringify(previous.model)));
      for (const edit of EDITS) {
        if (!edit.change(document)) continue;
        writeFileSync(spec, JSON.stringify(document, null, 2));
        const { reused, fresh, again } = await bothWays(spec, reuse);
        expect(again, edit.name).toBe(fresh);
        // The text the pages read, written from the parts kept from the last save: JSON.stringify's to the byte.
        expect(write(reused.model), edit.name).toBe(JSON.stringify(reused.model));
        // And what the pages' process makes of what changed since the last save: the same model.
        const delta = write.delta(reused.model);
        expect(reader.read(delta), edit.name).toEqual(JSON.parse(JSON.stringify(reused.model)));
        // Each part it still holds is named, not written: on a large API an operation's edit is a small text.
        expect(delta.json.split(delta.mark).length - 1, edit.name).toBe(sharedParts(previous.model, reused.model));
        if (edit.name === "an operation's summary" && reused.model.operations.length > 1000)
          expect(delta.json.length, edit.name).toBeLessThan(JSON.stringify(reused.model).length / 20);
        // What an edit of an operation leaves alone is taken from the last model (large documents have no source positions to add).
        if (edit.name === "an operation's summary" && previous.model.schemas[0] && reused.model.schemas[0]) {
          expect(reused.model.schemas[0].schema, edit.name).toBe(previous.model.schemas[0].schema);
        }
        // A component edited: what does not reach it is taken from the last model, what does is made again.
        if (edit.name === 'a component schema' && previous.model.schemas.length > 20) {
          const kept = reused.model.schemas.filter((entry, i) => entry.schema === previous.model.schemas[i]?.schema).length;
          expect(kept, edit.name).toBeGreaterThan(0);
          expect(kept, edit.name).toBeLessThan(reused.model.schemas.length);
        }
        previous = reused;
      }
      // GitHub's API built three times after each edit: minutes on two busy cores.
    },
    10 * WAIT_MS,
  );

  it('an operation that refers into another operation follows its edit', async () => {
    const spec = join(tmp, 'cross.json');
    const document: Json = {
      openapi: '3.0.3',
      info: { title: 'Cross', version: '1' },
      paths: {
        '/a': {
          get: {
            operationId: 'a',
            parameters: [{ name: 'q', in: 'query', description: 'Before', schema: { type: 'string' } }],
            responses: { '200': { description: 'OK' } },
          },
        },
        '/b': { get: { operationId: 'b', parameters: [{ $ref: '#/paths/~1a/get/parameters/0' }], responses: { '200': { description: 'OK' } } } },
      },
    };
    writeFileSync(spec, JSON.stringify(document));
    const reuse = new SaveReuse();
    await buildModel(spec, { ...FIRST_PASS, earlier: reuse });
    document.paths['/a'].get.parameters[0].description = 'After';
    writeFileSync(spec, JSON.stringify(document));
    const { reused, fresh, again } = await bothWays(spec, reuse);
    expect(again).toBe(fresh);
    expect(reused.model.operations.find((op) => op.slug === 'b')?.parameters[0]?.description).toBe('After');
  });

  it('a JSON save that changed string values, one under a reference put in its place, a key added: each as a build from nothing', async () => {
    const spec = join(tmp, 'strings.json');
    const document: Json = {
      openapi: '3.1.0',
      info: { title: 'Strings', version: '1' },
      paths: {
        '/pets': {
          get: {
            operationId: 'listPets',
            summary: 'List pets',
            // A plain value's reference: the bundle puts its target here.
            parameters: [{ name: 'name', in: 'query', schema: { type: 'string' }, example: { $ref: '#/x-names/first' } }],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
      'x-names': { first: 'Rex' },
    };
    const reuse = new SaveReuse();
    const save = async (change: (d: Json) => void) => {
      change(document);
      writeFileSync(spec, JSON.stringify(document, null, 2));
      const { reused, fresh, again } = await bothWays(spec, reuse);
      expect(again).toBe(fresh);
      return reused;
    };
    await save(() => undefined);
    const summary = await save((d) => (d.paths['/pets'].get.summary = 'List every pet'));
    expect(summary.model.operations[0]?.summary).toBe('List every pet');
    const renamed = await save((d) => (d['x-names'].first = 'Max'));
    expect(JSON.stringify(renamed.model.operations[0]?.parameters[0])).toContain('Max');
    const keyAdded = await save((d) => (d.paths['/pets'].get.description = 'Added'));
    expect(keyAdded.model.operations[0]?.description).toBe('Added');
  });

  it('a .json file JSON refuses (read by the YAML parser) is read in full on every save', async () => {
    const spec = join(tmp, 'not-json.json');
    const text = (title: string) => `{"openapi": "3.1.0", "info": {"version": "1", "title": "T", # "title": "${title}"\n}, "paths": {}}`;
    const reuse = new SaveReuse();
    for (const title of ['T', 'U']) {
      writeFileSync(spec, text(title));
      const { reused, fresh, again } = await bothWays(spec, reuse);
      expect(again, title).toBe(fresh);
      expect(reused.model.info.title).toBe('T');
    }
  });

  it('a YAML alias added and removed: the problems are where a build from nothing puts them', async () => {
    const spec = join(tmp, 'alias.yaml');
    const body = '\n      type: object\n      properties:\n        list: {type: array, minItems: 100, items: {type: integer}}';
    const head = "openapi: 3.0.3\ninfo: {title: Aliases, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n";
    const copies = `${head}    A:${body}\n    B:${body}\n`;
    const alias = `${head}    A: &a${body}\n    B: *a\n`;
    const reuse = new SaveReuse();
    for (const [name, text] of [
      ['copies', copies],
      ['an alias added', alias],
      ['the alias written out', copies],
      ['an alias again', alias],
    ]) {
      writeFileSync(spec, text as string);
      const { reused, fresh, again } = await bothWays(spec, reuse);
      expect(again, name).toBe(fresh);
      expect(
        reused.diagnostics.some((d) => d.rule === 'example-capped'),
        name,
      ).toBe(true);
    }
  });

  it('our description in many files, a schema file and a path file edited', async () => {
    const dir = join(tmp, 'ours');
    cpSync(join(ROOT, 'openapi'), dir, { recursive: true });
    const spec = join(dir, 'openapi.yaml');
    const reuse = new SaveReuse();
    const first = await buildModel(spec, { ...FIRST_PASS, earlier: reuse });
    const pets = join(dir, 'paths/pets.yaml');
    const edits: [string, () => void][] = [
      ['a path file', () => writeFileSync(pets, readFileSync(pets, 'utf8').replace('summary: List pets', 'summary: List every pet'))],
      [
        'a schema file',
        () => writeFileSync(join(dir, 'components/schemas/Pet.yaml'), `${readFileSync(join(dir, 'components/schemas/Pet.yaml'), 'utf8')}\ntitle: A pet\n`),
      ],
      ['the path file again', () => writeFileSync(pets, readFileSync(pets, 'utf8').replace('summary: List every pet', 'summary: List the pets'))],
    ];
    let previous = first;
    for (const [name, edit] of edits) {
      edit();
      const { reused, fresh, again } = await bothWays(spec, reuse);
      expect(again, name).toBe(fresh);
      const pet = (result: BuildResult) => result.model.schemas.find((s) => s.name === 'Pet')?.schema;
      if (name === 'a schema file') expect(pet(reused)).not.toBe(pet(previous));
      else expect(pet(reused), name).toBe(pet(previous));
      previous = reused;
    }
  });
});
