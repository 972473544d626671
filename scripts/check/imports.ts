// `npm run check`'s guard on the house's structure: dependency-cruiser over the product's
// TypeScript (scripts/, site/src), with the rules below. dependency-cruiser parses TypeScript
// through the `typescript` package's JavaScript API, which TypeScript 7 (the project's `tsc`) no
// longer has, so it gets TypeScript 5.9 from the `astro-tools` workspace, as the `.astro` check does.
import { createRequire, registerHooks } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IRegularForbiddenRuleType } from 'dependency-cruiser';

const tools = createRequire(resolve(import.meta.dirname, 'astro-tools/package.json'));
const typescript5 = new Map(['typescript', 'typescript/package.json'].map((name) => [name, pathToFileURL(tools.resolve(name)).href]));

registerHooks({
  resolve: (specifier, context, next) => {
    const url = typescript5.get(specifier);
    return url ? { url, shortCircuit: true } : next(specifier, context);
  },
});

/** The commands' folders: shared code below them never imports one. */
const commands = '^scripts/(mock|dev|site|diff|mcp|cli|bench|check)/';

const forbidden: IRegularForbiddenRuleType[] = [
  {
    name: 'no-circle',
    comment: 'An import circle among product files: move the shared piece down into a module both import.',
    severity: 'error',
    from: { path: '^(scripts|site/src)/' },
    to: { circular: true },
  },
  {
    name: 'model-below-commands',
    comment: 'The model is read by every command and imports none of them.',
    severity: 'error',
    from: { path: '^scripts/model/' },
    to: { path: commands },
  },
  {
    name: 'preview-on-top',
    comment: 'The preview drives the model, the mock and the site: none of them imports it back.',
    severity: 'error',
    from: { path: '^scripts/', pathNot: '^scripts/(dev/|dev[.]ts$|bench/)' },
    to: { path: '^scripts/dev/' },
  },
  {
    name: 'site-not-preview-internals',
    comment: "The portal talks to the preview through its one channel module, not the preview's own files.",
    severity: 'error',
    from: { path: '^site/' },
    to: { path: '^scripts/dev/' },
  },
  {
    name: 'infrastructure-below-commands',
    comment: 'The infrastructure several commands share (scripts/infra) imports none of them.',
    severity: 'error',
    from: { path: '^scripts/infra/' },
    to: { path: commands },
  },
  {
    name: 'ground-floor-below-all',
    comment: 'Problems as data, their terminal escaping and the defaults are read by every part and import none of its folders.',
    severity: 'error',
    from: { path: '^scripts/(diagnostics|terminal|defaults)[.]ts$' },
    to: { path: '^scripts/[^/]+/' },
  },
  {
    name: 'site-through-aliases',
    comment: 'The portal reaches shared code through package.json `imports` (#model/…, #reference/…), not ../../../scripts/.',
    severity: 'error',
    from: { path: '^site/' },
    to: { path: '^scripts/', dependencyTypesNot: ['aliased-subpath-import'] },
  },
];

const { cruise } = await import('dependency-cruiser');
process.chdir(resolve(import.meta.dirname, '../..'));
const result = await cruise(
  ['scripts', 'site/src', 'site/astro.config.mjs'],
  {
    validate: true,
    ruleSet: { forbidden },
    outputType: 'err',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^scripts/(bench/anchors|bench/results|check/astro-tools)/' },
  },
  {},
);
const astro = astroViolations();
console.log(String(result.output).trim());
for (const one of astro) console.log(`  error ${one.rule}: ${one.from} → ${one.to}`);
process.exitCode = result.exitCode > 0 || astro.length > 0 ? 1 : 0;

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/**
 * dependency-cruiser reads no `.astro` file, so their imports (frontmatter and scripts) meet the
 * path rules here; a component imports no `.ts` that imports it back, so no circle is missed.
 */
function astroViolations(): Violation[] {
  const files = readdirSync('site/src', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.astro'));
  const aliases: Record<string, string> = JSON.parse(readFileSync('package.json', 'utf8')).imports;
  return files.flatMap((name) => {
    const from = join('site/src', name);
    const imports = [...readFileSync(from, 'utf8').matchAll(/\b(?:from|import)\s*['"]((?:\.{1,2}\/|#)[^'"]+)['"]/g)].map((m) => m[1]!);
    return forbidden.flatMap((rule) =>
      imports
        .map((specifier) => ({
          aliased: specifier.startsWith('#'),
          to: relative('.', specifier.startsWith('#') ? aliasTarget(specifier, aliases) : resolve(dirname(from), specifier)),
        }))
        .filter(({ to }) => matches(from, rule.from.path) && matches(to, rule.to.path) && !matches(to, rule.to.pathNot))
        .filter(({ aliased }) => !(aliased && rule.to.dependencyTypesNot?.includes('aliased-subpath-import')))
        .map(({ to }) => ({ rule: rule.name!, from, to })),
    );
  });
}

/** Where package.json's `imports` sends `#model/…` and the like. */
function aliasTarget(specifier: string, aliases: Record<string, string>): string {
  for (const [alias, target] of Object.entries(aliases)) {
    const [head, tail] = alias.split('*');
    if (tail === undefined ? specifier === alias : specifier.startsWith(head!) && specifier.endsWith(tail))
      return target.replace('*', specifier.slice(head!.length, specifier.length - tail!.length));
  }
  return specifier;
}

function matches(path: string, pattern: string | string[] | undefined): boolean {
  return pattern !== undefined && [pattern].flat().some((one) => new RegExp(one).test(path));
}
