// Connections a fault holds open (`Prefer: fault=hang` answers nothing, `fault=slow` trickles its
// body), bounded in time and in number: each is closed after a while, and past the cap the oldest
// is closed at once, so no number of such requests can take every file descriptor the process has.

export interface Closable {
  destroy(): void;
  once(event: 'close', listener: () => void): unknown;
}

export class HeldSockets<S extends Closable = Closable> {
  private readonly held = new Map<S, NodeJS.Timeout>();
  readonly max: number;
  readonly ms: number;

  constructor(max: number, ms: number) {
    this.max = max;
    this.ms = ms;
  }

  get size(): number {
    return this.held.size;
  }

  /** Keeps the socket at most `ms`, then closes it; at the cap, the one held longest is closed first. */
  hold(socket: S): void {
    if (this.held.has(socket)) return;
    for (const oldest of this.held.keys()) {
      if (this.held.size < this.max) break;
      this.close(oldest);
    }
    const timer = setTimeout(() => this.close(socket), this.ms);
    timer.unref();
    this.held.set(socket, timer);
    socket.once('close', () => this.release(socket));
  }

  /** No longer held (its answer is written): the server's own timeouts apply again. */
  release(socket: S): void {
    const timer = this.held.get(socket);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.held.delete(socket);
  }

  closeAll(): void {
    for (const socket of [...this.held.keys()]) this.close(socket);
  }

  private close(socket: S): void {
    this.release(socket);
    socket.destroy();
  }
}
