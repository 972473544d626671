// What every section of a run gets: the options, where to put files, and the results.
import type { DocName } from './paths.ts';
import type { Results } from './results.ts';

export interface Options {
  runs: number;
  docs: DocName[];
  only: string[];
  /** Seconds of load per mock measurement. */
  duration: number;
  connections: number;
}

export interface Context {
  options: Options;
  results: Results;
  /** Progress lines on stderr, so stdout keeps only the final table. */
  log(message: string): void;
}
