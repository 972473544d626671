// `npm run mock -- --help`: every switch, in the words the README uses.

export const MOCK_HELP = `Usage: npm run mock [-- options]

Serves an OpenAPI description's operations from its examples, checks every
request against it, and reloads when it changes.

Options:
  --spec <file>            the OpenAPI 3.0/3.1 document (default openapi/openapi.yaml)
  --port <n>               port to listen on (default 4010; 0 picks a free one)
  --host <address>         address to listen on (default 127.0.0.1)
  --site <url>             the portal's origin, for Link headers to operation pages
  --quiet                  no line per request

State:
  --stateful               resources keep what is written: POST creates, GET reads and lists
                           (with the document's filters and paging), PUT replaces, PATCH merges,
                           DELETE removes; the examples are the initial records. Kept per
                           Mock-Session header; POST /__mock/reset starts again
  --state <memory|redis://host:port>
                           where records are kept (default memory; Redis lets several mock
                           instances share them; while it is unavailable stateful answers are
                           503 with Retry-After and the mock reconnects); implies --stateful
  --store-timeout <time>   how long one Redis command may take before its request is a 503:
                           500ms, 2s (default 500ms)
  --max-sessions <n>       sessions kept at once; past it the least recently used is forgotten
                           (default 1000)
  --session-ttl <time>     a session unused this long is forgotten: 90s, 30m, 2h, 1d, 0 for never
                           (default 24h)
  --max-records <n>        records of one resource in one session; past it a write is a 507
                           (default 1000)
  --max-session-bytes <size>
                           bytes of records one session holds, e.g. 256KiB, 1MiB; past it a write
                           is a 507 (default 256KiB)

Generated answers:
  -d, --dynamic            generate every answer from its schema instead of using examples
  --seed <value>           generated answers are the same for the same request, across restarts

Time and failure:
  --latency <ms|min-max>   delay every answer, e.g. 300 or 100-500 (one request: Prefer: delay=500)
  --fault-rate <0..1>      share of requests that meet a connection fault: reset, hang or a slow
                           body (one request: Prefer: fault=reset|hang|slow)
  --error-rate <0..1>      share of requests answered with a declared 5xx or 429 (503 when none)

The real API:
  --proxy <url>            relay every request to the real API at url (origin and base path) and
                           check its answers against the description: each mismatch is logged with
                           the operation and the JSON pointer, kept in the journal, summed up on exit
  --errors                 with --proxy: answer a mismatching answer with a 502 naming it
  --record <dir>           with --proxy: write each answer as an example, one file per operation
  --examples <dir>         serve answers recorded there before the description's examples

Callbacks:
  --callbacks              send the callbacks an operation declares, after answering it, to the
                           request's own host only
  --callback-hosts <h[:port],…>
                           hosts (any port) or hosts and ports callbacks may also be sent to
                           (* for any); implies --callbacks

The mock's own routes: GET /__mock/requests (the journal: ?operation=, ?session=, ?status=,
?since=; DELETE empties it), POST /__mock/reset,
GET /__mock/resources (what --stateful found, the sessions held and the limits),
GET /__mock/health (200 when the mock and its store answer, else 503); a web page may
use them only from the portal's origin (--site) or the mock's own.
  --help                   this text
`;
