// House rules for the Petstore description that Redocly's configurable rules
// cannot express: they compare values across fields and across operations
// (the deprecation lifecycle). Plain ESM JavaScript because Redocly imports
// plugins itself. Every problem points at the offending node.

const LIFECYCLE_FIELDS = ['x-deprecated-at', 'x-sunset', 'x-replaced-by'];
const DATE_FIELDS = ['x-deprecated-at', 'x-sunset'];
const MIN_NOTICE_MONTHS = 6;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Milliseconds since the epoch for an ISO 8601 date or date-time, or undefined if it is not one (or not a real day). */
function parseIsoDate(value) {
  // YAML 1.1 loaders turn an unquoted 2027-06-30 into a Date; it is still a date.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value !== 'string') return undefined;
  const m = ISO_DATE.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const midnight = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2027-02-30 over to March; a real day survives the round trip.
  if (midnight.getUTCFullYear() !== year || midnight.getUTCMonth() !== month - 1 || midnight.getUTCDate() !== day) {
    return undefined;
  }
  if (m[4] === undefined) return midnight.getTime();
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

function addMonths(ms, months) {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

function isoDay(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Follows a `$ref` (relative to the file `location` is in); inline nodes come back as they are. */
function deref(ctx, node, location) {
  if (node && typeof node === 'object' && typeof node.$ref === 'string') {
    const resolved = ctx.resolve(node, location.source.absoluteRef);
    if (!resolved?.location) return undefined;
    return { node: resolved.node, location: resolved.location };
  }
  return { node, location };
}

function findKey(map, name) {
  return Object.keys(map ?? {}).find((key) => key.toLowerCase() === name.toLowerCase());
}

/** `x-deprecated-at` and `x-sunset` are ISO 8601 dates. */
function IsoDate() {
  return {
    Operation(operation, ctx) {
      for (const field of DATE_FIELDS) {
        if (operation[field] === undefined) continue;
        if (parseIsoDate(operation[field]) === undefined) {
          ctx.report({
            message: `\`${field}\` must be an ISO 8601 date such as 2027-06-30, found ${JSON.stringify(operation[field])}.`,
            location: ctx.location.child(field),
          });
        }
      }
    },
  };
}

/** The lifecycle extensions describe a deprecation, so they belong only on deprecated operations. */
function OnlyOnDeprecated() {
  return {
    Operation(operation, ctx) {
      if (operation.deprecated === true) return;
      for (const field of LIFECYCLE_FIELDS) {
        if (operation[field] === undefined) continue;
        ctx.report({
          message: `\`${field}\` is only allowed on a deprecated operation: add \`deprecated: true\` or remove \`${field}\`.`,
          location: ctx.location.child(field).key(),
        });
      }
    },
  };
}

/** A deprecated operation says when it was deprecated and when it goes away, so readers can plan. */
function DeprecatedNeedsDates() {
  return {
    Operation(operation, ctx) {
      if (operation.deprecated !== true) return;
      const missing = DATE_FIELDS.filter((field) => operation[field] === undefined);
      if (missing.length === 0) return;
      ctx.report({
        message: `A deprecated operation needs ${missing.map((f) => `\`${f}\``).join(' and ')} (ISO dates).`,
        location: ctx.location.child('deprecated').key(),
      });
    },
  };
}

/** Deprecation comes before the sunset, with the notice the policy promises. */
function DeprecationOrder() {
  return {
    Operation(operation, ctx) {
      const deprecatedAt = parseIsoDate(operation['x-deprecated-at']);
      const sunset = parseIsoDate(operation['x-sunset']);
      if (deprecatedAt === undefined || sunset === undefined) return;
      if (sunset <= deprecatedAt) {
        ctx.report({
          message: `\`x-sunset\` (${isoDay(sunset)}) must come after \`x-deprecated-at\` (${isoDay(deprecatedAt)}).`,
          location: ctx.location.child('x-sunset'),
        });
      } else if (sunset < addMonths(deprecatedAt, MIN_NOTICE_MONTHS)) {
        ctx.report({
          message: `\`x-sunset\` (${isoDay(sunset)}) must be at least ${MIN_NOTICE_MONTHS} months after \`x-deprecated-at\` (${isoDay(deprecatedAt)}); the earliest allowed is ${isoDay(addMonths(deprecatedAt, MIN_NOTICE_MONTHS))}.`,
          location: ctx.location.child('x-sunset'),
        });
      }
    },
  };
}

