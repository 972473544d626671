// The downloadable openapi.yaml: js-yaml's writer, which quotes every string a YAML 1.1 or 1.2
// reader would read as something else (`yes`, `0777`, `1:20`, `e7`).
import { DEFAULT_SCALAR_STYLE_RULES, SCALAR_STYLE, type ScalarStyleRule, dump } from 'js-yaml';

/**
 * A multi-line string with a line of only spaces or tabs is written double-quoted: in a block
 * scalar such a line is content to js-yaml and PyYAML but trailing emptiness to the `yaml` library.
 */
const quoteBlankLines: ScalarStyleRule = (layout) => {
  if (layout.style === SCALAR_STYLE.PLAIN && !layout.isKey && /\n[ \t]+(?:\n|$)|^[ \t]+\n/.test(layout.node.value)) {
    layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
  }
};

/**
 * A plain string that starts like a document marker (`--- pets`, `...`) is written double-quoted:
 * as a top-level key it would start at column 0 and be read as the start or end of a document.
 */
const quoteDocumentMarkers: ScalarStyleRule = (layout) => {
  if (layout.style === SCALAR_STYLE.PLAIN && /^(?:---|\.\.\.)(?:[ \t\n]|$)/.test(layout.node.value)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
};

// Before js-yaml's own choice of a block scalar, which only looks at plain styles.
const scalarStyleRules: ScalarStyleRule[] = Object.entries(DEFAULT_SCALAR_STYLE_RULES).flatMap(([name, rule]) =>
  name === 'tryLongOrMultilineAsBlock' ? [quoteDocumentMarkers, quoteBlankLines, rule] : [rule],
);

/** The document as YAML. Repeated objects are written out in full: anchors and aliases confuse many OpenAPI tools. */
export function yamlDownload(document: unknown): string {
  return dump(document, { noRefs: true, lineWidth: -1, scalarStyleRules });
}
