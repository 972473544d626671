// The bundled document's type, below everything that reads it (deref.ts, document.ts, the loader).
import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';

/** An OpenAPI 3.0 or 3.1 document, bundled: every `$ref` left in it is internal (`#/…`). */
export type OpenApiDocument = OpenAPIV3.Document | OpenAPIV3_1.Document;
