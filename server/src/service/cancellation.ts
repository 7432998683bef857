/** The part of an LSP cancellation token the service looks at, between awaits. */
export interface Cancellation {
  readonly isCancellationRequested: boolean;
}

export class CancelledError extends Error {
  constructor() {
    super('Cancelled');
  }
}

export function throwIfCancelled(token: Cancellation | undefined): void {
  if (token?.isCancellationRequested) throw new CancelledError();
}

/**
 * Lets pending I/O and messages (a cancellation) through. `setImmediate` where the host has it (Node):
 * `setTimeout` waits at least a millisecond, which adds up over thousands of pages.
 */
export function yieldToEventLoop(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => void }).setImmediate;
  return new Promise((resolve) => (immediate ? immediate(resolve) : messageImmediate(resolve)));
}

/**
 * Where there is no `setImmediate` (a browser's Web Worker), a message to itself: it runs after what
 * waits in the event loop, as `setTimeout(0)` does, without the 4 ms that browsers make nested timers wait.
 */
let channel: { port1: { onmessage: unknown }; port2: { postMessage(message: unknown): void } } | undefined;
const waiting: (() => void)[] = [];
function messageImmediate(callback: () => void): void {
  const Channel = (globalThis as unknown as { MessageChannel?: new () => NonNullable<typeof channel> }).MessageChannel;
  if (!Channel) {
    setTimeout(callback, 0);
    return;
  }
  if (!channel) {
    channel = new Channel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  waiting.push(callback);
  channel.port2.postMessage(undefined);
}

/** The token of a request that nobody can cancel (the CLI's, a test's). */
export const NOT_CANCELLED: Cancellation = Object.freeze({ isCancellationRequested: false });

/**
 * The token of work shared by several requests (a site's load, which completion, hover and the
 * diagnostics pull may all wait on): cancelled only when every request still waiting for it is. A
 * request joins before it waits and leaves once it has its answer; one that is cancelled keeps its
 * place, but no longer holds the work up.
 */
export class SharedCancellation implements Cancellation {
  private readonly waiting = new Set<Cancellation>();

  join(token: Cancellation): () => void {
    // A token may wait twice (two awaits of one request): each join leaves once.
    const entry = {
      get isCancellationRequested() {
        return token.isCancellationRequested;
      },
    };
    this.waiting.add(entry);
    return () => this.waiting.delete(entry);
  }

  get isCancellationRequested(): boolean {
    if (this.waiting.size === 0) return false;
    for (const token of this.waiting) if (!token.isCancellationRequested) return false;
    return true;
  }
}
