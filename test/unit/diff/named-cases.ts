// A change per check named in full (operations, parameters, bodies, responses, properties,
// security, lifecycle, servers, components, the version): the edit that makes it, from the base
// document of catalogue-documents.ts (changed by `start` on both sides first), and what its message says.
import type { DiffSettings } from '../../../scripts/diff/settings.ts';
import { type Doc, post, requestSchema, responseSchema, webhook } from './catalogue-documents.ts';

export interface NamedCase {
  start?: (d: Doc) => void;
  edit: (d: Doc) => void;
  says: RegExp;
  settings?: Partial<DiffSettings>;
}

/** A stable operation's sunset must be 180 days ahead. */
const notice: Partial<DiffSettings> = { deprecationDays: { stable: 180, beta: 0 } };

const json = (schema: Doc): Doc => ({ 'application/json': { schema } });
const xml = (schema: Doc): Doc => ({ 'application/xml': { schema } });
const deprecate =
  (extra: Doc = {}) =>
  (d: Doc) =>
    Object.assign(post(d), { deprecated: true, ...extra });
const flow = (d: Doc): Doc => d.components.securitySchemes.oauth.flows.clientCredentials;

/** A field's read-only or write-only flag turned on or off, in what clients send or read, required or not. */
const accessCases = Object.fromEntries(
  (['request', 'response'] as const).flatMap((dir) =>
    (['required', 'optional'] as const).flatMap((req) =>
      (['readOnly', 'writeOnly'] as const).flatMap((flag) => {
        const word = flag === 'readOnly' ? 'read-only' : 'write-only';
        const schema = dir === 'request' ? requestSchema : responseSchema;
        const field = (d: Doc): Doc => schema(d).properties.flagged;
        const start = (on: boolean) => (d: Doc) => {
          schema(d).properties.flagged = { type: 'string', ...(on ? { [flag]: true } : {}) };
          schema(d).required = req === 'required' ? ['flagged'] : [];
        };
        return [
          [`${dir}-${req}-property-became-${word}`, { start: start(false), edit: (d: Doc) => (field(d)[flag] = true), says: new RegExp(`is now ${word}`) }],
          [
            `${dir}-${req}-property-became-not-${word}`,
            { start: start(true), edit: (d: Doc) => delete field(d)[flag], says: new RegExp(`is no longer ${word}`) },
          ],
        ];
      }),
    ),
  ),
) as Record<string, NamedCase>;

