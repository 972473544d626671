// The portal's vocabulary checked in a document that is not ours: no redocly.yaml beside it, so
// Redocly's recommended rules and the portal's own (`portal/*`) apply. Each rule makes
// `npm run lint` exit 1 with one problem, at the file, line and column of the offending value
// (or key); a document that uses the names other portals use, correctly, passes with none.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { BUILD_TIMEOUT_MS, run, scriptEnv } from '../helpers/processes.ts';
import { at, edited, lintDocument, removeDocuments, writeDocument } from './inline.ts';

afterAll(removeDocuments);

/** Clean under the recommended rules and the portal's: every alias the model reads, each used as it should be. */
const CLEAN = `openapi: 3.1.0
info:
  title: Depots
  version: 2.0.0
  license:
    name: MIT
    identifier: MIT
servers:
  - url: https://depots.example
security: []
x-explorer-enabled: false
paths:
  /depots:
    x-zudoku-playground-enabled: false
    get:
      operationId: listDepots
      summary: List depots
      x-stability-level: beta
      x-hideReplay: true
      responses:
        '200':
          description: The depots.
        '400':
          description: A query the API does not understand.
  /depots/{id}:
    parameters:
      - name: id
        in: path
        required: true
        schema:
          type: string
    get:
      operationId: getDepot
      summary: Get a depot
      x-scalar-stability: experimental
      x-beta: true
      x-hideTryItPanel: false
      responses:
        '200':
          description: The depot.
        '404':
          description: No such depot.
  /depots/{id}/legacy:
    parameters:
      - name: id
        in: path
        required: true
        schema:
          type: string
    get:
      operationId: getDepotLegacy
      summary: Get a depot (the old way)
      x-scalar-stability: deprecated
      x-deprecated-at: '2026-09-01'
      x-sunset: '2027-03-01T00:00:00Z'
      x-replaced-by: getDepot
      responses:
        '200':
          description: The depot.
        '404':
          description: No such depot.
`;

interface Case {
  rule: string;
  what: string;
  /** The clean document's text to change, and what it becomes. */
  from: string;
  to: string;
  /** Where the problem is reported, found in the changed text. */
  where: string;
  /** What the message must say. */
  says: RegExp;
}

const cases: Case[] = [
  {
    rule: 'portal/stability-value',
    what: 'a stability word the portal does not know, at the value, naming the words that exist',
    from: 'x-stability-level: beta',
    to: 'x-stability: experimnetal',
    where: 'experimnetal',
    says: /`x-stability` is one of `experimental`, `alpha`, `preview`, `draft`, `beta`, `stable`, `ga` \(in any case\); found "experimnetal"/,
  },
  {
    rule: 'portal/stability-value',
    what: 'an x-beta that is not a boolean, at the value',
    from: 'x-beta: true',
    to: "x-beta: 'yes'",
    where: "'yes'",
    says: /`x-beta` is true or false; found "yes"/,
  },
  {
    rule: 'portal/lifecycle-date',
    what: 'an x-sunset that is not a date, at the value',
    from: "x-sunset: '2027-03-01T00:00:00Z'",
    to: 'x-sunset: not-a-date',
    where: 'not-a-date',
    says: /`x-sunset` must be a date such as 2027-06-30, or a date-time with its offset such as 2027-06-30T00:00:00Z; found "not-a-date"/,
  },
  {
    rule: 'portal/lifecycle-order',
    what: 'an x-sunset before x-deprecated-at, at the sunset',
    from: "x-deprecated-at: '2026-09-01'",
    to: "x-deprecated-at: '2027-09-01'",
    where: "'2027-03-01T00:00:00Z'",
    says: /`x-sunset` \(2027-03-01T00:00:00Z\) comes before `x-deprecated-at` \(2027-09-01\)/,
  },
  {
    rule: 'portal/lifecycle-on-deprecated',
    what: 'an x-sunset on an operation that is not deprecated, at the key',
    from: 'x-beta: true',
    to: "x-beta: true\n      x-sunset: '2027-06-30'",
    where: "x-sunset: '2027-06-30'",
    says: /`x-sunset` is only read on a deprecated operation: add `deprecated: true`, or remove `x-sunset`/,
  },
  {
    rule: 'portal/replaced-by-exists',
    what: 'an x-replaced-by naming no operation, at the value',
    from: 'x-replaced-by: getDepot',
    to: 'x-replaced-by: fetchDepot',
    where: 'fetchDepot',
    says: /`x-replaced-by` names `fetchDepot`, but no operation under `paths` has that operationId/,
  },
  {
    rule: 'portal/try-it-switch',
    what: 'a try-it switch that is not a boolean, at the value',
    from: 'x-hideReplay: true',
    to: "x-hideReplay: 'yes'",
    where: "'yes'",
    says: /`x-hideReplay` is true or false; found "yes"\. The portal reads only a boolean, so the try-it panel stays on/,
  },
];

