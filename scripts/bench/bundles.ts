// What a reader downloads to run the single-page API references, from their published
// packages in anchors/: the files their docs tell you to load.
import { readFileSync } from 'node:fs';
import { anchorPath } from './paths.ts';

export interface Bundle {
  subject: string;
  files: string[];
}

const version = (pkg: string): string => JSON.parse(readFileSync(anchorPath(pkg, 'package.json'), 'utf8')).version;

/**
 * Redoc's standalone bundle is the one `redocly build-docs` pages load from Redocly's CDN;
 * @redocly/cli ships that same file (Redoc 3.0.1) to compute its integrity hash, so it is
 * taken from there (the `redoc` package itself cannot be installed from this registry:
 * it needs @redocly/redoc-opentelemetry ^0.5.1, which is not published there).
 */
export const REDOC_STANDALONE = anchorPath('@redocly/cli/lib/chunks/redoc.standalone.js');

export function redocVersion(): string {
  return `Redoc ${/Version: (\S+)/.exec(readFileSync(REDOC_STANDALONE, 'utf8').slice(0, 400))?.[1] ?? '?'}`;
}

/** The single-page references other than Redoc, which `redocly build-docs` stands for. */
export function bundles(): Bundle[] {
  return [
    { subject: `Scalar API Reference ${version('@scalar/api-reference')} standalone`, files: [anchorPath('@scalar/api-reference/dist/browser/standalone.js')] },
    {
      subject: `Stoplight Elements ${version('@stoplight/elements')} web components + CSS`,
      files: [anchorPath('@stoplight/elements/web-components.min.js'), anchorPath('@stoplight/elements/styles.min.css')],
    },
    {
      subject: `Swagger UI ${version('swagger-ui-dist')} bundle + CSS`,
      files: [anchorPath('swagger-ui-dist/swagger-ui-bundle.js'), anchorPath('swagger-ui-dist/swagger-ui.css')],
    },
  ];
}