/** `x-replaced-by` names another operation of this document by its operationId. */
function ReplacedByExists() {
  const operationIds = new Set();
  const replacements = [];
  return {
    Operation(operation, ctx) {
      if (typeof operation.operationId === 'string') operationIds.add(operation.operationId);
      const target = operation['x-replaced-by'];
      if (target === undefined) return;
      replacements.push({ target, self: operation.operationId, location: ctx.location.child('x-replaced-by') });
    },
    Root: {
      leave(_root, ctx) {
        for (const { target, self, location } of replacements) {
          if (typeof target !== 'string' || target === '') {
            ctx.report({ message: '`x-replaced-by` must be the operationId of the replacing operation.', location });
          } else if (target === self) {
            ctx.report({ message: `\`x-replaced-by\` names the operation itself (\`${target}\`).`, location });
          } else if (!operationIds.has(target)) {
            ctx.report({ message: `\`x-replaced-by\` names \`${target}\`, but no operation has that operationId.`, location });
          }
        }
      },
    },
  };
}

/**
 * The 2xx answers of a deprecated operation declare the Deprecation (RFC 9745),
 * Sunset (RFC 8594) and Link headers, and their examples agree with
 * `x-deprecated-at` and `x-sunset` (both are easy to get wrong by hand).
 */
function DeprecationHeaders() {
  return {
    Operation(operation, ctx) {
      if (operation.deprecated !== true || !operation.responses || typeof operation.responses !== 'object') return;
      const deprecatedAt = parseIsoDate(operation['x-deprecated-at']);
      const sunset = parseIsoDate(operation['x-sunset']);
      const responsesLocation = ctx.location.child('responses');
      for (const status of Object.keys(operation.responses)) {
        if (!/^2(\d\d|XX)$/i.test(status)) continue;
        const response = deref(ctx, operation.responses[status], responsesLocation.child(status));
        if (!response || !response.node || typeof response.node !== 'object') continue;
        const headers = response.node.headers ?? {};
        for (const name of ['Deprecation', 'Sunset', 'Link']) {
          const key = findKey(headers, name);
          if (key === undefined) {
            ctx.report({
              message: `The ${status} answer of a deprecated operation must declare the \`${name}\` header.`,
              location: response.node.headers ? response.location.child('headers').key() : responsesLocation.child(status).key(),
            });
            continue;
          }
          const header = deref(ctx, headers[key], response.location.child(['headers', key]));
          if (!header || !header.node || header.node.example === undefined) continue;
          const example = header.node.example;
          const at = header.location.child('example');
          if (name === 'Deprecation' && deprecatedAt !== undefined) {
            const expected = `@${Math.floor(deprecatedAt / 1000)}`;
            if (example !== expected) {
              ctx.report({
                message: `The \`Deprecation\` example must be ${JSON.stringify(expected)} (\`x-deprecated-at\` ${isoDay(deprecatedAt)} in Unix seconds), found ${JSON.stringify(example)}.`,
                location: at,
              });
            }
          }
          if (name === 'Sunset' && sunset !== undefined) {
            const expected = new Date(sunset).toUTCString();
            if (example !== expected) {
              ctx.report({
                message: `The \`Sunset\` example must be the HTTP date ${JSON.stringify(expected)} (\`x-sunset\` ${isoDay(sunset)}), found ${JSON.stringify(example)}.`,
                location: at,
              });
            }
          }
        }
      }
    },
  };
}

export default function houseRulesPlugin() {
  return {
    id: 'house-rules',
    rules: {
      oas3: {
        'iso-date': IsoDate,
        'only-on-deprecated': OnlyOnDeprecated,
        'deprecated-needs-dates': DeprecatedNeedsDates,
        'deprecation-order': DeprecationOrder,
        'replaced-by-exists': ReplacedByExists,
        'deprecation-headers': DeprecationHeaders,
      },
    },
  };
}
