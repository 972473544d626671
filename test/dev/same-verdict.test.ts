// The same document gets the same verdict from every command that takes a version: the build (as
// a process), the mock when it starts and when it reloads, and the preview's save step. Three
// documents: one whose path templates differ only in parameter names (served, with the warning
// everywhere, and the mock answers each operation), one with validation errors (served, the errors
// shown where validation runs), one that does not resolve (refused everywhere, for the same reason).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiagnosticsError, formatDiagnostics } from '../../scripts/diagnostics.ts';
import { previewChannel } from '../../scripts/preview-channel.ts';
import { createChangeTracker } from '../../scripts/dev/changes.ts';
import { createChecks } from '../../scripts/dev/checks.ts';
import { createRebuilder } from '../../scripts/dev/rebuild.ts';
import { watchFiles } from '../../scripts/dev/watch.ts';
import { startMockServer } from '../../scripts/mock/server.ts';
import { createModelBuilder } from '../../scripts/model/isolated.ts';
import { ROOT } from '../helpers/paths.ts';
import { BUILD_TIMEOUT_MS, runScript } from '../helpers/processes.ts';
import { Collected } from '../mock/helpers.ts';

const GOOD = `openapi: 3.0.3
info: {title: Good, version: '1'}
paths:
  /health:
    get:
      responses:
        '204': {description: Up}
`;

const petId = (name: string) => `[{name: ${name}, in: path, required: true, schema: {type: integer, maximum: 100}}]`;
const AMBIGUOUS = `openapi: 3.0.3
info: {title: Ambiguous, version: '1'}
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      parameters: ${petId('petId')}
      responses:
        '200': {description: A pet, content: {application/json: {example: {id: 7}}}}
  /pets/{id}:
    delete:
      operationId: deletePet
      parameters: ${petId('id')}
      responses:
        '204': {description: Gone}
    get:
      operationId: getPetAgain
      parameters: ${petId('id')}
      responses:
        '200': {description: The same pet, content: {application/json: {example: {id: 8}}}}
`;

const INVALID = `openapi: 3.0.3
info: {title: Invalid, version: '1'}
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          content: {application/json: {example: []}}
`;

const UNRESOLVED = `openapi: 3.0.3
info: {title: Unresolved, version: '1'}
paths:
  /pets:
    get:
      responses:
        '200':
          description: Pets
          content: {application/json: {schema: {$ref: '#/components/schemas/Missing'}}}
`;

interface Seen {
  ok: boolean;
  /** What the command printed or published. */
  text: string;
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'same-verdict-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

async function build(spec: string): Promise<Seen> {
  const out = join(dir, `site-${Math.random().toString(36).slice(2)}`);
  const result = await runScript('scripts/build.ts', ['--spec', spec, '--out', out], { timeoutMs: BUILD_TIMEOUT_MS });
  return { ok: result.code === 0, text: result.output };
}

async function mockStart(spec: string): Promise<Seen> {
  const output = new Collected();
  try {
    const mock = await startMockServer({ spec, port: 0, host: '127.0.0.1', quiet: true, output, vocabulary: false });
    await mock.close();
    return { ok: true, text: output.text };
  } catch (error) {
    if (!(error instanceof DiagnosticsError)) throw error;
    return { ok: false, text: formatDiagnostics(error.diagnostics) };
  }
}

/** A mock serving a good version is handed this one by a save. */
async function mockReload(text: string): Promise<Seen> {
  const file = write(`reload-${Math.random().toString(36).slice(2)}.yaml`, GOOD);
  const output = new Collected();
  const mock = await startMockServer({ spec: file, port: 0, host: '127.0.0.1', quiet: true, output, vocabulary: false });
  try {
    writeFileSync(file, text);
    const event = await mock.reload();
    return { ok: event.ok, text: `${output.text}\n${formatDiagnostics(event.diagnostics)}` };
  } finally {
    await mock.close();
  }
}

/** The preview's save step, as `npm run dev` runs it on each save: the page first, then the check, whose problems join the overlay. */
async function previewSave(spec: string): Promise<Seen> {
  const builder = createModelBuilder({ worker: new URL('../../scripts/dev/preview-worker.ts', import.meta.url) });
  const checks = createChecks();
  const watcher = watchFiles(() => undefined);
  const channel = previewChannel(ROOT);
  const lines: string[] = [];
  try {
    const rebuilder = createRebuilder({
      spec,
      modelFile: join(dir, `model-${Math.random().toString(36).slice(2)}.json`),
      channel,
      watcher,
      builder,
      checks,
      changes: createChangeTracker(spec, spec, builder),
      log: (line) => lines.push(line),
    });
    const checked = new Promise<void>((settle) => channel.subscribe((status) => status?.state !== 'checking' && settle()));
    rebuilder.startChecks();
    const outcome = await rebuilder.rebuild();
    await checked;
    rebuilder.stop();
    const shown = channel.status.problems.map((p) => `${p.rule} ${p.message}`);
    return { ok: outcome.ok, text: [...lines, ...shown].join('\n') };
  } finally {
    watcher.close();
    await Promise.all([builder.close(), checks.close()]);
  }
}

async function everyCommand(name: string, text: string): Promise<Record<'build' | 'mockStart' | 'mockReload' | 'preview', Seen>> {
  const spec = write(`${name}.yaml`, text);
  return {
    build: await build(spec),
    mockStart: await mockStart(spec),
    mockReload: await mockReload(readFileSync(spec, 'utf8')),
    preview: await previewSave(spec),
  };
}

describe('one verdict on a version, from every command', () => {
  it('path templates that differ only in parameter names: served by all, each saying so, and the mock answers every operation', async () => {
    const seen = await everyCommand('ambiguous', AMBIGUOUS);
    for (const [command, { ok, text }] of Object.entries(seen)) {
      expect(ok, command).toBe(true);
      expect(text, command).toMatch(/path-ambiguous The path templates \/pets\/\{id\} and \/pets\/\{petId\} differ only in their parameter names/);
      expect(text, command).toMatch(/operation-unreachable GET \/pets\/\{id\} is never reached: GET \/pets\/\{petId\} answers the same requests/);
    }
    const mock = await startMockServer({ spec: join(dir, 'ambiguous.yaml'), port: 0, host: '127.0.0.1', quiet: true, output: new Collected() });
    try {
      expect((await fetch(`${mock.url}/pets/7`, { method: 'DELETE' })).status).toBe(204);
      const read = await fetch(`${mock.url}/pets/7`);
      expect({ status: read.status, body: await read.json() }).toEqual({ status: 200, body: { id: 7 } });
      // Each operation's own parameter name is the one checked.
      const tooLarge = await fetch(`${mock.url}/pets/700`, { method: 'DELETE' });
      expect((await tooLarge.json()).message).toContain('path.id must be <= 100');
    } finally {
      await mock.close();
    }
  }, 300_000);

  it('validation errors: served by all; the build and the preview, which validate, show them', async () => {
    const seen = await everyCommand('invalid', INVALID);
    for (const [command, { ok }] of Object.entries(seen)) expect(ok, command).toBe(true);
    for (const command of ['build', 'preview'] as const) expect(seen[command].text, command).toMatch(/description/);
  }, 300_000);

  it('a reference to nothing: refused by all, for the same reason', async () => {
    const seen = await everyCommand('unresolved', UNRESOLVED);
    for (const [command, { ok, text }] of Object.entries(seen)) {
      expect(ok, command).toBe(false);
      expect(text, command).toMatch(/\.yaml:9:48 error no-unresolved-refs /);
    }
    expect(seen.mockReload.text).toContain('still serving the last good version');
  }, 300_000);
});
