// The portal's own lint rules through Redocly's lint(), on the mock's hostile
// fixtures: a header example or deprecation value HTTP cannot carry is an
// error, a pattern the mock cannot check in linear time a warning, each at the
// file, line and column of the value.
import { relative, resolve } from 'node:path';
import { BaseResolver, createConfig, lint } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { problemToDiagnostic } from '../../scripts/model/load/problems.ts';
import { portalPlugin, portalRules } from '../../scripts/model/check/ruleset/index.ts';
import { ROOT } from '../helpers/paths.ts';

const FIXTURES = 'test/mock/fixtures/hostile';

/** `file:line:col severity rule` of every problem the portal's rules find, with the messages apart. */
async function portalProblems(file: string) {
  const config = await createConfig({ plugins: [portalPlugin], rules: portalRules });
  const problems = await lint({ ref: resolve(ROOT, file), config, externalRefResolver: new BaseResolver() });
  const diagnostics = problems.map((p) => problemToDiagnostic(p as never)).filter((d) => d.rule.startsWith('portal/'));
  return {
    where: diagnostics.map((d) => `${relative(ROOT, d.file)}:${d.line}:${d.col} ${d.severity} ${d.rule}`),
    messages: diagnostics.map((d) => d.message),
  };
}

describe('portal/header-value-safe', () => {
  it('reports header examples with CR or LF, at the value', async () => {
    const { where, messages } = await portalProblems(`${FIXTURES}/header-values.yaml`);
    expect(where).toEqual([
      `${FIXTURES}/header-values.yaml:32:24 error portal/header-value-safe`,
      `${FIXTURES}/header-values.yaml:35:24 error portal/header-value-safe`,
      `${FIXTURES}/header-values.yaml:47:24 error portal/header-value-safe`,
      `${FIXTURES}/header-values.yaml:85:24 error portal/header-value-safe`,
    ]);
    expect(messages[0]).toBe(
      'This header example holds a line break or control character (\\r at character 30): HTTP cannot send it, so the mock leaves the header out.',
    );
    expect(messages[1]).toContain('(\\n at character 9)');
  });

  it('finds nothing in our own description (its headers, deprecation dates and patterns are all fine)', async () => {
    expect((await portalProblems('openapi/openapi.yaml')).where).toEqual([]);
  });
});

describe('portal/pattern-linear', () => {
  it('warns at each pattern the mock leaves unchecked, and only those', async () => {
    const { where, messages } = await portalProblems(`${FIXTURES}/redos.yaml`);
    expect(where).toEqual([
      `${FIXTURES}/redos.yaml:46:17 warning portal/pattern-linear`,
      `${FIXTURES}/redos.yaml:42:51 warning portal/pattern-linear`,
      `${FIXTURES}/redos.yaml:43:49 warning portal/pattern-linear`,
    ]);
    expect(messages).toEqual([
      'The mock cannot check this pattern in linear time and leaves the fields it names unchecked: RE2 has no lookbehind.',
      'The mock cannot check this pattern in linear time and leaves it unchecked: RE2 has no lookahead.',
      'The mock cannot check this pattern in linear time and leaves it unchecked: RE2 has no backreference.',
    ]);
  });
});
