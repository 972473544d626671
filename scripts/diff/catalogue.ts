// The catalogue of checks: every change the diff reports has a check id, oasdiff's where it has
// one (so a team's severity and ignore files keep working), and a default level. The defaults are
// oasdiff's; where the project judges differently, the difference is a named policy (POLICIES),
// said in the README beside the check, and each can be switched off to get oasdiff's level back.
// Checks oasdiff does not have (servers, multipleOf, uniqueItems, additionalProperties, `not`,
// serialization, the lifecycle extensions, moved operations) follow the same direction rules:
// what a client sends may only widen, what it reads may only narrow.
import { OASDIFF_LEVELS } from './oasdiff-levels.ts';
import type { ChangeLevel } from './types.ts';

const LEVEL: Record<string, ChangeLevel> = { B: 'breaking', W: 'warning', I: 'info' };

/** oasdiff's level for each of its check ids. */
export const OASDIFF: ReadonlyMap<string, ChangeLevel> = new Map(
  OASDIFF_LEVELS.trim()
    .split('\n')
    .map((line) => {
      const [id = '', level = 'I'] = line.split(' ');
      return [id, LEVEL[level] ?? 'info'];
    }),
);

/** What a keyword change does, as `[level in what clients send, level in what they read]`. */
type Rule = readonly [string, string];

const UPPER = ['max', 'exclusive-max', 'max-length', 'max-items', 'max-properties', 'max-contains'];
const LOWER = ['min', 'exclusive-min', 'min-length', 'min-items', 'min-properties', 'min-contains'];

/** Schema keyword checks, by the suffix after their scope (`request-property-`, `response-body-`, …). */
const KEYWORD_RULES: Record<string, Rule> = {
  'type-changed': ['B', 'B'],
  'type-generalized': ['I', 'B'],
  'type-specialized': ['B', 'I'],
  'list-of-types-widened': ['I', 'B'],
  'list-of-types-narrowed': ['B', 'I'],
  'became-nullable': ['I', 'B'],
  'became-not-nullable': ['B', 'I'],
  'enum-value-added': ['I', 'W'],
  'enum-value-removed': ['B', 'I'],
  'became-enum': ['B', 'I'],
  'x-extensible-enum-value-removed': ['B', 'I'],
  'x-extensible-enum-value-added': ['I', 'I'],
  'became-not-enum': ['I', 'W'],
  'const-added': ['B', 'I'],
  'const-removed': ['I', 'B'],
  'const-changed': ['B', 'B'],
  'default-value-added': ['I', 'I'],
  'default-value-removed': ['I', 'I'],
  'default-value-changed': ['I', 'I'],
  ...Object.fromEntries(
    UPPER.flatMap((k) => [
      [`${k}-decreased`, ['B', 'I']],
      [`${k}-increased`, ['I', 'B']],
      [`${k}-set`, ['W', 'I']],
      [`${k}-unset`, ['I', 'B']],
    ]),
  ),
  ...Object.fromEntries(
    LOWER.flatMap((k) => [
      [`${k}-increased`, ['B', 'I']],
      [`${k}-decreased`, ['I', 'B']],
      [`${k}-set`, ['W', 'I']],
      [`${k}-unset`, ['I', 'B']],
    ]),
  ),
  'multiple-of-narrowed': ['B', 'I'],
  'multiple-of-widened': ['I', 'B'],
  'multiple-of-changed': ['B', 'B'],
  'unique-items-added': ['B', 'I'],
  'unique-items-removed': ['I', 'W'],
  'pattern-added': ['B', 'I'],
  'pattern-removed': ['I', 'I'],
  'pattern-changed': ['W', 'I'],
  'pattern-generalized': ['I', 'I'],
  'one-of-added': ['I', 'B'],
  'one-of-removed': ['B', 'I'],
  'any-of-added': ['I', 'B'],
  'any-of-removed': ['B', 'I'],
  'all-of-added': ['B', 'I'],
  'all-of-removed': ['W', 'I'],
  'discriminator-added': ['I', 'I'],
  'discriminator-removed': ['I', 'I'],
  'discriminator-property-name-changed': ['I', 'I'],
  'discriminator-mapping-added': ['I', 'I'],
  'discriminator-mapping-deleted': ['I', 'I'],
  'discriminator-mapping-changed': ['I', 'I'],
  'prefix-items-added': ['I', 'B'],
  'prefix-items-removed': ['B', 'I'],
  'contains-added': ['B', 'I'],
  'contains-removed': ['I', 'B'],
  'dependent-required-added': ['B', 'I'],
  'dependent-required-removed': ['I', 'B'],
  'dependent-required-changed': ['B', 'B'],
  'dependent-schema-added': ['B', 'I'],
  'dependent-schema-removed': ['I', 'B'],
  'pattern-property-added': ['B', 'I'],
  'pattern-property-removed': ['I', 'B'],
  'property-names-added': ['B', 'I'],
  'property-names-removed': ['I', 'B'],
  'unevaluated-items-added': ['B', 'I'],
  'unevaluated-items-removed': ['I', 'B'],
  'unevaluated-properties-added': ['B', 'I'],
  'unevaluated-properties-removed': ['I', 'B'],
  'if-added': ['B', 'I'],
  'if-removed': ['I', 'B'],
  'then-added': ['B', 'I'],
  'then-removed': ['I', 'B'],
  'else-added': ['B', 'I'],
  'else-removed': ['I', 'B'],
  'content-schema-added': ['B', 'I'],
  'content-schema-removed': ['I', 'B'],
  'content-media-type-changed': ['B', 'B'],
  'content-encoding-changed': ['B', 'B'],
  'not-added': ['B', 'I'],
  'not-removed': ['I', 'B'],
  'additional-properties-closed': ['B', 'I'],
  'additional-properties-opened': ['I', 'W'],
};

