// A pair of schemas per keyword check (the suffix of its id): the check's id under each scope is
// the suffix after the scope (`request-property-` + `max-decreased`), so one pair tests it everywhere.
import type { Doc } from './catalogue-documents.ts';

export interface KeywordCase {
  old: Doc;
  new: Doc;
  /** What the message says changed. */
  says: RegExp;
}

const ref = (name: string): Doc => ({ $ref: `#/components/schemas/${name}` });
const variants = (...types: string[]): Doc[] => types.map((type) => ({ type }));

const BOUNDS: [string, string][] = [
  ['max', 'maximum'],
  ['min', 'minimum'],
  ['exclusive-max', 'exclusiveMaximum'],
  ['exclusive-min', 'exclusiveMinimum'],
  ['max-length', 'maxLength'],
  ['min-length', 'minLength'],
  ['max-items', 'maxItems'],
  ['min-items', 'minItems'],
  ['max-properties', 'maxProperties'],
  ['min-properties', 'minProperties'],
  ['max-contains', 'maxContains'],
  ['min-contains', 'minContains'],
];

const boundCases = Object.fromEntries(
  BOUNDS.flatMap(([name, key]) => [
    [`${name}-increased`, { old: { [key]: 5 }, new: { [key]: 10 }, says: new RegExp(`changed ${key} from 5 to 10`) }],
    [`${name}-decreased`, { old: { [key]: 10 }, new: { [key]: 5 }, says: new RegExp(`changed ${key} from 10 to 5`) }],
    [`${name}-set`, { old: {}, new: { [key]: 5 }, says: new RegExp(`now has ${key} 5`) }],
    [`${name}-unset`, { old: { [key]: 5 }, new: {}, says: new RegExp(`no longer has ${key} 5`) }],
  ]),
) as Record<string, KeywordCase>;

const presence = (name: string, key: string, value: unknown, says: string): Record<string, KeywordCase> => ({
  [`${name}-added`]: { old: {}, new: { [key]: value }, says: new RegExp(`now has ${says}`) },
  [`${name}-removed`]: { old: { [key]: value }, new: {}, says: new RegExp(`no longer has ${says}`) },
});

const oneOf = { oneOf: variants('string', 'integer'), discriminator: { propertyName: 'kind', mapping: { a: '#/components/schemas/A' } } };

