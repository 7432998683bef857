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
  return new Promise((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));
}