/** Where a keyword check applies: the scopes of what clients send and of what they read (a webhook's parameters are read). */
const SCOPES = { request: ['body', 'property', 'parameter', 'parameter-property'], response: ['body', 'property', 'header', 'parameter'] } as const;

/** Checks named in full: operations, parameters, bodies, responses, properties, security, lifecycle. */
const NAMED: Record<string, string> = {
  // Operations and webhooks
  'endpoint-added': 'I',
  'api-path-removed-without-deprecation': 'B',
  'api-path-removed-with-deprecation': 'I',
  'api-path-removed-before-sunset': 'B',
  'api-removed-without-deprecation': 'B',
  'api-removed-with-deprecation': 'I',
  'api-removed-before-sunset': 'B',
  'api-operation-moved': 'B',
  'webhook-added': 'I',
  'webhook-removed': 'B',
  'webhook-removed-with-deprecation': 'I',
  'webhook-renamed': 'B',
  'api-operation-id-added': 'I',
  'api-operation-id-removed': 'I',
  'api-tag-added': 'I',
  'api-tag-removed': 'I',
  'endpoint-deprecated': 'I',
  'endpoint-deprecated-with-sunset': 'I',
  'endpoint-reactivated': 'I',
  'api-deprecated-sunset-missing': 'B',
  'api-sunset-date-too-small': 'B',
  'sunset-deleted': 'B',
  'api-sunset-date-changed-too-small': 'B',
  'api-sunset-date-changed': 'I',
  'api-sunset-added': 'I',
  'api-deprecated-at-changed': 'I',
  'api-replaced-by-added': 'I',
  'api-replaced-by-changed': 'W',
  'api-replaced-by-removed': 'W',
  'api-stability-decreased': 'B',
  'api-stability-increased': 'I',
  'api-server-added': 'I',
  'api-server-removed': 'W',
  // Security
  'api-security-added': 'I',
  'api-security-removed': 'I',
  'api-security-scope-added': 'I',
  'api-security-scope-removed': 'I',
  'api-security-tightened': 'B',
  'api-security-relaxed': 'I',
  'api-security-component-added': 'I',
  'api-security-component-removed': 'I',
  'api-security-component-type-changed': 'I',
  'api-security-component-credential-moved': 'B',
  'api-security-component-oauth-url-changed': 'I',
  'api-security-component-oauth-token-url-changed': 'I',
  'api-security-component-oauth-refresh-url-changed': 'I',
  'api-security-component-oauth-flow-added': 'I',
  'api-security-component-oauth-flow-removed': 'B',
  'api-security-component-oauth-scope-added': 'I',
  'api-security-component-oauth-scope-removed': 'I',
  'api-security-component-oauth-scope-changed': 'I',
  'api-security-component-openid-url-changed': 'W',
  // Parameters
  'new-required-request-parameter': 'B',
  'new-optional-request-parameter': 'I',
  'request-parameter-removed': 'W',
  'request-parameter-removed-with-deprecation': 'I',
  'request-parameter-became-required': 'B',
  'request-parameter-became-optional': 'I',
  'request-parameter-location-changed': 'B',
  'request-parameter-style-changed': 'B',
  'request-path-parameter-renamed': 'I',
  'request-parameter-deprecated': 'I',
  'request-parameter-reactivated': 'I',
  // A type changed to or from a string where the value is read as text (XML, text, a form, a header)
  'request-body-type-compatible': 'I',
  'request-property-type-compatible': 'I',
  'response-body-type-compatible': 'I',
  'response-property-type-compatible': 'I',
  'response-header-type-compatible': 'I',
  // Request bodies
  'request-body-added-required': 'B',
  'request-body-added-optional': 'I',
  'request-body-removed': 'B',
  'request-body-became-required': 'B',
  'request-body-became-optional': 'I',
  'request-body-media-type-added': 'I',
  'request-body-media-type-removed': 'B',
  'request-body-media-type-schema-added': 'B',
  'request-body-media-type-schema-removed': 'I',
  // Responses
  'response-success-status-added': 'I',
  'response-success-status-removed': 'B',
  'response-non-success-status-added': 'I',
  'response-non-success-status-removed': 'I',
  'response-media-type-added': 'I',
  'response-media-type-removed': 'B',
  'response-body-media-type-schema-added': 'I',
  'response-body-media-type-schema-removed': 'W',
  'response-header-added': 'I',
  'required-response-header-removed': 'B',
  'optional-response-header-removed': 'W',
  'response-header-became-optional': 'B',
  'response-header-became-required': 'I',
  'response-header-deprecated': 'I',
  'response-header-reactivated': 'I',
  // Properties of what clients send
  'new-required-request-property': 'B',
  'new-required-request-property-with-default': 'B',
  'request-property-became-required-with-default': 'B',
  'new-optional-request-property': 'I',
  'new-read-only-request-property': 'I',
  'request-property-removed': 'W',
  'request-property-removed-not-allowed': 'B',
  'request-read-only-property-removed': 'I',
  'request-property-became-required': 'B',
  'request-property-became-optional': 'I',
  'request-property-deprecated': 'I',
  'request-property-reactivated': 'I',
  // Properties of what clients read
  'response-required-property-added': 'I',
  'response-optional-property-added': 'I',
  'response-required-write-only-property-added': 'I',
  'response-optional-write-only-property-added': 'I',
  'response-required-property-removed': 'B',
  'response-optional-property-removed': 'W',
  'response-required-write-only-property-removed': 'I',
  'response-optional-write-only-property-removed': 'I',
  'response-property-became-optional': 'B',
  'response-property-became-required': 'I',
  'response-write-only-property-became-optional': 'I',
  'response-write-only-property-became-required': 'I',
  'response-property-deprecated': 'I',
  'response-property-reactivated': 'I',
  ...Object.fromEntries(
    ['request', 'response'].flatMap((dir) =>
      ['required', 'optional'].flatMap((req) =>
        ['read-only', 'not-read-only', 'write-only', 'not-write-only'].map((to) => [`${dir}-${req}-property-became-${to}`, 'I']),
      ),
    ),
  ),
  // Webhooks: the API sends their requests, so a client reads their parameters and payload and sends the reply.
  'webhook-parameter-added': 'I',
  'webhook-parameter-removed': 'W',
  'webhook-parameter-became-required': 'I',
  'webhook-parameter-became-optional': 'I',
  'webhook-parameter-location-changed': 'W',
  'webhook-parameter-style-changed': 'W',
  'webhook-payload-added': 'I',
  'webhook-payload-removed': 'W',
  'webhook-payload-became-required': 'I',
  'webhook-payload-became-optional': 'I',
  'webhook-payload-media-type-added': 'I',
  'webhook-payload-media-type-removed': 'B',
  'webhook-reply-added': 'I',
  'webhook-reply-removed': 'I',
  'webhook-reply-media-type-added': 'I',
  'webhook-reply-media-type-removed': 'I',
  'webhook-reply-header-added': 'I',
  'webhook-reply-header-removed': 'I',
  // Components and the version
  'api-schema-added': 'I',
  'api-schema-removed': 'I',
  'api-version-not-bumped': 'I',
  'api-major-version-not-bumped': 'I',
  'api-version-decreased': 'I',
  'api-version-unchecked': 'I',
};

