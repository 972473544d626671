// The downloadable openapi.yaml: js-yaml's writer, which quotes every string a YAML 1.1 or 1.2
// reader would read as something else (`yes`, `0777`, `1:20`, `e7`).
import { dump } from 'js-yaml';

/** The document as YAML. Repeated objects are written out in full: anchors and aliases confuse many OpenAPI tools. */
export function yamlDownload(document: unknown): string {
  return dump(document, { noRefs: true, lineWidth: -1 });
}
