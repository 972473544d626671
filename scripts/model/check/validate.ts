// Structural validation with swagger-parser against the official OpenAPI
// schema. Its reference resolver does not follow 3.1's `$id` rules, so when
// it fails to resolve what Redocly's bundler already resolved, that is a
// limitation of the validator, reported as a warning, and Redocly's `struct`
// rule (part of lint) remains the structural check.
import SwaggerParser from '@apidevtools/swagger-parser';
import type { Diagnostic } from '../../diagnostics.ts';
import type { Locator } from '../load/locate.ts';
import { formatPointer } from '../document/pointer.ts';
import type { OpenApiDocument } from '../document/openapi.ts';
import { complexityProblem, measureDocument, type DocumentMeasure } from '../load/document-cost.ts';

interface AjvDetail {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

// oneOf branches that only say "this could also have been a $ref" hide the real problem.
function isNoise(detail: AjvDetail): boolean {
  return (
    (detail.keyword === 'required' && detail.params?.missingProperty === '$ref') ||
    detail.keyword === 'oneOf' ||
    detail.keyword === 'anyOf' ||
    detail.keyword === 'if'
  );
}

function describe(detail: AjvDetail): string {
  const params = detail.params ?? {};
  if (params.additionalProperty) return `${detail.message}: \`${String(params.additionalProperty)}\``;
  if (params.allowedValues) return `${detail.message}: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return detail.message ?? 'is invalid';
}

/**
 * swagger-parser's validation, unless the document is too large once its references are expanded: it dereferences
 * the document and checks it with ajv, so a schema named twice at each level is checked twice at each level.
 */
export async function validateDocument(
  document: OpenApiDocument,
  locate: Locator,
  measure: DocumentMeasure = measureDocument(document),
): Promise<Diagnostic[]> {
  const tooComplex = complexityProblem(measure, locate, "swagger-parser's validation");
  if (tooComplex) return [tooComplex];
  try {
    // swagger-parser dereferences in place; the model keeps working on the untouched bundle. It gets the
    // bundle, whose references the description's resolver already followed: it never reads a file or URL itself.
    await SwaggerParser.validate(structuredClone(document) as never, { resolve: { external: false, file: false, http: false } } as never);
    return [];
  } catch (error) {
    const e = error as { name?: string; message?: string; details?: AjvDetail[]; path?: string[] };
    if (Array.isArray(e.details)) {
      const details = e.details.filter((d) => !isNoise(d));
      return (details.length > 0 ? details : e.details.slice(0, 1)).map((detail) => {
        const at = locate(`#${detail.instancePath ?? ''}`);
        return { severity: 'error', rule: 'swagger-parser', message: describe(detail), ...at } satisfies Diagnostic;
      });
    }
    const resolution = /MissingPointerError|ResolverError|InvalidPointerError/.test(e.name ?? '');
    const message = String(e.message ?? error).split('\n')[0] ?? '';
    const at = locate(Array.isArray(e.path) ? formatPointer(e.path.map(String)) : '#');
    if (resolution) {
      return [
        {
          severity: 'warning',
          rule: 'swagger-parser',
          message: `swagger-parser could not resolve a reference that Redocly resolved (${message}); structure checked by Redocly's struct rule instead`,
          ...at,
        },
      ];
    }
    // Duplicate operationIds, path parameters not declared, …: validation errors after the schema check.
    const found = /Duplicate operation id "([^"]+)"/.exec(message);
    return [{ severity: 'error', rule: found ? 'operation-operationId-unique' : 'swagger-parser', message, ...at }];
  }
}