export type PolicyName = 'strict-security' | 'semver' | 'generated-code' | 'servers' | 'webhook-direction';

export interface Policy {
  /** Why the project judges these checks differently from oasdiff. */
  reason: string;
  /** The project's level for each check the policy covers. */
  levels: Record<string, ChangeLevel>;
}

/** Where the defaults differ from oasdiff's, and why. Each can be switched off (`policies: {semver: false}`). */
export const POLICIES: Record<PolicyName, Policy> = {
  'strict-security': {
    reason:
      'An operation that starts asking for credentials, a scope clients do not hold, a scheme of another type or an OAuth scope no longer offered turns away the clients that called it as before: their requests fail, so the change is breaking, not informational.',
    levels: {
      'api-security-added': 'breaking',
      'api-security-scope-added': 'breaking',
      'api-security-component-type-changed': 'breaking',
      'api-security-component-oauth-scope-removed': 'breaking',
    },
  },
  semver: {
    reason:
      'A breaking change released without a new major version breaks every client that trusts semantic versioning to update safely (`^1.2.0`), so the version is judged with the changes.',
    levels: { 'api-major-version-not-bumped': 'breaking' },
  },
  'generated-code': {
    reason:
      'Clients generated from the description lose a type when a component schema goes, and name a method differently when its operationId changes: the wire is the same, but their code no longer compiles.',
    levels: { 'api-schema-removed': 'warning', 'api-operation-id-removed': 'warning' },
  },
  servers: {
    reason:
      'oasdiff treats servers as deployment metadata and reports none of their changes; a server removed from the description leaves the clients configured with it calling an address the API no longer names, so it is a warning (switched off, server changes are not reported, as in oasdiff).',
    levels: { 'api-server-removed': 'warning', 'api-server-added': 'info' },
  },
  'webhook-direction': {
    reason:
      "The API sends a webhook's request, so its payload is data clients read (a field added is no break, a field removed breaks their handlers) and its reply is data they send; oasdiff judges a webhook's request as one clients send. Switched off, webhooks are judged as oasdiff judges them.",
    levels: {},
  },
};

