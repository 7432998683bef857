import type { Cancellation } from '../cancellation';

/**
 * Who may still be reading a site's state. A request of the service reads under its token from its
 * start to its end (`during`); each state it is handed is held under that token (`hold`) until the
 * request settles. The incremental docs.json path patches a state in place only while nobody holds
 * it (`held`): a request that is still reading an older version sees that version to its end, and
 * the edit loads the site afresh instead.
 *
 * A token used by several requests at once (the CLI's NOT_CANCELLED) holds until the last of them
 * settles. A token outside any request (a test reading the service's internals) holds nothing.
 */
export class StateReaders {
  /** The requests running under each token, and what they were handed. */
  private readonly requests = new Map<Cancellation, { running: number; held: Set<object> }>();
  /** How many tokens hold each state (its context: what the incremental path patches). */
  private readonly holders = new Map<object, number>();

  /** Runs one request under `token`: what it is handed stays held until the request settles. */
  during<T>(token: Cancellation, request: () => T): T {
    let entry = this.requests.get(token);
    if (!entry) this.requests.set(token, (entry = { running: 0, held: new Set() }));
    entry.running++;
    const done = () => this.settle(token);
    let result: T;
    try {
      result = request();
    } catch (error) {
      done();
      throw error;
    }
    if (isPromise(result)) result.then(done, done);
    else done();
    return result;
  }

  /** Records that the request running under `token` reads `state`. */
  hold(token: Cancellation, state: object): void {
    const entry = this.requests.get(token);
    if (!entry || entry.held.has(state)) return;
    entry.held.add(state);
    this.holders.set(state, (this.holders.get(state) ?? 0) + 1);
  }

  /** Whether a request still running may read `state`. */
  held(state: object): boolean {
    return this.holders.has(state);
  }

  private settle(token: Cancellation): void {
    const entry = this.requests.get(token);
    if (!entry || --entry.running > 0) return;
    this.requests.delete(token);
    for (const state of entry.held) {
      const count = (this.holders.get(state) ?? 1) - 1;
      if (count > 0) this.holders.set(state, count);
      else this.holders.delete(state);
    }
  }
}

function isPromise(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

/**
 * Where a method of the service takes its request's token: the index of that argument, `'options'`
 * when it is the `token` of an options object given last, or `'none'` for a method that is no request
 * (it reads no state). Declared for every method (see {@link TokenPlaces}), never guessed from the
 * arguments: `getCodeActions(uri, range, diagnostics, token, only)` has its token fourth of five.
 */
export type TokenPlace = number | 'options' | 'none';

/** The argument at `I` of a function's parameters, and whether a token fits it. */
type TokenFits<F, P> = F extends (...args: infer A) => unknown
  ? P extends number
    ? A[P] extends Cancellation
      ? true
      : false
    : P extends 'options'
      ? A extends [...unknown[], infer Last]
        ? Last extends { token: Cancellation }
          ? true
          : false
        : false
      : // 'none': only a method that takes no token at all.
        Extract<A[number], Cancellation> extends never
        ? true
        : false
  : true;

/**
 * The token place of each method of `T`, checked by the compiler: a method missing from the table, or
 * a place where the argument is no token, is a type error naming the method.
 */
export type TokenPlaces<T, P extends { [K in keyof T]: TokenPlace }> = {
  [K in keyof T]: TokenFits<T[K], P[K]> extends true ? P[K] : never;
};

/**
 * The service with every method that takes a token run as a request of `readers`, the token found where
 * `places` declares it: what the request is handed stays held until it settles.
 */
export function asRequests<T extends object, P extends { [K in keyof T]: TokenPlace }>(
  service: T,
  readers: StateReaders,
  places: P & TokenPlaces<T, P>,
): T {
  const wrapped = { ...service } as Record<string, unknown>;
  for (const [name, value] of Object.entries(wrapped)) {
    const place = (places as Record<string, TokenPlace>)[name];
    if (typeof value !== 'function' || place === 'none' || place === undefined) continue;
    const method = value as (...args: unknown[]) => unknown;
    wrapped[name] = (...args: unknown[]) => {
      const token = place === 'options' ? (args.at(-1) as { token?: unknown } | undefined)?.token : args[place];
      return isToken(token) ? readers.during(token, () => method(...args)) : method(...args);
    };
  }
  return wrapped as T;
}

function isToken(value: unknown): value is Cancellation {
  return typeof value === 'object' && value !== null && 'isCancellationRequested' in value;
}
