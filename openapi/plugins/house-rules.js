// House rules for the Petstore description that Redocly's configurable rules
// cannot express: our deprecation policy (dates on every deprecation, six
// months' notice, the headers the answers declare). What the portal reads in
// any description (dates that are dates, in order, only on deprecated
// operations, a replacement that exists) is checked by the project's own
// rules, `portal/*` (scripts/model/check/ruleset), on every description. Plain ESM
// JavaScript because Redocly imports plugins itself. Every problem points at
// the offending node. It imports nothing, so the folder can be copied anywhere.

const DATE_FIELDS = ['x-deprecated-at', 'x-sunset'];
const MIN_NOTICE_MONTHS = 6;

// An RFC 3339 date, or date-time with its seconds and offset: the dates `portal/lifecycle-date` accepts.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2}))?$/;

/**
 * Milliseconds since the epoch for a date the portal reads, else undefined: `portal/lifecycle-date`,
 * which runs on every description, reports those, so the rules here say nothing about them.
 */
function parseIsoDate(value) {
  if (typeof value !== 'string') return undefined;
  const m = ISO_DATE.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const midnight = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2027-02-30 over to March; a real day survives the round trip.
  if (midnight.getUTCFullYear() !== year || midnight.getUTCMonth() !== month - 1 || midnight.getUTCDate() !== day) return undefined;
  const ms = Date.parse(value.replace(' ', 'T'));
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

/**
 * Our policy promises six months between deprecation and sunset. A sunset before the
 * deprecation is `portal/lifecycle-order`'s to report.
 */
function NoticePeriod() {
  return {
    Operation(operation, ctx) {
      const deprecatedAt = parseIsoDate(operation['x-deprecated-at']);
      const sunset = parseIsoDate(operation['x-sunset']);
      if (deprecatedAt === undefined || sunset === undefined || isoDay(sunset) < isoDay(deprecatedAt)) return;
      const earliest = addMonths(deprecatedAt, MIN_NOTICE_MONTHS);
      if (sunset < earliest) {
        ctx.report({
          message: `\`x-sunset\` (${isoDay(sunset)}) must be at least ${MIN_NOTICE_MONTHS} months after \`x-deprecated-at\` (${isoDay(deprecatedAt)}); the earliest allowed is ${isoDay(earliest)}.`,
          location: ctx.location.child('x-sunset'),
        });
      }
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
        if (!response?.node || typeof response.node !== 'object') continue;
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
          if (!header?.node || header.node.example === undefined) continue;
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
        'deprecated-needs-dates': DeprecatedNeedsDates,
        'notice-period': NoticePeriod,
        'deprecation-headers': DeprecationHeaders,
      },
    },
  };
}