describe('npm run lint on a document with no redocly.yaml beside it', () => {
  it('passes a clean document that uses the other portals’ names for stability and try-it', async () => {
    const dir = writeDocument({ 'openapi.yaml': CLEAN });
    const { code, output, problems } = await lintDocument(dir);
    expect(problems).toEqual([]);
    expect(code, output).toBe(0);
  });

  for (const { rule, what, from, to, where, says } of cases) {
    it(`fails on ${what} (${rule})`, async () => {
      const text = edited(CLEAN, from, to);
      const dir = writeDocument({ 'openapi.yaml': text });
      const { code, output, problems } = await lintDocument(dir);
      expect(problems.map((p) => `${p.at} ${p.severity} ${p.rule}`)).toEqual([`openapi.yaml:${at(text, where)} error ${rule}`]);
      expect(problems[0]?.message).toMatch(says);
      expect(code, output).toBe(1);
    });
  }

  it('reports a problem in a file the entry references, in that file, and finds a replacement in another file', async () => {
    const entry = `openapi: 3.0.3
info:
  title: Depots, split
  version: 2.0.0
  license:
    name: MIT
    url: https://opensource.org/license/mit
servers:
  - url: https://depots.example
security: []
paths:
  /depots/{id}:
    $ref: paths/depot.yaml
  /depots/{id}/legacy:
    $ref: paths/legacy.yaml
`;
    const parameters = `parameters:
  - name: id
    in: path
    required: true
    schema:
      type: string
`;
    const depot = `${parameters}get:
  operationId: getDepot
  summary: Get a depot
  responses:
    '200':
      description: The depot.
    '404':
      description: No such depot.
`;
    const legacy = `${parameters}get:
  operationId: getDepotLegacy
  summary: Get a depot (the old way)
  deprecated: true
  x-deprecated-at: '2026-09-01'
  x-sunset: not-a-date
  x-replaced-by: getDepot
  responses:
    '200':
      description: The depot.
    '404':
      description: No such depot.
`;
    const dir = writeDocument({ 'openapi.yaml': entry, 'paths/depot.yaml': depot, 'paths/legacy.yaml': legacy });
    const { code, output, problems } = await lintDocument(dir);
    expect(problems.map((p) => `${p.at} ${p.severity} ${p.rule}`)).toEqual([`paths/legacy.yaml:${at(legacy, 'not-a-date')} error portal/lifecycle-date`]);
    expect(code, output).toBe(1);
  });
});

describe('npm run build on a document with no redocly.yaml beside it', () => {
  it('lints it with the portal’s rules beside the site build, and --strict fails on the located problem', async () => {
    const text = edited(CLEAN, "x-sunset: '2027-03-01T00:00:00Z'", 'x-sunset: not-a-date');
    const dir = writeDocument({ 'openapi.yaml': text });
    const out = join(dir, 'site');
    const { code, stdout, stderr, output } = await run('npm', ['run', '-s', 'build', '--', '--spec', join(dir, 'openapi.yaml'), '--out', out, '--strict'], {
      cwd: ROOT,
      env: scriptEnv(),
      timeoutMs: BUILD_TIMEOUT_MS,
    });
    expect(code, output).toBe(1);
    expect(stderr).toContain(`${relative(ROOT, join(dir, 'openapi.yaml'))}:${at(text, 'not-a-date')} error portal/lifecycle-date `);
    expect(stderr).toContain('Build failed (--strict): the description has errors.');
    expect(stdout).not.toContain('Built ');
    expect(existsSync(out)).toBe(false);
  });
});
