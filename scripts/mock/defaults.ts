// Defaults of the mock server, in a module of their own so the command can
// read them before loading anything heavy.
export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
/** The portal's address in development, for `Link` headers pointing at operation pages. */
export const DEFAULT_SITE = 'http://127.0.0.1:4321';
/** The request body limit our API description documents. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
export const MAX_HEADER_BYTES = 16 * 1024;
