// The single-page API references rendering a document, each on a page of its own as their
// docs show (a script, a stylesheet, the document beside them), for the page-position
// measurements: Scalar's standalone bundle, Stoplight Elements' web component, and Redoc's
// page from `redocly build-docs` (served with its script from the local bundle).
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { anchorPath, TMP, type DocName } from './paths.ts';

export type ReferenceTool = 'scalar' | 'elements';

/**
 * A folder serving the tool's page (`/`) for the document. `bundled` is the document as one
 * JSON file (our build publishes it as /openapi.json): the tools cannot all follow references
 * to other files.
 */
export function referenceSite(tool: ReferenceTool, doc: DocName, bundled: string): string {
  const dir = join(TMP, 'serve', `${tool}-${doc}`);
  mkdirSync(dir, { recursive: true });
  copyFileSync(bundled, join(dir, 'openapi.json'));
  if (tool === 'scalar') {
    copyFileSync(anchorPath('@scalar/api-reference/dist/browser/standalone.js'), join(dir, 'standalone.js'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><title>Scalar</title></head><body><script id="api-reference" data-url="/openapi.json"></script><script src="/standalone.js"></script></body></html>',
    );
  } else {
    copyFileSync(anchorPath('@stoplight/elements/web-components.min.js'), join(dir, 'web-components.min.js'));
    copyFileSync(anchorPath('@stoplight/elements/styles.min.css'), join(dir, 'styles.min.css'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><title>Elements</title><script src="/web-components.min.js"></script><link rel="stylesheet" href="/styles.min.css"></head><body style="height:100vh"><elements-api apiDescriptionUrl="/openapi.json" router="hash" layout="sidebar"></elements-api></body></html>',
    );
  }
  return dir;
}
