// XML bodies must at least be well-formed: the mock cannot check them
// against an object schema, but a truncated or mistyped document is refused
// as a real server's parser would. fast-xml-parser's validator, no DOM built,
// loaded on the first XML body rather than at start.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type Validator = typeof import('fast-xml-parser').XMLValidator;
let validator: Validator | undefined;

/** `application/xml`, `text/xml`, `application/atom+xml`… */
export function isXmlMediaType(type: string): boolean {
  return /[/+]xml$/.test(type);
}

/** Undefined when well-formed, else where and why not. */
export function xmlProblem(text: string): string | undefined {
  validator ??= (require('fast-xml-parser') as typeof import('fast-xml-parser')).XMLValidator;
  const result = validator.validate(text);
  if (result === true) return undefined;
  const { msg, line, col } = result.err;
  return `The body is not well-formed XML: ${msg} (line ${line}, column ${col}).`;
}
