// Prism's engine, for what static examples cannot give: `Prefer:
// dynamic=true` (a body generated from the schema with fake data) and
// responses that declare a schema but no example at all. It runs in a pool of
// workers (engine-pool.ts), started on first use, and is fed one operation at
// a time, with only the components it reaches (model/document/document.ts cuts that
// slice), so a large document does not pay for dereferencing all of itself.
import { engineSlice, type OpenApiDocument } from '../model/document/document.ts';
import type { Operation } from '../model/contract/types.ts';
import type { EnginePool } from './engine-pool.ts';
import type { EngineOptions, EngineRequest, GenerateResult } from './engine-messages.ts';

export class Engine {
  private static versions = 0;
  private readonly document: OpenApiDocument;
  private readonly pool: EnginePool;
  /** This version of the document, in the keys the pool's workers hold operations by. */
  private readonly version = ++Engine.versions;
  private readonly keys = new Map<Operation, string>();

  constructor(document: OpenApiDocument, pool: EnginePool) {
    this.document = document;
    this.pool = pool;
  }

  /** The engine's answer, `none` when it has none (the caller sends the prepared one), `limit` when it went over a limit. */
  answer(op: Operation, request: EngineRequest, options: EngineOptions): Promise<GenerateResult> {
    let key = this.keys.get(op);
    if (key === undefined) this.keys.set(op, (key = `${this.version}:${this.keys.size}`));
    return this.pool.run(key, () => engineSlice(this.document, op), request, options);
  }
}