export interface Check {
  id: string;
  /** The default level, policies applied. */
  level: ChangeLevel;
  /** oasdiff's level, for the checks it has; `off` for those it does not report at all (the servers). */
  oasdiff?: ChangeLevel | 'off';
  /** The policy that sets `level` apart from oasdiff's. */
  policy?: PolicyName;
}

function buildCatalogue(): Map<string, Check> {
  const own = new Map<string, ChangeLevel>();
  for (const [suffix, [request, response]] of Object.entries(KEYWORD_RULES)) {
    for (const scope of SCOPES.request) own.set(`request-${scope}-${suffix}`, LEVEL[request]!);
    for (const scope of SCOPES.response) own.set(`response-${scope}-${suffix}`, LEVEL[response]!);
  }
  // Inside a field clients never send (read-only) or never read (write-only), nothing reaches them: oasdiff's few checks of it.
  for (const id of OASDIFF.keys()) if (/^(request-read-only|response-write-only)-property-/.test(id)) own.set(id, 'info');
  own.delete('response-body-enum-value-removed');
  own.set('response-mediatype-enum-value-removed', 'info');
  for (const [id, level] of Object.entries(NAMED)) own.set(id, LEVEL[level]!);
  const catalogue = new Map<string, Check>();
  for (const [id, level] of own) {
    const oasdiff = OASDIFF.get(id);
    catalogue.set(id, { id, level: oasdiff ?? level, ...(oasdiff ? { oasdiff } : {}) });
  }
  for (const [name, policy] of Object.entries(POLICIES) as [PolicyName, Policy][]) {
    for (const [id, level] of Object.entries(policy.levels)) {
      const check = catalogue.get(id);
      if (check) catalogue.set(id, { ...check, level, policy: name, oasdiff: check.oasdiff ?? 'off' });
    }
  }
  return catalogue;
}

