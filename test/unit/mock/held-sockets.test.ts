// Connections a fault holds: each closed after the bound, at most so many at once (the one held
// longest closed first), and one whose answer is out no longer held.
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeldSockets } from '../../../scripts/mock/held-sockets.ts';

class FakeSocket extends EventEmitter {
  destroyed = false;
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('close');
  }
}

describe('held sockets', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes each after the bound', () => {
    const held = new HeldSockets<FakeSocket>(10, 1000);
    const socket = new FakeSocket();
    held.hold(socket);
    vi.advanceTimersByTime(999);
    expect(socket.destroyed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(socket.destroyed).toBe(true);
    expect(held.size).toBe(0);
  });

  it('closes the one held longest when the cap is reached', () => {
    const held = new HeldSockets<FakeSocket>(2, 1000);
    const sockets = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    for (const s of sockets) held.hold(s);
    expect(sockets.map((s) => s.destroyed)).toEqual([true, false, false]);
    expect(held.size).toBe(2);
  });

  it('forgets a socket the client closed, or whose answer is out', () => {
    const held = new HeldSockets<FakeSocket>(2, 1000);
    const [closed, answered] = [new FakeSocket(), new FakeSocket()];
    held.hold(closed);
    held.hold(answered);
    closed.destroy();
    held.release(answered);
    expect(held.size).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(answered.destroyed).toBe(false);
  });
});
