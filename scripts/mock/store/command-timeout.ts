/** How long one Redis command may take before its request is answered 503, unless `--store-timeout` says otherwise: Redis answers in well under a millisecond when it is there. */
export const COMMAND_TIMEOUT_MS = 500;
