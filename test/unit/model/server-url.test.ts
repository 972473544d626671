// A server's URL with its variables filled in (the model's rule, scripts/model/contract/server-url.ts):
// each value encoded, a base path and a port kept, an unknown variable left a placeholder.
import { describe, expect, it } from 'vitest';
import { encodeServerVariable, resolveServerUrl } from '../../../scripts/model/contract/server-url.ts';

describe('server URLs', () => {
  it('encodes server variables but keeps a base path and a port', () => {
    expect(encodeServerVariable('v2/api')).toBe('v2/api');
    expect(encodeServerVariable('localhost:8080')).toBe('localhost:8080');
    expect(encodeServerVariable(`x'+y"z $(w)`)).toBe('x%27%2By%22z%20%24%28w%29');
    expect(resolveServerUrl('https://{host}/{base}/', { host: { default: 'api.example.com' }, base: { default: "v1'" } })).toBe(
      'https://api.example.com/v1%27/',
    );
  });

  it('leaves an unknown server variable a placeholder, and reads no inherited property as a variable', () => {
    expect(resolveServerUrl('https://{region}.example.com/{constructor}', {})).toBe('https://{region}.example.com/{constructor}');
  });
});