export const KEYWORD_CASES: Record<string, KeywordCase> = {
  'type-changed': { old: { type: 'integer' }, new: { type: 'boolean' }, says: /changed type from integer to boolean/ },
  'type-generalized': { old: { type: 'integer' }, new: { type: 'number' }, says: /changed type from integer to number/ },
  'type-specialized': { old: { type: 'number' }, new: { type: 'integer' }, says: /changed type from number to integer/ },
  'list-of-types-widened': {
    old: { type: ['integer', 'boolean'] },
    new: { type: ['integer', 'boolean', 'array'] },
    says: /changed type from integer or boolean to integer or boolean or array/,
  },
  'list-of-types-narrowed': { old: { type: ['integer', 'boolean', 'array'] }, new: { type: ['integer', 'boolean'] }, says: /to integer or boolean/ },
  'became-nullable': { old: { type: 'string' }, new: { type: ['string', 'null'] }, says: /can now be null/ },
  'became-not-nullable': { old: { type: ['string', 'null'] }, new: { type: 'string' }, says: /can no longer be null/ },
  'enum-value-added': { old: { type: 'string', enum: ['a'] }, new: { type: 'string', enum: ['a', 'b'] }, says: /now also allows the value "b"/ },
  'enum-value-removed': { old: { type: 'string', enum: ['a', 'b'] }, new: { type: 'string', enum: ['a'] }, says: /no longer allows the value "b"/ },
  'x-extensible-enum-value-removed': {
    old: { type: 'string', 'x-extensible-enum': ['a', 'b'] },
    new: { type: 'string', 'x-extensible-enum': ['a'] },
    says: /no longer lists the extensible value "b"/,
  },
  'x-extensible-enum-value-added': {
    old: { type: 'string', 'x-extensible-enum': ['a'] },
    new: { type: 'string', 'x-extensible-enum': ['a', 'b'] },
    says: /now also lists the extensible value "b"/,
  },
  'became-enum': { old: { type: 'string' }, new: { type: 'string', enum: ['a'] }, says: /is now limited to "a"/ },
  'became-not-enum': { old: { type: 'string', enum: ['a'] }, new: { type: 'string' }, says: /is no longer limited to a list of values/ },
  'const-added': { old: { type: 'string' }, new: { type: 'string', const: 'a' }, says: /must now be "a"/ },
  'const-removed': { old: { type: 'string', const: 'a' }, new: { type: 'string' }, says: /is no longer always "a"/ },
  'const-changed': { old: { type: 'string', const: 'a' }, new: { type: 'string', const: 'b' }, says: /changed its constant value from "a" to "b"/ },
  'default-value-added': { old: { type: 'string' }, new: { type: 'string', default: 'a' }, says: /now defaults to "a"/ },
  'default-value-removed': { old: { type: 'string', default: 'a' }, new: { type: 'string' }, says: /no longer defaults to "a"/ },
  'default-value-changed': { old: { type: 'string', default: 'a' }, new: { type: 'string', default: 'b' }, says: /changed its default from "a" to "b"/ },
  ...boundCases,
  'multiple-of-narrowed': { old: { multipleOf: 2 }, new: { multipleOf: 4 }, says: /changed multipleOf from 2 to 4/ },
  'multiple-of-widened': { old: { multipleOf: 4 }, new: { multipleOf: 2 }, says: /changed multipleOf from 4 to 2/ },
  'multiple-of-changed': { old: { multipleOf: 2 }, new: { multipleOf: 3 }, says: /changed multipleOf from 2 to 3/ },
  'unique-items-added': { old: { type: 'array' }, new: { type: 'array', uniqueItems: true }, says: /must now hold unique items/ },
  'unique-items-removed': { old: { type: 'array', uniqueItems: true }, new: { type: 'array' }, says: /may now hold the same item twice/ },
  'pattern-added': { old: { type: 'string' }, new: { type: 'string', pattern: '^a' }, says: /now has pattern \^a/ },
  'pattern-removed': { old: { type: 'string', pattern: '^a' }, new: { type: 'string' }, says: /no longer has pattern \^a/ },
  'pattern-changed': { old: { type: 'string', pattern: '^a' }, new: { type: 'string', pattern: '^b' }, says: /changed pattern from \^a to \^b/ },
  'pattern-generalized': { old: { type: 'string', pattern: '^a' }, new: { type: 'string', pattern: '.*' }, says: /changed pattern from \^a to \.\*/ },
  'one-of-added': { old: { oneOf: variants('string') }, new: { oneOf: variants('string', 'integer') }, says: /gained the oneOf alternative #2/ },
  'one-of-removed': { old: { oneOf: variants('string', 'integer') }, new: { oneOf: variants('string') }, says: /no longer allows the oneOf alternative #2/ },
  'any-of-added': { old: { anyOf: variants('string') }, new: { anyOf: variants('string', 'integer') }, says: /gained the anyOf alternative #2/ },
  'any-of-removed': { old: { anyOf: variants('string', 'integer') }, new: { anyOf: variants('string') }, says: /no longer allows the anyOf alternative #2/ },
  'all-of-added': { old: { allOf: [ref('A')] }, new: { allOf: [ref('A'), ref('B')] }, says: /now also has to be a B \(allOf\)/ },
  'all-of-removed': { old: { allOf: [ref('A'), ref('B')] }, new: { allOf: [ref('A')] }, says: /no longer has to be a B \(allOf\)/ },
  'discriminator-added': { old: { oneOf: oneOf.oneOf }, new: oneOf, says: /now tells its alternatives apart by "kind"/ },
  'discriminator-removed': { old: oneOf, new: { oneOf: oneOf.oneOf }, says: /no longer names a discriminator/ },
  'discriminator-property-name-changed': {
    old: oneOf,
    new: { ...oneOf, discriminator: { ...oneOf.discriminator, propertyName: 'type' } },
    says: /by "type" instead of "kind"/,
  },
  'discriminator-mapping-added': {
    old: oneOf,
    new: { ...oneOf, discriminator: { propertyName: 'kind', mapping: { a: '#/components/schemas/A', b: '#/components/schemas/B' } } },
    says: /now maps the discriminator value "b"/,
  },
  'discriminator-mapping-deleted': {
    old: oneOf,
    new: { ...oneOf, discriminator: { propertyName: 'kind', mapping: {} } },
    says: /no longer maps the discriminator value "a"/,
  },
  'discriminator-mapping-changed': {
    old: oneOf,
    new: { ...oneOf, discriminator: { propertyName: 'kind', mapping: { a: '#/components/schemas/B' } } },
    says: /now maps the discriminator value "a" to .*B instead of/,
  },
  'prefix-items-added': {
    old: { type: 'array', prefixItems: variants('string') },
    new: { type: 'array', prefixItems: variants('string', 'integer') },
    says: /now describes 2 leading items instead of 1/,
  },
  'prefix-items-removed': {
    old: { type: 'array', prefixItems: variants('string', 'integer') },
    new: { type: 'array', prefixItems: variants('string') },
    says: /now describes 1 leading items instead of 2/,
  },
  ...presence('contains', 'contains', { type: 'string' }, 'a contains condition'),
  ...presence('property-names', 'propertyNames', { maxLength: 3 }, 'a condition on property names'),
  ...presence('unevaluated-items', 'unevaluatedItems', false, 'a condition on unevaluated items'),
  ...presence('unevaluated-properties', 'unevaluatedProperties', false, 'a condition on unevaluated properties'),
  ...presence('if', 'if', { required: ['a'] }, 'an "if" condition'),
  ...presence('then', 'then', { required: ['b'] }, 'an "then" condition'),
  ...presence('else', 'else', { required: ['c'] }, 'an "else" condition'),
  ...presence('not', 'not', { type: 'string' }, 'a "not" condition'),
  ...presence('content-schema', 'contentSchema', { type: 'string' }, 'a schema for its encoded content'),
  'content-media-type-changed': {
    old: { type: 'string', contentMediaType: 'application/json' },
    new: { type: 'string', contentMediaType: 'text/plain' },
    says: /changed the media type of its encoded content from application\/json to text\/plain/,
  },
  'content-encoding-changed': {
    old: { type: 'string', contentEncoding: 'base64' },
    new: { type: 'string', contentEncoding: 'base32' },
    says: /changed the encoding of its encoded content from base64 to base32/,
  },
  'dependent-required-added': { old: {}, new: { dependentRequired: { card: ['cvc'] } }, says: /now requires cvc when card is present/ },
  'dependent-required-removed': { old: { dependentRequired: { card: ['cvc'] } }, new: {}, says: /no longer requires cvc when card is present/ },
  'dependent-required-changed': {
    old: { dependentRequired: { card: ['cvc'] } },
    new: { dependentRequired: { card: ['cvc', 'zip'] } },
    says: /now requires cvc, zip instead of cvc/,
  },
  'dependent-schema-added': { old: {}, new: { dependentSchemas: { card: { required: ['cvc'] } } }, says: /now has a dependent schema for card/ },
  'dependent-schema-removed': { old: { dependentSchemas: { card: { required: ['cvc'] } } }, new: {}, says: /no longer has a dependent schema for card/ },
  'pattern-property-added': { old: {}, new: { patternProperties: { '^x-': { type: 'string' } } }, says: /now has a pattern \^x-/ },
  'pattern-property-removed': { old: { patternProperties: { '^x-': { type: 'string' } } }, new: {}, says: /no longer has a pattern \^x-/ },
  'additional-properties-closed': {
    old: { type: 'object' },
    new: { type: 'object', additionalProperties: false },
    says: /no longer allows fields it does not list/,
  },
  'additional-properties-opened': { old: { type: 'object', additionalProperties: false }, new: { type: 'object' }, says: /now allows fields it does not list/ },
};
