// Lists a client reads a page at a time (tools, resources), as the protocol's pagination allows:
// the cursor is the position of the page's first item, opaque to the client.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

export const PAGE_SIZE = 100;

/** The items of the page a cursor names, and the cursor of the next page if there is one. */
export function page<T>(items: readonly T[], cursor: string | undefined, size = PAGE_SIZE): { items: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(start) || start < 0 || start > items.length || (cursor !== undefined && !/^\d+$/.test(cursor))) {
    throw new McpError(ErrorCode.InvalidParams, `Invalid cursor: ${JSON.stringify(cursor).slice(0, 40)}`);
  }
  const end = start + size;
  return { items: items.slice(start, end), ...(end < items.length ? { nextCursor: String(end) } : {}) };
}
