// `npm run lint [-- --spec <file> --config <redocly.yaml> --root <dir> --allow-remote <origin>]`:
// validate (swagger-parser) and lint (Redocly, with the redocly.yaml beside the document) and print
// every problem as `file:line:col severity rule message`. Exit 1 on any error.
import { DiagnosticsError, formatDiagnostics, hasErrors } from './diagnostics.ts';
import { DEFAULT_SPEC, DESCRIPTION_OPTIONS, descriptionOptions, parseCli } from './cli/args.ts';
import { buildModelIsolated } from './model/process/isolated.ts';
import { printable } from './terminal.ts';

const { values } = parseCli({
  spec: { type: 'string', default: DEFAULT_SPEC },
  ...DESCRIPTION_OPTIONS,
});

try {
  // On a worker with a memory bound: a description that would exhaust memory is reported, not a crash.
  const { diagnostics, model, timings } = await buildModelIsolated(values.spec!, descriptionOptions(values));
  if (diagnostics.length > 0) console.log(formatDiagnostics(diagnostics));
  const { operations, webhooks, schemas, tags } = model.stats;
  console.log(
    `${printable(`${model.info.title} ${model.info.version}`)} (OpenAPI ${printable(model.openapi)}): ${operations} operations, ${webhooks} webhooks, ${schemas} schemas, ${tags} tags` +
      ` — checked in ${Math.round(timings.load + timings.validate + timings.lint)} ms`,
  );
  process.exitCode = hasErrors(diagnostics) ? 1 : 0;
} catch (error) {
  if (error instanceof DiagnosticsError) {
    console.log(formatDiagnostics(error.diagnostics));
    process.exitCode = 1;
  } else {
    throw error;
  }
}
