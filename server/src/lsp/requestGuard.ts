import { ErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import { CancelledError } from '../service';

/**
 * Wraps request handlers: after `shutdown` every request is refused with InvalidRequest, as the
 * protocol says; a cancelled request gets an empty answer; any other failure is logged once, with its
 * stack, and gets the empty answer too, so one bad request never takes the server down.
 */
export class RequestGuard {
  private shuttingDown = false;

  shutDown(): void {
    this.shuttingDown = true;
  }

  /** A handler refused after shutdown. */
  open<P, R>(handler: (params: P, token: CancellationToken) => R): (params: P, token: CancellationToken) => R {
    return (params, token) => {
      if (this.shuttingDown)
        throw new ResponseError(ErrorCodes.InvalidRequest, 'The server is shutting down: no request is answered after shutdown.');
      return handler(params, token);
    };
  }

  /** A handler whose failures become `empty`. */
  answer<P, R>(
    empty: R,
    handler: (params: P, token: CancellationToken) => Promise<R>,
  ): (params: P, token: CancellationToken) => Promise<R> {
    return this.open(async (params: P, token: CancellationToken) => (await runCancellable(() => handler(params, token))) ?? empty);
  }
}

/** Runs work; a cancellation becomes undefined, any other error a logged undefined. */
export async function runCancellable<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CancelledError) return undefined;
    logFailure(error);
    return undefined;
  }
}

export function logFailure(error: unknown): void {
  console.error(`docsmith: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
}
