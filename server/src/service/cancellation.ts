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
