// `npm run bench [-- --runs 3 --only build,weight,browser,mock,mockservice,preview,versions,search,mcp --docs ours,galaxy,github --duration 10]`
// Measures the portal build, page weight, page load, mock server, preview, search and MCP server
// side by side with the tools users would pick instead, and writes results/latest.{json,md}.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseCli } from '../cli/args.ts';
import { ensureAnchors } from './anchors.ts';
import type { Context, Options } from './context.ts';
import { currentLoad, describeMachine } from './machine.ts';
import { DOC_NAMES, RESULTS, ROOT, TMP, type DocName } from './paths.ts';
import { killAllNow, stopAll } from './processes.ts';
import { Results, toMarkdown, type Report, type SectionRun } from './results.ts';
import { runBuild } from './sections/build.ts';
import { runWeight } from './sections/weight.ts';
import { runBrowser } from './sections/browser.ts';
import { runMock } from './sections/mock.ts';
import { runMockService } from './sections/mock-service.ts';
import { runPreview } from './sections/preview.ts';
import { runVersions } from './sections/versions.ts';
import { runMcp } from './sections/mcp.ts';
import { runSearch } from './sections/search.ts';

const SECTIONS: Record<string, (ctx: Context) => Promise<void>> = {
  build: runBuild,
  weight: runWeight,
  browser: runBrowser,
  mock: runMock,
  mockservice: runMockService,
  preview: runPreview,
  versions: runVersions,
  mcp: runMcp,
  search: runSearch,
};

const USAGE = `Usage: npm run bench -- [--runs 3] [--only ${Object.keys(SECTIONS).join(',')}] [--docs ${DOC_NAMES.join(',')}] [--duration 10] [--connections 20] [--merge] [--render]

  --merge   keep the results of the sections not run now from results/latest.json
  --render  rewrite results/latest.md from results/latest.json and print it`;

const { values } = parseCli({
  runs: { type: 'string', default: '3' },
  only: { type: 'string', default: Object.keys(SECTIONS).join(',') },
  docs: { type: 'string', default: DOC_NAMES.join(',') },
  duration: { type: 'string', default: '10' },
  connections: { type: 'string', default: '20' },
  /** Keep the results of sections not run now from the last latest.json. */
  merge: { type: 'boolean', default: false },
  /** Only rewrite latest.md (and print it) from latest.json. */
  render: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
});

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const options: Options = {
  runs: Number(values.runs),
  docs: list(values.docs!) as DocName[],
  only: list(values.only!),
  duration: Number(values.duration),
  connections: Number(values.connections),
};
if (!Number.isInteger(options.runs) || options.runs < 1) fail(`--runs must be a whole number ≥ 1, not ${values.runs}`);
if (!(options.duration > 0)) fail(`--duration must be a number of seconds > 0, not ${values.duration}`);
if (!Number.isInteger(options.connections) || options.connections < 1) fail(`--connections must be a whole number ≥ 1`);
for (const d of options.docs) if (!DOC_NAMES.includes(d)) fail(`Unknown document "${d}"`);
for (const s of options.only) if (!(s in SECTIONS)) fail(`Unknown section "${s}"`);

// Whatever happens, no process started here outlives the run.
process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    killAllNow();
    process.exit(130);
  });
}

const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim().replace(/ --$/, '');
const latestJson = join(RESULTS, 'latest.json');

function write(report: Report): void {
  const markdown = toMarkdown(report);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(latestJson, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(RESULTS, 'latest.md'), markdown);
  console.log(markdown);
  console.error(`Written to ${relative(ROOT, join(RESULTS, 'latest.md'))} and latest.json`);
}

const previous: Report | undefined = existsSync(latestJson) ? JSON.parse(readFileSync(latestJson, 'utf8')) : undefined;
if (values.render) {
  if (!previous) fail(`No ${relative(ROOT, latestJson)} to render`);
  write(previous);
  process.exit(0);
}

const started = performance.now();
const results = new Results();
const sections: Record<string, SectionRun> = {};
const ctx: Context = { options, results, log: (m) => console.error(m) };

ensureAnchors(options.only);
rmSync(TMP, { recursive: true, force: true });
mkdirSync(join(TMP, 'logs'), { recursive: true });
const failures: string[] = [];
for (const name of Object.keys(SECTIONS)) {
  if (!options.only.includes(name)) continue;
  ctx.log(`== ${name}`);
  results.section = name;
  const run = { command, date: new Date().toISOString(), start: currentLoad(), t: performance.now() };
  try {
    await SECTIONS[name]?.(ctx);
  } catch (error) {
    const message = `${name}: ${(error as Error).message ?? error}`;
    failures.push(message);
    results.note(`Section ${message.split('\n')[0]}`);
    console.error((error as Error).stack ?? error);
  } finally {
    await stopAll();
  }
  sections[name] = { command, date: run.date, durationMs: performance.now() - run.t, loadAverage: { start: run.start, end: currentLoad() } };
}

// With --merge, sections not measured now keep their earlier results.
if (values.merge && previous) results.keep(previous, options.only);
const kept = values.merge && previous ? Object.fromEntries(Object.entries(previous.sections ?? {}).filter(([name]) => !options.only.includes(name))) : {};
write({
  machine: describeMachine(),
  command,
  options: { ...options },
  durationMs: performance.now() - started,
  sections: Object.fromEntries(
    Object.keys(SECTIONS).flatMap((name) => {
      const run = sections[name] ?? kept[name];
      return run ? [[name, run]] : [];
    }),
  ),
  rows: results.rows,
  targets: results.targets,
  notes: results.notes,
  tables: results.tables,
});
process.exitCode = failures.length ? 1 : 0;
