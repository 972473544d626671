// The project's own lint rules (scripts/model/check/ruleset) reach every config: the project's, one the
// user names, and one found beside a foreign description, whose own plugins are refused. A rule
// added to the plugin is reported at its place under `portal/<rule>`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Oas3Rule } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintDescription } from '../../scripts/model/check/lint.ts';
import { portalPlugin, portalRules } from '../../scripts/model/check/ruleset/index.ts';
import { ROOT } from '../helpers/paths.ts';

// A rule of the kind the project adds: it reports every info title, at the title.
const titleSeen: Oas3Rule = () => ({
  Info: {
    enter(info, ctx) {
      ctx.report({ message: `title "${info.title}" seen`, location: ctx.location.child('title') });
    },
  },
});

let dir: string;
let spec: string;
const TEXT = `openapi: 3.0.3
info:
  title: No version words
  version: '1.0'
paths: {}
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ruleset-'));
  spec = join(dir, 'openapi.yaml');
  writeFileSync(spec, TEXT);
  portalPlugin.rules.oas3['title-seen'] = titleSeen;
  portalRules['portal/title-seen'] = 'warn';
});

afterAll(() => {
  delete portalPlugin.rules.oas3['title-seen'];
  delete portalRules['portal/title-seen'];
  rmSync(dir, { recursive: true, force: true });
});

const found = async (options: Parameters<typeof lintDescription>[1] = {}) =>
  (await lintDescription(spec, options)).filter((d) => d.rule === 'portal/title-seen').map((d) => `${d.line}:${d.col} ${d.severity} ${d.message}`);

describe("the project's plugin", () => {
  it("runs with no config at all, with Redocly's recommended rules", async () => {
    expect(await found()).toEqual(['3:10 warning title "No version words" seen']);
  });

  it("runs with the project's own config", async () => {
    expect(await found({ configPath: join(ROOT, 'openapi/redocly.yaml') })).toEqual(['3:10 warning title "No version words" seen']);
  });

  it('runs beside a foreign config whose own plugins are refused, at the severity that config sets', async () => {
    writeFileSync(join(dir, 'redocly.yaml'), "extends: [minimal]\nplugins: ['./nothing.js']\nrules:\n  portal/title-seen: error\n");
    const diagnostics = await lintDescription(spec);
    expect(diagnostics.filter((d) => d.rule === 'config-untrusted')).toHaveLength(1);
    expect(await found()).toEqual(['3:10 error title "No version words" seen']);
  });
});
