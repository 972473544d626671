// Which check id a schema change gets: the keyword's suffix (`max-decreased`) under the scope
// it happens in, as oasdiff names them: `request-body-` for the root of a request body,
// `request-property-` inside one, `request-parameter-` for a parameter, `response-header-` for a
// response header, and so on.
import { CATALOGUE } from './catalogue.ts';

export type Direction = 'request' | 'response';

/** oasdiff's ids that do not follow its own pattern. */
const ALIASES: Record<string, string> = { 'response-body-enum-value-removed': 'response-mediatype-enum-value-removed' };

/**
 * A change inside a field clients never send (read-only, in a request) or never read (write-only, in
 * a response): oasdiff's `request-read-only-property-*` and `response-write-only-property-*`, for the
 * changes it has them for (information); undefined for the others, which keep their own id, as in oasdiff.
 */
export function unseenId(id: string, dir: Direction): string | undefined {
  const scope = dir === 'request' ? 'request-read-only-property-' : 'response-write-only-property-';
  const unseen = id.replace(dir === 'request' ? /^request-(property|body)-/ : /^response-(property|body)-/, scope);
  return CATALOGUE.has(unseen) ? unseen : undefined;
}

/** What a compared schema belongs to: the data's direction and the kind of place it sits. */
export interface Scope {
  dir: Direction;
  where: 'body' | 'parameter' | 'header';
  /** A body of a media type that is not JSON (XML, text, a form): read as text, so anything may become a string. */
  loose?: boolean;
}

/** The id of a keyword change at the root of the compared schema (`root`) or inside it. */
export function keywordId(scope: Scope, root: boolean, suffix: string): string {
  const { dir, where } = scope;
  if (where === 'body') {
    const id = `${dir}-${root ? 'body' : 'property'}-${suffix}`;
    return ALIASES[id] ?? id;
  }
  // A reply's header is sent by the client, as a request parameter is.
  const place = where === 'header' && dir === 'response' ? 'header' : 'parameter';
  const nested = `${dir}-${place}-property-${suffix}`;
  return !root && CATALOGUE.has(nested) ? nested : `${dir}-${place}-${suffix}`;
}
