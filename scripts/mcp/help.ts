// `npm run mcp -- --help`.
import { DESCRIPTION_USAGE } from '../cli/args.ts';

export const MCP_HELP = `Usage: npm run mcp -- [options]

An MCP server for the API of an OpenAPI description: a tool per operation, a search tool,
each operation's and schema's reference as resources, and prompts. Over stdio by default.

  --spec <file>        the description (default: openapi/openapi.yaml)
  --http <port>        serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio (0: any free port)
  --host <address>     the address --http listens on (default 127.0.0.1; another one opens it to that network)
  --server <url>       send the tools' requests to this API instead of the in-process mock
  --auth <secret>      the credential for every scheme, or <scheme>=<secret> for one (repeatable;
                       user:password for Basic); also MCP_AUTH and MCP_AUTH_<SCHEME> in the environment
  --site <url>         the portal the references link to (default: http://127.0.0.1:4321)
  --timeout <ms>       how long a tool waits for the API's answer (default 30000)
  --stateful           the in-process mock keeps what is written (as npm run mock -- --stateful)
  --seed <value>       the mock's generated answers are the same for the same request
  -d, --dynamic        the mock generates every answer from its schema
${DESCRIPTION_USAGE}
`;
