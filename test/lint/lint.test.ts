// `npm run lint` on bad documents: the command fails, and each problem is
// reported at the file, line and column of the offending node, under the
// rule that found it. Fixtures are copies of a reduced Petstore
// (fixtures/petstore.yaml) with one defect each, linted with the Petstore's
// own rules through fixtures/redocly.yaml. The portal's vocabulary and our
// deprecation policy are tested on inline documents (vocabulary.test.ts,
// house-rules.test.ts); the split fixture stays for its layout of files.
import { describe, expect, it } from 'vitest';
import { runScript } from '../helpers/processes.ts';

const FIXTURES = 'test/lint/fixtures';

interface LintRun {
  code: number;
  stdout: string;
  /** `file:line:col severity rule message` lines. */
  problems: string[];
}

async function lint(spec?: string, args: string[] = []): Promise<LintRun> {
  // A command that does not start or outlives its time limit rejects: not a lint result.
  const { code, signal, stdout, output } = await runScript('scripts/lint.ts', [...(spec ? ['--spec', spec] : []), ...args], { timeoutMs: 60_000 });
  if (code === null) throw new Error(`lint was stopped by ${signal}:\n${output}`);
  const problems = stdout.split('\n').filter((line) => /^\S+:\d+:\d+ (error|warning) /.test(line));
  return { code, stdout, problems };
}

interface BadDocument {
  name: string;
  spec: string;
  /** `file:line:col rule` of every problem expected, and nothing else. */
  expected: string[];
  /** What the first problem's message must say. */
  message?: RegExp;
  /** More arguments for the command. */
  args?: string[];
}

const badDocuments: BadDocument[] = [
  {
    name: 'a YAML syntax error, at the mis-indented key',
    spec: `${FIXTURES}/yaml-syntax.yaml`,
    expected: [`${FIXTURES}/yaml-syntax.yaml:23:6 yaml-syntax`],
  },
  {
    name: 'a string whose closing quote is missing, at its opening quote rather than where the parser gave up',
    spec: `${FIXTURES}/unclosed-quote.yaml`,
    expected: [`${FIXTURES}/unclosed-quote.yaml:3:10 yaml-syntax`],
    message: /unclosed double-quoted string/,
  },
  {
    name: 'a YAML error in a file the entry references, in that file only (not as an unresolved $ref in the entry)',
    spec: `${FIXTURES}/split-unparsable/openapi.yaml`,
    // It shares the schemas of the `split` fixture beside it: their common folder is its root.
    args: ['--root', FIXTURES],
    expected: [`${FIXTURES}/split-unparsable/paths/orders.yaml:3:12 yaml-syntax`],
    message: /unclosed double-quoted string/,
  },
  {
    name: 'a $ref to a schema that does not exist, at the $ref',
    spec: `${FIXTURES}/broken-ref.yaml`,
    expected: [`${FIXTURES}/broken-ref.yaml:33:17 no-unresolved-refs`],
  },
  {
    name: 'an operationId used twice, at the second use',
    spec: `${FIXTURES}/duplicate-operation-id.yaml`,
    expected: [`${FIXTURES}/duplicate-operation-id.yaml:107:7 operation-operationId-unique`],
  },
  {
    name: 'a response example that does not match its schema, at the offending value',
    spec: `${FIXTURES}/invalid-example.yaml`,
    expected: [`${FIXTURES}/invalid-example.yaml:98:21 no-invalid-media-type-examples`],
  },
  {
    name: 'an operation without a 401 answer, at its responses',
    spec: `${FIXTURES}/missing-401.yaml`,
    expected: [
      // It was the operation's only 4xx answer, so the built-in rule fires too.
      `${FIXTURES}/missing-401.yaml:114:7 operation-4xx-response`,
      `${FIXTURES}/missing-401.yaml:114:7 rule/operation-401`,
    ],
  },
  {
    name: 'a problem inside a file the entry document references, in that file',
    spec: `${FIXTURES}/split/openapi.yaml`,
    expected: [`${FIXTURES}/split/paths/orders.yaml:7:16 portal/stability-value`],
  },
];

describe('lint on bad documents', () => {
  for (const { name, spec, expected, message, args } of badDocuments) {
    it(`fails on ${name}`, async () => {
      const { code, stdout, problems } = await lint(spec, args);
      expect(code, stdout).toBe(1);
      // Each line is `file:line:col severity rule message`; the message is prose, checked only for presence.
      const reported = problems.map((line) => {
        const [at, severity, rule, ...message] = line.split(' ');
        return `${at} ${rule} (${severity}${message.join(' ').trim() ? '' : ', no message'})`;
      });
      expect(reported).toEqual(expected.map((e) => `${e} (error)`));
      if (message) expect(problems[0]).toMatch(message);
    });
  }
});

describe('lint on good documents', () => {
  it('passes the Petstore description with no errors and no warnings', async () => {
    const { code, stdout, problems } = await lint();
    expect(code, stdout).toBe(0);
    expect(problems).toEqual([]);
    expect(stdout).toMatch(/^Petstore API 1\.0\.0 \(OpenAPI 3\.0\.3\): 13 operations/m);
  });

  it('passes the reduced Petstore the bad documents are cut from', async () => {
    const { code, stdout, problems } = await lint(`${FIXTURES}/petstore.yaml`);
    expect(code, stdout).toBe(0);
    expect(problems).toEqual([]);
  });
});
