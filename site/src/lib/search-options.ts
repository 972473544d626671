// How the search dialog ranks results: an operation is found by its path, a piece of it, its
// operationId or its summary, the metadata every operation page carries (OperationHeader.astro).
export const SEARCH_RANKING = { ranking: { metaWeights: { path: 10, operation: 8, title: 6 } } } as const;