export const NAMED_CASES: Record<string, NamedCase> = {
  ...accessCases,
  // Operations and webhooks
  'endpoint-added': {
    edit: (d) => (d.paths['/new'] = { get: { operationId: 'fresh', responses: { '200': { description: 'ok' } } } }),
    says: /GET \/new \(fresh\) was added/,
  },
  'api-path-removed-without-deprecation': {
    edit: (d) => delete d.paths['/things'].get && delete d.paths['/things'].post && delete d.paths['/things'],
    says: /was removed; clients that call it will get errors/,
  },
  'api-path-removed-with-deprecation': {
    start: (d) => (d.paths['/things'].get.deprecated = true),
    edit: (d) => delete d.paths['/things'],
    says: /it was deprecated, so clients were told to move off it/,
  },
  'api-path-removed-before-sunset': {
    start: (d) => Object.assign(d.paths['/things'].get, { deprecated: true, 'x-sunset': '2027-01-01' }),
    edit: (d) => delete d.paths['/things'],
    says: /removed before its announced sunset on 2027-01-01/,
  },
  'api-removed-without-deprecation': { edit: (d) => delete d.paths['/things'].get, says: /GET \/things \(listThings\) was removed/ },
  'api-removed-with-deprecation': {
    start: (d) => (d.paths['/things'].get['x-sunset'] = '2025-06-30') && (d.paths['/things'].get.deprecated = true),
    edit: (d) => delete d.paths['/things'].get,
    says: /announced for removal on 2025-06-30, so it does not count as breaking/,
  },
  'api-removed-before-sunset': {
    start: (d) => Object.assign(d.paths['/things'].get, { deprecated: true, 'x-sunset': '2027-01-01' }),
    edit: (d) => delete d.paths['/things'].get,
    says: /removed before its announced sunset/,
  },
  'api-operation-moved': {
    edit: (d) => (d.paths['/items'] = { get: d.paths['/things'].get }) && delete d.paths['/things'].get,
    says: /listThings moved from GET \/things to GET \/items/,
  },
  'webhook-added': {
    edit: (d) => (d.webhooks.thingGone = { post: { operationId: 'thingGone', responses: { '200': { description: 'ok' } } } }),
    says: /webhook thingGone \(thingGone\) was added/i,
  },
  'webhook-removed': { edit: (d) => delete d.webhooks.thingCreated, says: /clients will no longer receive it/ },
  'webhook-removed-with-deprecation': { start: (d) => (webhook(d).deprecated = true), edit: (d) => delete d.webhooks.thingCreated, says: /it was deprecated/ },
  'webhook-renamed': {
    edit: (d) => (d.webhooks.thingMade = d.webhooks.thingCreated) && delete d.webhooks.thingCreated,
    says: /was renamed from thingCreated to thingMade/,
  },
  'api-operation-id-added': {
    start: (d) => delete d.paths['/things'].get.operationId,
    edit: (d) => (d.paths['/things'].get.operationId = 'listThings'),
    says: /now has the operationId listThings/,
  },
  'api-operation-id-removed': { edit: (d) => (d.paths['/things'].get.operationId = 'allThings'), says: /changed from listThings to allThings; code generated/ },
  'api-tag-added': { edit: (d) => post(d).tags.push('new'), says: /now has the tag new/ },
  'api-tag-removed': { edit: (d) => (post(d).tags = []), says: /no longer has the tag things/ },
  'endpoint-deprecated': { edit: deprecate(), says: /is now deprecated; it keeps working/ },
  'endpoint-deprecated-with-sunset': { edit: deprecate({ 'x-sunset': '2027-01-01' }), says: /scheduled for removal on 2027-01-01/ },
  'endpoint-reactivated': { start: deprecate(), edit: (d) => (post(d).deprecated = false), says: /is no longer deprecated/ },
  'api-deprecated-sunset-missing': {
    edit: deprecate(),
    says: /deprecated without an x-sunset date; stable operations need one at least 180 days ahead/,
    settings: notice,
  },
  'api-sunset-date-too-small': {
    edit: deprecate({ 'x-sunset': '2026-02-01' }),
    says: /31 days ahead; stable operations need at least 180 days/,
    settings: notice,
  },
  'sunset-deleted': {
    start: deprecate({ 'x-sunset': '2027-01-01' }),
    edit: (d) => delete post(d)['x-sunset'],
    says: /no longer has its sunset date \(2027-01-01\)/,
  },
  'api-sunset-date-changed-too-small': {
    start: deprecate({ 'x-sunset': '2027-01-01' }),
    edit: (d) => (post(d)['x-sunset'] = '2026-03-01'),
    says: /moved earlier, from 2027-01-01 to 2026-03-01, leaving 59 days where clients were promised at least 180/,
    settings: notice,
  },
  'api-sunset-date-changed': {
    start: deprecate({ 'x-sunset': '2027-01-01' }),
    edit: (d) => (post(d)['x-sunset'] = '2027-06-01'),
    says: /sunset moved from 2027-01-01 to 2027-06-01/,
  },
  'api-sunset-added': { start: deprecate(), edit: (d) => (post(d)['x-sunset'] = '2027-06-01'), says: /now scheduled for removal on 2027-06-01/ },
  'api-deprecated-at-changed': {
    start: deprecate({ 'x-deprecated-at': '2025-01-01' }),
    edit: (d) => (post(d)['x-deprecated-at'] = '2025-02-01'),
    says: /deprecation date changed from 2025-01-01 to 2025-02-01/,
  },
  'api-replaced-by-added': { start: deprecate(), edit: (d) => (post(d)['x-replaced-by'] = 'listThings'), says: /now names its replacement: listThings/ },
  'api-replaced-by-changed': {
    start: deprecate({ 'x-replaced-by': 'listThings' }),
    edit: (d) => (post(d)['x-replaced-by'] = 'thingCreated'),
    says: /replacement changed from listThings to thingCreated/,
  },
  'api-replaced-by-removed': {
    start: deprecate({ 'x-replaced-by': 'listThings' }),
    edit: (d) => delete post(d)['x-replaced-by'],
    says: /no longer names a replacement \(was listThings\)/,
  },
  'api-stability-decreased': {
    edit: (d) => (post(d)['x-stability-level'] = 'draft'),
    says: /changed stability from stable to experimental; it may now change or go without notice/,
  },
  'api-stability-increased': {
    start: (d) => (post(d)['x-stability'] = 'beta'),
    edit: (d) => delete post(d)['x-stability'],
    says: /changed stability from beta to stable\./,
  },
  'api-server-added': { edit: (d) => d.servers.push({ url: 'https://eu.example.com' }), says: /Server https:\/\/eu\.example\.com was added/ },
  'api-server-removed': {
    edit: (d) => (d.servers = [{ url: 'https://v2.example.com' }]),
    says: /Server https:\/\/api\.example\.com was removed; clients configured with it/,
  },
  // Security
  'api-security-added': {
    start: (d) => (post(d).security = []),
    edit: (d) => (post(d).security = [{ key: [] }]),
    says: /now requires key where it needed none/,
  },
  'api-security-removed': { edit: (d) => (post(d).security = []), says: /no longer requires authentication \(was key\)/ },
  'api-security-scope-added': {
    start: (d) => (post(d).security = [{ oauth: ['read'] }]),
    edit: (d) => (post(d).security = [{ oauth: ['read', 'write'] }]),
    says: /clients authorized with oauth \(read\) will be rejected/,
  },
  'api-security-scope-removed': {
    start: (d) => (post(d).security = [{ oauth: ['read', 'write'] }]),
    edit: (d) => (post(d).security = [{ oauth: ['read'] }]),
    says: /every client authorized before still is/,
  },
  'api-security-tightened': { edit: (d) => (post(d).security = [{ key: [], oauth: [] }]), says: /clients authorized with key will be rejected/ },
  'api-security-relaxed': {
    edit: (d) => post(d).security.push({ oauth: [] }),
    says: /Security changed from key to key or oauth; every client authorized before still is/,
  },
  'api-security-component-added': {
    edit: (d) => (d.components.securitySchemes.basic = { type: 'http', scheme: 'basic' }),
    says: /Security scheme basic was added/,
  },
  'api-security-component-removed': { edit: (d) => delete d.components.securitySchemes.oidc, says: /Security scheme oidc was removed/ },
  'api-security-component-type-changed': {
    edit: (d) => (d.components.securitySchemes.key = { type: 'http', scheme: 'bearer' }),
    says: /changed type from apiKey to http/,
  },
  'api-security-component-credential-moved': {
    edit: (d) => (d.components.securitySchemes.key.in = 'query'),
    says: /now expects its key in query "X-Key" instead of header "X-Key"/,
  },
  'api-security-component-oauth-url-changed': {
    start: (d) =>
      (d.components.securitySchemes.oauth.flows = {
        authorizationCode: { authorizationUrl: 'https://a.example.com/auth', tokenUrl: 'https://a.example.com/token', scopes: {} },
      }),
    edit: (d) => (d.components.securitySchemes.oauth.flows.authorizationCode.authorizationUrl = 'https://b.example.com/auth'),
    says: /authorizationCode flow's authorizationUrl to https:\/\/b\.example\.com\/auth/,
  },
  'api-security-component-oauth-token-url-changed': {
    edit: (d) => (flow(d).tokenUrl = 'https://auth.example.com/v2/token'),
    says: /clientCredentials flow's tokenUrl to https:\/\/auth\.example\.com\/v2\/token; clients configured with the old URL must update it/,
  },
  'api-security-component-oauth-refresh-url-changed': {
    edit: (d) => (flow(d).refreshUrl = 'https://auth.example.com/refresh'),
    says: /refreshUrl to https:\/\/auth\.example\.com\/refresh/,
  },
  'api-security-component-oauth-flow-added': {
    edit: (d) => (d.components.securitySchemes.oauth.flows.password = { tokenUrl: 'https://auth.example.com/token', scopes: {} }),
    says: /now also offers the OAuth password flow/,
  },
  'api-security-component-oauth-flow-removed': {
    edit: (d) => (d.components.securitySchemes.oauth.flows = { password: { tokenUrl: 'https://auth.example.com/token', scopes: {} } }),
    says: /no longer offers the OAuth clientCredentials flow/,
  },
  'api-security-component-oauth-scope-added': { edit: (d) => (flow(d).scopes.admin = 'Admin'), says: /offers the new clientCredentials scope admin/ },
  'api-security-component-oauth-scope-removed': {
    edit: (d) => delete flow(d).scopes.write,
    says: /no longer offers the clientCredentials scope write; clients that request it will be refused/,
  },
  'api-security-component-oauth-scope-changed': {
    edit: (d) => (flow(d).scopes.read = 'Read everything'),
    says: /describes the clientCredentials scope read differently/,
  },
  'api-security-component-openid-url-changed': {
    edit: (d) => (d.components.securitySchemes.oidc.openIdConnectUrl = 'https://id.example.com/.well-known/openid-configuration'),
    says: /moved its OpenID Connect discovery URL/,
  },
  // Parameters
  'new-required-request-parameter': {
    edit: (d) => post(d).parameters.push({ name: 'owner', in: 'query', required: true, schema: { type: 'string' } }),
    says: /New required query parameter "owner"; existing requests that do not send it will be rejected/,
  },
  'new-optional-request-parameter': {
    edit: (d) => post(d).parameters.push({ name: 'owner', in: 'query', schema: { type: 'string' } }),
    says: /New optional query parameter "owner"/,
  },
  'request-parameter-removed': { edit: (d) => (post(d).parameters = []), says: /Query parameter "q" was removed; requests that still send it will succeed/ },
  'request-parameter-removed-with-deprecation': {
    start: (d) => (post(d).parameters[0].deprecated = true),
    edit: (d) => (post(d).parameters = []),
    says: /was removed \(it was deprecated\)/,
  },
  'request-parameter-became-required': {
    edit: (d) => (post(d).parameters[0].required = true),
    says: /Query parameter "q" became required; requests that leave it out will be rejected/,
  },
  'request-parameter-became-optional': {
    start: (d) => (post(d).parameters[0].required = true),
    edit: (d) => (post(d).parameters[0].required = false),
    says: /became optional/,
  },
  'request-parameter-location-changed': {
    edit: (d) => (post(d).parameters[0].in = 'header'),
    says: /moved from the query to the header; clients that still send it in the query will not be understood/,
  },
  'request-parameter-style-changed': {
    start: (d) => (post(d).parameters[0].schema = { type: 'array', items: { type: 'string' } }),
    edit: (d) => (post(d).parameters[0].explode = false),
    says: /changed serialization from form \(explode\) to form/,
  },
  'request-path-parameter-renamed': {
    start: (d) =>
      (d.paths['/things/{id}'] = {
        get: {
          operationId: 'getThing',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        },
      }),
    edit: (d) =>
      (d.paths['/things/{thingId}'] = {
        get: { ...d.paths['/things/{id}'].get, parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }] },
      }) && delete d.paths['/things/{id}'],
    says: /Path parameter "id" was renamed to "thingId"; the URL clients call is unchanged/,
  },
  'request-parameter-deprecated': { edit: (d) => (post(d).parameters[0].deprecated = true), says: /Query parameter "q" is now deprecated/ },
  'request-parameter-reactivated': {
    start: (d) => (post(d).parameters[0].deprecated = true),
    edit: (d) => (post(d).parameters[0].deprecated = false),
    says: /is no longer deprecated/,
  },
  // A type changed to or from a string where the value is read as text
  'request-body-type-compatible': {
    start: (d) => (post(d).requestBody.content = xml({ type: 'object' })),
    edit: (d) => (post(d).requestBody.content = xml({ type: 'string' })),
    says: /changed type from object to string; every value valid before is still valid/,
  },
  'request-property-type-compatible': {
    start: (d) => (post(d).requestBody.content = xml({ type: 'object', properties: { n: { type: 'integer' } } })),
    edit: (d) => (post(d).requestBody.content = xml({ type: 'object', properties: { n: { type: 'string' } } })),
    says: /changed type from integer to string/,
  },
  'response-body-type-compatible': {
    start: (d) => (post(d).responses['200'].content = xml({ type: 'string' })),
    edit: (d) => (post(d).responses['200'].content = xml({ type: 'object' })),
    says: /changed type from string to object/,
  },
  'response-property-type-compatible': {
    start: (d) => (post(d).responses['200'].content = xml({ type: 'object', properties: { n: { type: 'string' } } })),
    edit: (d) => (post(d).responses['200'].content = xml({ type: 'object', properties: { n: { type: 'integer' } } })),
    says: /changed type from string to integer/,
  },
  'response-header-type-compatible': {
    start: (d) => (post(d).responses['200'].headers['X-Rate'].schema = { type: 'string' }),
    edit: (d) => (post(d).responses['200'].headers['X-Rate'].schema = { type: 'integer' }),
    says: /X-Rate header of the 200 response changed type from string to integer/,
  },
  // Request bodies
  'request-body-added-required': {
    start: (d) => delete post(d).requestBody,
    edit: (d) => (post(d).requestBody = { required: true, content: json({ type: 'object' }) }),
    says: /A required request body was added/,
  },
  'request-body-added-optional': {
    start: (d) => delete post(d).requestBody,
    edit: (d) => (post(d).requestBody = { content: json({ type: 'object' }) }),
    says: /An? optional request body was added/,
  },
  'request-body-removed': { edit: (d) => delete post(d).requestBody, says: /The request body was removed; clients that still send one may be rejected/ },
  'request-body-became-required': {
    edit: (d) => (post(d).requestBody.required = true),
    says: /The request body became required; requests without one will be rejected/,
  },
  'request-body-became-optional': {
    start: (d) => (post(d).requestBody.required = true),
    edit: (d) => (post(d).requestBody.required = false),
    says: /The request body became optional/,
  },
  'request-body-media-type-added': {
    edit: (d) => (post(d).requestBody.content['application/xml'] = { schema: { type: 'object' } }),
    says: /can now be sent as application\/xml/,
  },
  'request-body-media-type-removed': {
    edit: (d) => (post(d).requestBody.content = { 'application/xml': { schema: { type: 'object' } } }),
    says: /no longer accepts application\/json; clients that send application\/json will be rejected/,
  },
  'request-body-media-type-schema-added': {
    start: (d) => (post(d).requestBody.content = { 'text/plain': {} }),
    edit: (d) => (post(d).requestBody.content = { 'text/plain': { schema: { type: 'string' } } }),
    says: /now has a schema/,
  },
  'request-body-media-type-schema-removed': {
    start: (d) => (post(d).requestBody.content = { 'text/plain': { schema: { type: 'string' } } }),
    edit: (d) => (post(d).requestBody.content = { 'text/plain': {} }),
    says: /no longer has a schema/,
  },
  // Responses
  'response-success-status-added': { edit: (d) => (post(d).responses['201'] = { description: 'created' }), says: /A 201 response was added/ },
  'response-success-status-removed': {
    edit: (d) => (post(d).responses = { '201': { description: 'created' } }),
    says: /The 200 response was removed; clients that expect it will get a different status/,
  },
  'response-non-success-status-added': { edit: (d) => (post(d).responses['404'] = { description: 'missing' }), says: /A 404 response was added/ },
  'response-non-success-status-removed': { edit: (d) => delete post(d).responses['400'], says: /The 400 response is no longer documented/ },
  'response-media-type-added': {
    edit: (d) => (post(d).responses['200'].content['application/xml'] = { schema: { type: 'object' } }),
    says: /now also available as application\/xml/,
  },
  'response-media-type-removed': {
    edit: (d) => (post(d).responses['200'].content = { 'application/xml': { schema: { type: 'object' } } }),
    says: /no longer available as application\/json; clients that ask for application\/json will not get it/,
  },
  'response-body-media-type-schema-added': {
    start: (d) => (post(d).responses['200'].content = { 'text/plain': {} }),
    edit: (d) => (post(d).responses['200'].content = { 'text/plain': { schema: { type: 'string' } } }),
    says: /now has a schema/,
  },
  'response-body-media-type-schema-removed': {
    start: (d) => (post(d).responses['200'].content = { 'text/plain': { schema: { type: 'string' } } }),
    edit: (d) => (post(d).responses['200'].content = { 'text/plain': {} }),
    says: /no longer has a schema/,
  },
  'response-header-added': { edit: (d) => (post(d).responses['200'].headers['X-Next'] = { schema: { type: 'string' } }), says: /has a new header X-Next/ },
  'required-response-header-removed': {
    start: (d) => (post(d).responses['200'].headers['X-Rate'].required = true),
    edit: (d) => (post(d).responses['200'].headers = {}),
    says: /no longer has the X-Rate header; clients that read it will not get it/,
  },
  'optional-response-header-removed': { edit: (d) => (post(d).responses['200'].headers = {}), says: /no longer has the X-Rate header; it was optional/ },
  'response-header-became-optional': {
    start: (d) => (post(d).responses['200'].headers['X-Rate'].required = true),
    edit: (d) => (post(d).responses['200'].headers['X-Rate'].required = false),
    says: /X-Rate header of the 200 response became optional; clients that rely on it being present may fail/,
  },
  'response-header-became-required': { edit: (d) => (post(d).responses['200'].headers['X-Rate'].required = true), says: /is now always sent/ },
  'response-header-deprecated': {
    edit: (d) => (post(d).responses['200'].headers['X-Rate'].deprecated = true),
    says: /X-Rate header of the 200 response is now deprecated/,
  },
  'response-header-reactivated': {
    start: (d) => (post(d).responses['200'].headers['X-Rate'].deprecated = true),
    edit: (d) => (post(d).responses['200'].headers['X-Rate'].deprecated = false),
    says: /is no longer deprecated/,
  },
  // Properties of what clients send
  'new-required-request-property': {
    edit: (d) => (requestSchema(d).properties.color = { type: 'string' }) && (requestSchema(d).required = ['color']),
    says: /Request field "color" was added as required; existing requests that do not send it will be rejected/,
  },
  'new-required-request-property-with-default': {
    edit: (d) => (requestSchema(d).properties.color = { type: 'string', default: 'red' }) && (requestSchema(d).required = ['color']),
    says: /was added as required/,
  },
  'new-optional-request-property': {
    edit: (d) => (requestSchema(d).properties.color = { type: 'string' }),
    says: /Request field "color" was added \(optional\)/,
  },
  'new-read-only-request-property': {
    edit: (d) => (requestSchema(d).properties.color = { type: 'string', readOnly: true }),
    says: /read-only: clients do not send it/,
  },
  'request-property-removed': {
    edit: (d) => (requestSchema(d).properties = {}),
    says: /Request field "name" was removed; the server will ignore it if clients still send it/,
  },
  'request-property-removed-not-allowed': {
    edit: (d) => (requestSchema(d).properties = {}) && (requestSchema(d).additionalProperties = false),
    says: /was removed and extra fields are not allowed; requests that still send it will be rejected/,
  },
  'request-read-only-property-removed': {
    start: (d) => (requestSchema(d).properties.name.readOnly = true),
    edit: (d) => (requestSchema(d).properties = {}),
    says: /clients never sent it \(read-only\)/,
  },
  'request-property-became-required': {
    edit: (d) => (requestSchema(d).required = ['name']),
    says: /Request field "name" became required; requests that leave it out will be rejected/,
  },
  'request-property-became-required-with-default': {
    start: (d) => (requestSchema(d).properties.name.default = 'x'),
    edit: (d) => (requestSchema(d).required = ['name']),
    says: /became required/,
  },
  'request-property-became-optional': {
    start: (d) => (requestSchema(d).required = ['name']),
    edit: (d) => (requestSchema(d).required = []),
    says: /Request field "name" became optional/,
  },
  'request-property-deprecated': { edit: (d) => (requestSchema(d).properties.name.deprecated = true), says: /Request field "name" is now deprecated/ },
  'request-property-reactivated': {
    start: (d) => (requestSchema(d).properties.name.deprecated = true),
    edit: (d) => (requestSchema(d).properties.name.deprecated = false),
    says: /is no longer deprecated/,
  },
  // Properties of what clients read
  'response-required-property-added': {
    edit: (d) => (responseSchema(d).properties.color = { type: 'string' }) && responseSchema(d).required.push('color'),
    says: /Field "color" of the 200 response was added \(always present\)/,
  },
  'response-optional-property-added': { edit: (d) => (responseSchema(d).properties.color = { type: 'string' }), says: /was added \(optional\)/ },
  'response-required-write-only-property-added': {
    edit: (d) => (responseSchema(d).properties.color = { type: 'string', writeOnly: true }) && responseSchema(d).required.push('color'),
    says: /was added/,
  },
  'response-optional-write-only-property-added': { edit: (d) => (responseSchema(d).properties.color = { type: 'string', writeOnly: true }), says: /was added/ },
  'response-required-property-removed': {
    edit: (d) => delete responseSchema(d).properties.id,
    says: /Field "id" of the 200 response was removed; clients that read it will no longer get it/,
  },
  'response-optional-property-removed': {
    edit: (d) => delete responseSchema(d).properties.note,
    says: /Field "note" of the 200 response was removed; it was optional/,
  },
  'response-required-write-only-property-removed': {
    start: (d) => (responseSchema(d).properties.id.writeOnly = true),
    edit: (d) => delete responseSchema(d).properties.id,
    says: /clients never read it \(write-only\)/,
  },
  'response-optional-write-only-property-removed': {
    start: (d) => (responseSchema(d).properties.note.writeOnly = true),
    edit: (d) => delete responseSchema(d).properties.note,
    says: /clients never read it \(write-only\)/,
  },
  'response-property-became-optional': {
    edit: (d) => (responseSchema(d).required = []),
    says: /Field "id" of the 200 response became optional; clients that rely on it being present may fail/,
  },
  'response-property-became-required': { edit: (d) => responseSchema(d).required.push('note'), says: /Field "note" of the 200 response became required/ },
  'response-write-only-property-became-optional': {
    start: (d) => (responseSchema(d).properties.id.writeOnly = true),
    edit: (d) => (responseSchema(d).required = []),
    says: /became optional\./,
  },
  'response-write-only-property-became-required': {
    start: (d) => (responseSchema(d).properties.note.writeOnly = true),
    edit: (d) => responseSchema(d).required.push('note'),
    says: /became required/,
  },
  'response-property-deprecated': {
    edit: (d) => (responseSchema(d).properties.note.deprecated = true),
    says: /Field "note" of the 200 response is now deprecated/,
  },
  'response-property-reactivated': {
    start: (d) => (responseSchema(d).properties.note.deprecated = true),
    edit: (d) => (responseSchema(d).properties.note.deprecated = false),
    says: /is no longer deprecated/,
  },
  // Webhooks: a client reads their parameters and payload and sends their replies.
  'webhook-parameter-added': {
    edit: (d) => webhook(d).parameters.push({ name: 'X-Try', in: 'header', required: true, schema: { type: 'integer' } }),
    says: /New required header parameter "X-Try"\./,
  },
  'webhook-parameter-removed': {
    edit: (d) => (webhook(d).parameters = []),
    says: /Header parameter "X-Sig" was removed; clients that read it will no longer get it/,
  },
  'webhook-parameter-became-required': { edit: (d) => (webhook(d).parameters[0].required = true), says: /Header parameter "X-Sig" became required\./ },
  'webhook-parameter-became-optional': {
    start: (d) => (webhook(d).parameters[0].required = true),
    edit: (d) => (webhook(d).parameters[0].required = false),
    says: /became optional/,
  },
  'webhook-parameter-location-changed': { edit: (d) => (webhook(d).parameters[0].in = 'query'), says: /moved from the header to the query\./ },
  'webhook-parameter-style-changed': {
    start: (d) => (webhook(d).parameters[0].schema = { type: 'object', properties: { a: { type: 'string' } } }),
    edit: (d) => (webhook(d).parameters[0].explode = true),
    says: /changed serialization from simple to simple \(explode\)/,
  },
  'webhook-payload-added': {
    start: (d) => delete webhook(d).requestBody,
    edit: (d) => (webhook(d).requestBody = { content: json({ type: 'object' }) }),
    says: /A payload was added/,
  },
  'webhook-payload-removed': { edit: (d) => delete webhook(d).requestBody, says: /The payload was removed; clients that read it will no longer get it/ },
  'webhook-payload-became-required': { edit: (d) => (webhook(d).requestBody.required = true), says: /The payload became required\./ },
  'webhook-payload-became-optional': {
    start: (d) => (webhook(d).requestBody.required = true),
    edit: (d) => (webhook(d).requestBody.required = false),
    says: /The payload became optional/,
  },
  'webhook-payload-media-type-added': {
    edit: (d) => (webhook(d).requestBody.content['application/xml'] = { schema: { type: 'object' } }),
    says: /The payload can now be sent as application\/xml/,
  },
  'webhook-payload-media-type-removed': {
    edit: (d) => (webhook(d).requestBody.content = { 'application/xml': { schema: { type: 'object' } } }),
    says: /The payload is no longer sent as application\/json; clients that parse application\/json will fail/,
  },
  'webhook-reply-added': { edit: (d) => (webhook(d).responses['202'] = { description: 'later' }), says: /A 202 response was added/ },
  'webhook-reply-removed': { edit: (d) => (webhook(d).responses = { '204': { description: 'ok' } }), says: /The 200 response is no longer documented/ },
  'webhook-reply-media-type-added': {
    edit: (d) => (webhook(d).responses['200'].content['text/plain'] = { schema: { type: 'string' } }),
    says: /now also available as text\/plain/,
  },
  'webhook-reply-media-type-removed': {
    edit: (d) => (webhook(d).responses['200'].content = { 'text/plain': { schema: { type: 'string' } } }),
    says: /no longer available as application\/json\./,
  },
  'webhook-reply-header-added': {
    edit: (d) => (webhook(d).responses['200'].headers['X-More'] = { schema: { type: 'string' } }),
    says: /has a new header X-More/,
  },
  'webhook-reply-header-removed': { edit: (d) => (webhook(d).responses['200'].headers = {}), says: /no longer has the X-Ack header\./ },
  // Components and the version
  'api-schema-added': { edit: (d) => (d.components.schemas.C = { type: 'string' }), says: /Schema C was added/ },
  'api-schema-removed': {
    edit: (d) => delete d.components.schemas.Kept,
    says: /Schema Kept was removed; code generated from the description will no longer have it/,
  },
  'api-version-not-bumped': {
    edit: (d) => d.servers.push({ url: 'https://eu.example.com' }),
    says: /info\.version is still 1\.0\.0 though the description changed/,
  },
  'api-major-version-not-bumped': {
    edit: (d) => (post(d).parameters[0].required = true) && (d.info.version = '1.1.0'),
    says: /Breaking changes need a new major version, but info\.version went from 1\.0\.0 to 1\.1\.0; make it 2\.0\.0/,
  },
  'api-version-decreased': {
    edit: (d) => d.servers.push({ url: 'https://eu.example.com' }) && (d.info.version = '0.9.0'),
    says: /info\.version went down from 1\.0\.0 to 0\.9\.0/,
  },
  'api-version-unchecked': {
    edit: (d) => (post(d).parameters[0].required = true) && (d.info.version = 'v2'),
    says: /could not be checked: "v2" is not a semantic version/,
  },
};
