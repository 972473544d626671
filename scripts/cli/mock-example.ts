// A request to try the mock with, printed beside its address: the mock's root is no operation
// (it answers 404), so the address alone sends people to an error. Taken from the model: the
// first GET that needs no path parameter (one needing no parameter at all, if there is one),
// with the credentials its security asks for, any value being accepted by the mock.
import { exampleRequest } from '../model/contract/example-request.ts';
import type { ApiModel } from '../model/contract/types.ts';
import { printable } from '../terminal.ts';
import { shellWord } from '../reference/shell-quote.ts';

/** `curl -H 'Authorization: Bearer any-key' http://127.0.0.1:4010/pets`, or undefined when no GET fits. */
export function mockExample(model: ApiModel, mockUrl: string): string | undefined {
  const gets = model.operations.filter((op) => op.method === 'get' && !op.path.includes('{'));
  const op = gets.find((o) => !o.parameters.some((p) => p.required)) ?? gets[0];
  if (!op) return undefined;
  // Written by the model, as the home page's example is: any secret is accepted by the mock.
  const request = exampleRequest(op, model.securitySchemes, 'any-key');
  const headers = request.headers.flatMap(([name, value]) => ['-H', shellWord(`${name}: ${value}`)]);
  return ['curl', ...headers, shellWord(`${mockUrl.replace(/\/$/, '')}${request.path}`)].join(' ');
}

/** `Mock server: <url> (for example: curl …)`. */
export function mockLine(mockUrl: string, model?: ApiModel): string {
  const example = model ? mockExample(model, mockUrl) : undefined;
  // The example quotes paths and parameter names from the description: shown with control characters escaped.
  return `Mock server: ${mockUrl}${example ? ` (for example: ${printable(example)})` : ''}`;
}
