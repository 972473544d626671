// The mock's credential checks on their own: what a request must carry for each kind of scheme,
// the message when it does not, and the WWW-Authenticate challenge. Schemes from inline documents.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileSecurity, type RequestCredentials } from '../../../scripts/mock/security.ts';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';

const { securitySchemes } = normalizeDocument(
  parse(`openapi: 3.1.0
info: {title: t, version: '1'}
paths: {}
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
    basic: {type: http, scheme: basic}
    headerKey: {type: apiKey, in: header, name: X-API-Key}
    queryKey: {type: apiKey, in: query, name: api_key}
`) as OpenApiDocument,
);

const check = (...alternatives: string[][]) =>
  compileSecurity(
    alternatives.map((names) => ({ schemes: names.map((name) => ({ name, scopes: [] })) })),
    securitySchemes,
    'Petstore',
  );

const request = (headers: Record<string, string> = {}, query = ''): RequestCredentials => ({ headers, query: new URLSearchParams(query) });

describe('compileSecurity', () => {
  it('needs no check where no credential is required, or one alternative is empty', () => {
    expect(check()).toBeUndefined();
    expect(check(['bearer'], [])).toBeUndefined();
  });

  it('takes any non-empty bearer token, the scheme name in any case', () => {
    const bearer = check(['bearer']);
    expect(bearer?.(request({ authorization: 'Bearer abc' }))).toBeUndefined();
    expect(bearer?.(request({ authorization: 'bearer abc' }))).toBeUndefined();
    const missing = bearer?.(request());
    expect(missing?.challenge).toBe('Bearer realm="Petstore"');
    expect(missing?.message).toMatch(/Authorization/);
    expect(bearer?.(request({ authorization: 'Bearer ' }))).toBeDefined();
    expect(bearer?.(request({ authorization: 'Token abc' }))).toBeDefined();
  });

  it("refuses a sample's placeholder where the credential goes, as the API would", () => {
    const bearer = check(['bearer']);
    expect(bearer?.(request({ authorization: 'Bearer <API_KEY>' }))?.message).toBe(
      'The Authorization header holds the placeholder <API_KEY>, not a credential: put your own in its place. Send your API key as Authorization: Bearer <API_KEY>.',
    );
    expect(check(['basic'])?.(request({ authorization: 'Basic <BASE64_USER_AND_PASSWORD>' }))?.message).toMatch(/placeholder <BASE64_USER_AND_PASSWORD>/);
    expect(check(['queryKey'])?.(request({}, 'api_key=%3CAPI_KEY%3E'))?.message).toMatch(/api_key query parameter holds the placeholder <API_KEY>/);
    // A key that merely mentions angle brackets is a key.
    expect(bearer?.(request({ authorization: 'Bearer <my-key>' }))).toBeUndefined();
  });

  it('wants user:password in base64 for basic', () => {
    const basic = check(['basic']);
    expect(basic?.(request({ authorization: `Basic ${Buffer.from('ann:secret').toString('base64')}` }))).toBeUndefined();
    expect(basic?.(request({ authorization: `Basic ${Buffer.from('no colon').toString('base64')}` }))).toBeDefined();
    expect(basic?.(request())?.challenge).toBe('Basic realm="Petstore"');
  });

  it('reads an API key where the scheme puts it', () => {
    expect(check(['headerKey'])?.(request({ 'x-api-key': 'k' }))).toBeUndefined();
    expect(check(['headerKey'])?.(request({}, 'X-API-Key=k'))).toBeDefined();
    expect(check(['queryKey'])?.(request({}, 'api_key=k'))).toBeUndefined();
    expect(check(['queryKey'])?.(request({ api_key: 'k' }))?.challenge).toBe('ApiKey realm="Petstore", in="query", name="api_key"');
  });

  it('passes a request that meets any one alternative, and needs every scheme of an alternative', () => {
    const either = check(['bearer'], ['headerKey', 'queryKey']);
    expect(either?.(request({ authorization: 'Bearer t' }))).toBeUndefined();
    expect(either?.(request({ 'x-api-key': 'k' }, 'api_key=k'))).toBeUndefined();
    const half = either?.(request({ 'x-api-key': 'k' }));
    expect(half).toBeDefined();
    expect(half?.challenge).toContain('Bearer realm="Petstore"');
    expect(half?.challenge).toContain('ApiKey realm="Petstore"');
  });
});
