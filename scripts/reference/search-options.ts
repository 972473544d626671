// How the search dialog ranks results: an operation is found by its path, a piece of it, its
// operationId or its summary, the metadata every operation page carries (OperationHeader.astro);
// the rest of the page (parameter and field names) weighs 1. The MCP server's search ranks by the same weights.
export const SEARCH_RANKING = { ranking: { metaWeights: { path: 10, operation: 8, title: 6 } } } as const;
