// `npm run typecheck` for the `.astro` files: the Astro language server's checker on TypeScript
// 5.9 (the `astro-tools` workspace beside this file). Not `astro check` itself: it and Volar load
// the project's `typescript`, the native TypeScript 7, which has no JavaScript API to drive.
import { createRequire, registerHooks } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const tools = createRequire(resolve(import.meta.dirname, 'astro-tools/package.json'));
const typescript5 = tools.resolve('typescript');

// Every `typescript` the checker's packages load is TypeScript 5.9; `tsc` keeps TypeScript 7.
registerHooks({
  resolve: (specifier, context, next) => (specifier === 'typescript' ? { url: pathToFileURL(typescript5).href, shortCircuit: true } : next(specifier, context)),
});

const { AstroCheck, DiagnosticSeverity } = await import('@astrojs/language-server');
const site = resolve(import.meta.dirname, '../../site');
const checker = new AstroCheck(site, typescript5, resolve(site, 'tsconfig.json'));
const astroFiles = checker.linter.getRootFileNames().filter((file) => file.endsWith('.astro'));
const result = await checker.lint({ fileNames: astroFiles, logErrors: { level: 'warning' } });
const errors = result.fileResult.flatMap((file) => file.errors).filter((d) => (d.severity ?? DiagnosticSeverity.Error) === DiagnosticSeverity.Error);
console.log(`${result.fileChecked} .astro files checked: ${errors.length} errors, ${result.warnings} warnings`);
process.exitCode = errors.length > 0 ? 1 : 0;
