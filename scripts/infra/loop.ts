// Saves arrive in bursts (an editor writing several files, format-on-save):
// wait for a short quiet moment, then run one build at a time. A save during
// a build queues exactly one more build, which sees every file as it is by then.
// The one debounce loop: the preview's saves and the mock's reloads both run on it.

export interface RebuildLoop {
  /** A file changed: build once things are quiet. */
  schedule(): void;
  /** Build now (or once more after the running build); resolves when no build is running or queued. */
  now(): Promise<void>;
  /** Resolves when no build is running or queued. */
  idle(): Promise<void>;
  /** Stops scheduling; resolves when the running build, if any, is over. */
  stop(): Promise<void>;
}

export function createRebuildLoop(run: () => Promise<void>, quietMs = 40): RebuildLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let queued = false;
  let stopped = false;
  const waiters: (() => void)[] = [];

  const settle = (): void => {
    if (timer || running || queued) return;
    for (const resolve of waiters.splice(0)) resolve();
  };

  const start = (): void => {
    timer = undefined;
    if (stopped) {
      settle();
      return;
    }
    if (running) {
      queued = true;
      return;
    }
    running = run()
      .catch((error: unknown) => console.error(error))
      .finally(() => {
        running = undefined;
        if (queued && !stopped) {
          queued = false;
          start();
        } else {
          queued = false;
          settle();
        }
      });
  };

  return {
    schedule() {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(start, quietMs);
    },
    now() {
      if (stopped) return Promise.resolve();
      if (timer) clearTimeout(timer);
      start();
      return this.idle();
    },
    idle() {
      return new Promise((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      queued = false;
      await running;
      settle();
    },
  };
}
