// The live JavaScript heap of a Node process started with `--inspect=127.0.0.1:<port>`: a full
// garbage collection, then the heap in use, over the inspector's own protocol. RSS alone says how
// far V8 let the heap grow under load, which it keeps afterwards; this says what the process
// still holds. The port is fixed, so the address found is the process's own (a child it forks
// inherits the flag, fails to take the port, and runs on).

/** Node's flag for it. */
export function inspectFlag(port: number): string {
  return `--inspect=127.0.0.1:${port}`;
}

/** Bytes of heap in use after a full collection, in the process listening for the inspector on `port`. */
export async function liveHeap(port: number): Promise<number> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let id = 0;
  const call = (method: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const mine = ++id;
      const listener = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
        if (message.id !== mine) return;
        socket.removeEventListener('message', listener);
        resolve(message.result ?? {});
      };
      socket.addEventListener('message', listener);
      socket.send(JSON.stringify({ id: mine, method }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    return Number((await call('Runtime.getHeapUsage')).usedSize);
  } finally {
    socket.close();
  }
}
