// `npm run mock` on a description whose vocabulary the portal would misread: the mock prints each
// problem at its file, line and column when it starts and when it reloads, under the portal's rule
// (and none of Redocly's own), and answers all the while.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { freePort } from '../helpers/ports.ts';
import { scriptEnv, start, stop, type Running } from '../helpers/processes.ts';
import { at, edited, removeDocuments, writeDocument } from '../lint/inline.ts';
import { WAIT_MS } from '../helpers/wait.ts';

const running: Running[] = [];
afterEach(async () => {
  for (const mock of running.splice(0)) await stop(mock);
});
afterAll(removeDocuments);

// No summary, no 4xx answers, no license: Redocly's recommended rules would complain; the mock must not.
const DOCUMENT = `openapi: 3.0.3
info: {title: Depots, version: 1.0.0}
paths:
  /depots:
    get:
      operationId: listDepots
      responses:
        '200':
          description: The depots.
          content:
            application/json:
              example: [{id: d1}]
  /depots/legacy:
    get:
      operationId: listDepotsLegacy
      deprecated: true
      x-sunset: not-a-date
      responses:
        '200':
          description: The depots.
          content:
            application/json:
              example: [{id: d1}]
`;

describe('npm run mock and the portal’s vocabulary', () => {
  it('prints a located problem at start and at each reload, and keeps answering', async () => {
    const dir = writeDocument({ 'openapi.yaml': DOCUMENT });
    const spec = `${dir}/openapi.yaml`;
    const shown = relative(ROOT, spec);
    const port = await freePort();
    const mock = start('npm', ['run', '-s', 'mock', '--', '--spec', spec, '--port', String(port), '--quiet'], {
      cwd: ROOT,
      env: scriptEnv(),
      timeoutMs: 120_000,
    });
    running.push(mock);

    const [line] = await mock.waitFor(new RegExp(`^${escapeRegExp(shown)}:\\d+:\\d+ error portal/lifecycle-date .*$`, 'm'), 60_000);
    expect(line).toBe(
      `${shown}:${at(DOCUMENT, 'not-a-date')} error portal/lifecycle-date \`x-sunset\` must be a date such as 2027-06-30, or a date-time with its offset such as 2027-06-30T00:00:00Z; found "not-a-date".`,
    );
    await mock.waitFor(/^The portal would misread what is listed above; the mock serves this version as written\.$/m, WAIT_MS);
    // Only the portal's rules: none of Redocly's recommended set, which this document breaks too.
    expect(mock.stdout()).not.toMatch(/ (error|warning) (?!portal\/)\S+ /);

    const legacy = await fetch(`http://127.0.0.1:${port}/depots/legacy`);
    expect(legacy.status).toBe(200);
    expect(await legacy.json()).toEqual([{ id: 'd1' }]);
    // A sunset that is not a date is no header.
    expect(legacy.headers.get('sunset')).toBeNull();

    // A save that mends the date and misspells a stability word: reloaded, and the new problem said.
    const saved = edited(
      edited(DOCUMENT, 'x-sunset: not-a-date', "x-sunset: '2027-06-30'"),
      'operationId: listDepots\n',
      'operationId: listDepots\n      x-stability: experimnetal\n',
    );
    writeFileSync(spec, saved);
    const [again] = await mock.waitFor(new RegExp(`^${escapeRegExp(shown)}:\\d+:\\d+ error portal/stability-value .*$`, 'm'), 60_000);
    expect(again.split(' ').slice(0, 3).join(' ')).toBe(`${shown}:${at(saved, 'experimnetal')} error portal/stability-value`);
    expect(mock.stdout().indexOf('Reloaded in')).toBeLessThan(mock.stdout().indexOf(again));
    const after = await fetch(`http://127.0.0.1:${port}/depots/legacy`);
    expect(after.status).toBe(200);
    expect(after.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
