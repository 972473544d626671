// How long a test waits for something the product does in well under a second on a quiet machine
// (a page to update after a save, a poll to settle): tests run on two cores shared with builds
// and browsers, where a second's work has taken ten and more.
export const WAIT_MS = 60_000;
