// How an operation page words an operation with no security requirement of its own.
import { describe, expect, it } from 'vitest';
import { noAuthorizationText } from '../../../site/src/lib/authorization.ts';

describe('an operation without security requirements', () => {
  it('needs none when it turns off the requirements the document sets for all its operations', () => {
    expect(noAuthorizationText([{ schemes: [{ name: 'bearerAuth', scopes: [] }] }])).toBe('No authorization is needed.');
  });

  it('is said to declare none when the document sets no requirement at all (its text may still ask for a token)', () => {
    expect(noAuthorizationText([])).toBe('The description declares no authorization for this operation.');
    // An empty requirement (`security: [{}]`) is no requirement either.
    expect(noAuthorizationText([{ schemes: [] }])).toBe('The description declares no authorization for this operation.');
  });
});
