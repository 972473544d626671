// Gives a thread's spare heap back to the system once a burst of work is over. V8 keeps the heap
// a large build grew to for a while after it is garbage, and the preview's threads each build,
// check or compare a whole large API in turn: kept, their spare heaps add up to more than the
// work itself needs. A full collection that compacts, run when the thread has nothing else to do,
// returns them at once. `gc` is V8's own, reached as Node documents for --expose-gc.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let collect: Collect | undefined;

/** Collects garbage and shrinks the heap to what is live (a few hundred milliseconds on a large API). */
export function compactHeap(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  }
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
