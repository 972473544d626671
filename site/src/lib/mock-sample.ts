// The example request the home page shows for the mock server, worked out from the model so
// that what it says is true of this document: an operation that declares an error answer
// (a 404 if any does), the name of that answer's example for `Prefer: example=`, and the
// credential the operation asks for.
import { exampleRequest } from '#model/contract/example-request.ts';
import type { ApiModel, Operation } from '#model/contract/types.ts';

export interface MockSample {
  /** Path and query of the request, with path parameters filled from examples. */
  path: string;
  /** Headers to send: the credential, when the operation needs one. */
  headers: string[];
  /** The declared status `Prefer: code=` asks for, when the operation has an error answer. */
  code?: string;
  /** A named example of that answer, for `Prefer: example=`. */
  example?: string;
}

function errorStatus(op: Operation): string | undefined {
  const statuses = op.responses.map((r) => r.status).filter((s) => /^[45]\d\d$/.test(s));
  return statuses.includes('404') ? '404' : statuses[0];
}

export function mockSample(model: ApiModel): MockSample | undefined {
  // A deprecated operation would add its deprecation headers to the example's answer: others first.
  const gets = model.operations.filter((op) => op.method === 'get' && op.kind === 'operation').sort((a, b) => Number(a.deprecated) - Number(b.deprecated));
  const op = gets.find((o) => o.responses.some((r) => r.status === '404')) ?? gets.find((o) => errorStatus(o)) ?? gets[0];
  if (!op) return undefined;
  // Written by the model, as the terminal's example is: any non-empty credential works on the mock.
  const request = exampleRequest(op, model.securitySchemes, 'my-key');
  const headers = request.headers.map(([name, value]) => `${name}: ${value}`);
  const code = errorStatus(op);
  const response = op.responses.find((r) => r.status === code);
  const example = response?.content.flatMap((m) => m.examples).find((e) => !e.generated && e.value !== undefined)?.name;
  return { path: request.path, headers, code, example };
}
