// The example request the home page shows for the mock server, worked out from the model so
// that what it says is true of this document: an operation that declares an error answer
// (a 404 if any does), the name of that answer's example for `Prefer: example=`, and the
// credential the operation asks for.
import type { ApiModel, Operation } from '#model/contract/types.ts';
import { panelView } from '../components/try-it/panel-model.ts';
import { buildRequest } from '../scripts/try-it/request.ts';
import { documentedInput, PLACEHOLDER_NOTE } from './sample-input.ts';

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

const PLACEHOLDER = PLACEHOLDER_NOTE;
// Any non-empty credential works on the mock; a Basic one needs a user name and password encoded together.
const credential = (value: string) => value.replace(/<BASE64_USER_AND_PASSWORD>/g, btoa('user:my-key')).replace(new RegExp(PLACEHOLDER, 'g'), 'my-key');

function errorStatus(op: Operation): string | undefined {
  const statuses = op.responses.map((r) => r.status).filter((s) => /^[45]\d\d$/.test(s));
  return statuses.includes('404') ? '404' : statuses[0];
}

export function mockSample(model: ApiModel): MockSample | undefined {
  // A deprecated operation would add its deprecation headers to the example's answer: others first.
  const gets = model.operations.filter((op) => op.method === 'get' && op.kind === 'operation').sort((a, b) => Number(a.deprecated) - Number(b.deprecated));
  const op = gets.find((o) => o.responses.some((r) => r.status === '404')) ?? gets.find((o) => errorStatus(o)) ?? gets[0];
  if (!op) return undefined;
  const mockOp = { ...op, servers: [{ url: 'http://mock', resolvedUrl: 'http://mock', variables: {} }] };
  const view = panelView(mockOp, model.servers, model.securitySchemes, 'http://mock', new Map(model.schemas.map((s) => [s.name, s])));
  const request = buildRequest(documentedInput(view.input, mockOp));
  const url = new URL(request.url, 'http://mock');
  for (const [name, value] of [...url.searchParams]) if (PLACEHOLDER.test(value)) url.searchParams.set(name, credential(value));
  const headers = request.headers.filter(([, value]) => PLACEHOLDER.test(value)).map(([name, value]) => `${name}: ${credential(value)}`);
  const code = errorStatus(op);
  const response = op.responses.find((r) => r.status === code);
  const example = response?.content.flatMap((m) => m.examples).find((e) => !e.generated && e.value !== undefined)?.name;
  return { path: url.pathname + url.search, headers, code, example };
}
