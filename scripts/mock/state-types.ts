// What the mock holds of one version of a document (state.ts builds it, swapped whole on reload),
// as the router, the answers and the errors read it: below all of them, so none imports the builder.
import type { BuildResult } from '../model/index.ts';
import type { SchemaLookup } from '../model/contract/schema-merge.ts';
import type { ApiModel, Operation } from '../model/contract/types.ts';
import type { PreparedAnswers, PreparedResponse } from './answers.ts';
import type { DeprecationSignals } from './deprecation.ts';
import type { Engine } from './engine.ts';
import type { RequestSpec } from './request-checks.ts';
import type { RouteMatch, Router } from './router.ts';
import type { SchemaCompiler } from './schemas.ts';
import type { SecurityCheck } from './security.ts';
import type { CredentialNames } from './recent.ts';
import type { Inference } from './stateful/infer.ts';
import type { StatefulPart } from './stateful/types.ts';

export interface MockOperation {
  op: Operation;
  security: SecurityCheck | undefined;
  signals: DeprecationSignals | undefined;
  answers: PreparedAnswers;
  /** Read from the document on first call. */
  request?: RequestSpec;
  /** With `--stateful`: the resource this operation reads or writes, and how. */
  stateful?: StatefulPart;
  /** Its name in the log: operationId, else method and path. */
  label: string;
}

export interface MockState {
  title: string;
  version: string;
  operationCount: number;
  router: Router<MockOperation>;
  /** Path prefixes of the declared servers (`/v1`), also accepted before an operation's path. */
  basePaths: string[];
  expose: string;
  model: ApiModel;
  document: BuildResult['document'];
  files: string[];
  compiler: SchemaCompiler;
  /** Answers' schemas (a proxied answer is checked against them), compiled on first use. */
  responseCompiler(): SchemaCompiler;
  engine: Engine;
  /** What the mock leaves out of this version (unchecked patterns, unsendable headers), one line each, said at start and reload. */
  notices: string[];
  /** With `--stateful`: the resources found in this version. */
  inference?: Inference;
  /** Component schemas by name, for reading error shapes. */
  lookup: SchemaLookup;
  /** Where the description's credentials travel: redacted in the journal and never relayed elsewhere. */
  credentials: CredentialNames;
  /** The error response the document declares most for a status (computed on first use). */
  documentError(status: number): PreparedResponse | undefined;
  /** Request checks of one operation, read on first use. */
  requestSpec(mock: MockOperation): RequestSpec;
  /** The route, and the server's base path it was found under (`/v1`), if any. */
  match(path: string): (RouteMatch<MockOperation> & { base?: string }) | undefined;
}
