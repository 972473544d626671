// A request to try the mock with, printed beside its address: the mock's root is no operation
// (it answers 404), so the address alone sends people to an error. Taken from the model: the
// first GET that needs no path parameter (one needing no parameter at all, if there is one),
// with the credentials its security asks for, any value being accepted by the mock.
import type { ApiModel, Operation, SecurityScheme } from '../model/contract/types.ts';
import { credentialValue } from '../model/contract/credential.ts';
import { printable } from '../infra/terminal.ts';

const KEY = 'any-key';

/** POSIX shell quoting: single quotes, a quote inside written as '\''; plain words as they are. */
const quote = (text: string): string => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

function credentials(op: Operation, schemes: SecurityScheme[]): { args: string[]; query: string[] } {
  const args: string[] = [];
  const query: string[] = [];
  // An empty requirement (`{}`) among the alternatives means the operation can be called without any.
  const first = op.security[0];
  if (!first || op.security.some((r) => r.schemes.length === 0)) return { args, query };
  for (const { name } of first.schemes) {
    // Where the credential goes and in what form: the model's, for the scheme.
    const credential = schemes.find((s) => s.name === name)?.credential;
    if (!credential?.name) continue;
    if (credential.form === 'basic') args.push('-u', quote(`user:${KEY}`));
    else if (credential.in === 'query') query.push(`${encodeURIComponent(credential.name)}=${KEY}`);
    else if (credential.in === 'cookie') args.push('-b', quote(`${credential.name}=${KEY}`));
    else args.push('-H', quote(`${credential.name}: ${credentialValue(credential, KEY)}`));
  }
  return { args, query };
}

/** `curl -H 'Authorization: Bearer any-key' http://127.0.0.1:4010/pets`, or undefined when no GET fits. */
export function mockExample(model: ApiModel, mockUrl: string): string | undefined {
  const gets = model.operations.filter((op) => op.method === 'get' && !op.path.includes('{'));
  const op = gets.find((o) => !o.parameters.some((p) => p.required)) ?? gets[0];
  if (!op) return undefined;
  const { args, query } = credentials(op, model.securitySchemes);
  const url = `${mockUrl.replace(/\/$/, '')}${op.path}${query.length ? `?${query.join('&')}` : ''}`;
  return ['curl', ...args, quote(url)].join(' ');
}

/** `Mock server: <url> (for example: curl …)`. */
export function mockLine(mockUrl: string, model?: ApiModel): string {
  const example = model ? mockExample(model, mockUrl) : undefined;
  // The example quotes paths and parameter names from the description: shown with control characters escaped.
  return `Mock server: ${mockUrl}${example ? ` (for example: ${printable(example)})` : ''}`;
}
