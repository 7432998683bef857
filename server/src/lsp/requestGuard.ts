import { ErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import { CancelledError } from '../service';

/**
 * Wraps request handlers: after `shutdown` every request is refused with InvalidRequest, as the
 * protocol says; a cancelled request gets an empty answer; any other failure is logged once, with its
 * stack, and gets the empty answer too, so one bad request never takes the server down.
 */
export class RequestGuard {
  private shuttingDown = false;
  /** Requests being answered (background work waits for none). */
  private active = 0;
  private idleWaiters: (() => void)[] = [];

  shutDown(): void {
    this.shuttingDown = true;
  }

  /** A handler refused after shutdown. `background`: work that should not hold up others (see {@link idle}). */
  open<P, R>(handler: (params: P, token: CancellationToken) => R, background = false): (params: P, token: CancellationToken) => R {
    return (params, token) => {
      if (this.shuttingDown)
        throw new ResponseError(ErrorCodes.InvalidRequest, 'The server is shutting down: no request is answered after shutdown.');
      if (background) return handler(params, token);
      this.active++;
      let result: R;
      try {
        result = handler(params, token);
      } catch (error) {
        this.settled();
        throw error;
      }
      if (result instanceof Promise) void result.finally(() => this.settled()).catch(() => undefined);
      else this.settled();
      return result;
    };
  }

  /** Whether a request (other than background ones) is being answered. */
  busy(): boolean {
    return this.active > 0;
  }

  /** Resolves when no request (other than background ones) is being answered. */
  idle(): Promise<void> {
    return this.active === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private settled(): void {
    if (--this.active === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  /** A handler whose failures become `empty`. `background`: see {@link open}. */
  answer<P, R>(
    empty: R,
    handler: (params: P, token: CancellationToken) => Promise<R>,
    background = false,
  ): (params: P, token: CancellationToken) => Promise<R> {
    return this.open(
      async (params: P, token: CancellationToken) => (await runCancellable(() => handler(params, token))) ?? empty,
      background,
    );
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