/** Every check the diff can report, by id. */
export const CATALOGUE: ReadonlyMap<string, Check> = buildCatalogue();

/** oasdiff's checks the diff does not report under their id, and why: each is covered otherwise or does not apply. */
export const NOT_REPORTED: Record<string, string> = Object.fromEntries(
  (
    [
      [
        'The model keeps no extensions on schema properties or parameters, so their own x-sunset and x-stability-level are not read; their deprecation is (request-/response-property-deprecated, request-parameter-deprecated).',
        [
          'request-property-deprecated-with-sunset',
          'request-property-deprecated-sunset-missing',
          'request-property-deprecated-sunset-invalid',
          'request-property-sunset-date-too-small',
          'response-property-deprecated-with-sunset',
          'response-property-deprecated-sunset-missing',
          'response-property-deprecated-sunset-invalid',
          'response-property-sunset-date-too-small',
          'request-property-stability-decreased',
          'request-property-stability-increased',
          'response-property-stability-decreased',
          'response-property-stability-increased',
          'request-parameter-deprecated-sunset-missing',
          'request-parameter-sunset-date-too-small',
          'request-parameter-sunset-deleted',
          'request-parameter-sunset-date-changed-too-small',
          'request-parameter-sunset-parse',
          'request-parameter-removed-before-sunset',
        ],
      ],
      [
        'A path parameter comes with a path of its own: the operation is reported as moved (api-operation-moved) or as removed and added.',
        ['new-request-path-parameter'],
      ],
      [
        'A date or stability word the portal cannot read is an error of `npm run lint` (portal/lifecycle-date, portal/stability-value), at its file and line, before any comparison.',
        ['api-deprecated-sunset-parse', 'api-invalid-stability-level', 'api-path-sunset-parse'],
      ],
      [
        "Security is compared as each operation's effective requirements (its own, else the document's): a change to the document's security is reported on every operation it reaches, as api-security-*.",
        ['api-global-security-removed', 'api-global-security-added', 'api-global-security-scope-added', 'api-global-security-scope-removed'],
      ],
      [
        "Path-level parameters are merged into each operation's: one added there is reported on each operation, as new-required-request-parameter or new-optional-request-parameter.",
        ['new-required-request-default-parameter-to-existing-path', 'new-optional-request-default-parameter-to-existing-path'],
      ],
      [
        "The fields of an object-typed header parameter are reported with the request's property and parameter checks (new-required-request-property, request-property-became-required, request-parameter-became-enum).",
        ['new-required-request-header-property', 'request-header-property-became-enum', 'request-header-property-became-required'],
      ],
      [
        'An allOf member that only annotates (a description, an example) changes no value, and wrapping a schema in a oneOf or renaming a media type is reported as the type, variant or media type change it is.',
        [
          'request-body-all-of-added-annotation-only',
          'request-body-all-of-removed-annotation-only',
          'request-property-all-of-added-annotation-only',
          'request-property-all-of-removed-annotation-only',
          'response-body-all-of-added-annotation-only',
          'response-body-all-of-removed-annotation-only',
          'response-property-all-of-added-annotation-only',
          'response-property-all-of-removed-annotation-only',
          'request-body-wrapped-in-one-of',
          'response-body-wrapped-in-one-of',
          'response-media-type-name-changed',
          'response-media-type-name-generalized',
          'response-media-type-name-specialized',
        ],
      ],
    ] as [string, string[]][]
  ).flatMap(([reason, ids]) => ids.map((id) => [id, reason])),
);
