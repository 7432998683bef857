/**
 * What the ways of running the parser worker share, without Node (a worker thread under node, a Web
 * Worker in the browser build): its options, its replies, and what a stopped page says.
 */
import type { MdxParse } from '../service';
// The parser alone, not the whole language service: the parser worker's bundle stays small (the
// parser itself is loaded from its own bundle, as in the server).
// eslint-disable-next-line no-restricted-imports
import { parseMdx } from '../service/mdx/mdxReference';

/** The language servers' parser (node and browser): how long a page may take, and what the page then says. */
export const EDITOR_PARSER = {
  deadlineMs: 2000,
  why: ', so that the editor does not wait; `docsmith check` parses it in full',
} as const;

/** A worker's answer for a page: its parse, or why the parser failed on it. */
export function parseOrFailure(text: string): MdxParse | { failed: string } {
  try {
    return parseMdx(text);
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/** Loads the parser before a worker says it is ready (a parser that cannot load fails on the first page, with its message). */
export function warmParser(): void {
  try {
    parseMdx('');
  } catch {
    // said on the first page
  }
}

/** How long a new worker may take to load the parser before pages are parsed on the calling thread. */
export const START_DEADLINE_MS = 5000;
export interface ParserOptions {
  deadlineMs: number;
  /** Said after "the parser was stopped after N s": why there is a deadline, and where the page is checked in full. */
  why: string;
  /** Replaces the worker's entry (the tests). */
  script?: string;
  /** The language server's worker is stopped after this long without a page (default a minute). */
  idleMs?: number;
  /** Told when the worker cannot start, or a page is stopped. */
  log?: (message: string) => void;
}

/** A worker's reply: the parse, or why it could not give one. The first message of a worker says it is ready. */
export type Reply = MdxParse | { failed: string } | { ready: true };

/** The page's parse in a worker's reply; undefined when the reply is none (the worker failed, or only said it is ready). */
export function parseOf(reply: Reply | undefined): MdxParse | undefined {
  return reply && !('failed' in reply) && !('ready' in reply) ? reply : undefined;
}

/** Why no worker runs when one did not say it was ready in time. */
export const NOT_STARTED = `the parser worker did not start within ${START_DEADLINE_MS / 1000} s`;

/** The log line when no worker runs, for `reason`. */
export function noWorker(reason: string): string {
  return `Docsmith parses MDX on this thread: ${reason}.`;
}

/** Why a worker could not start, for the log. */
export function startFailure(error: unknown): string {
  return `the parser worker could not start (${error instanceof Error ? error.message : String(error)})`;
}

/** What a page the parser was stopped on says (`mdx/not-checked`), and the log line. */
export function stoppedPage(deadlineMs: number, why: string, log: (message: string) => void): MdxParse {
  const seconds = deadlineMs / 1000;
  log(`Docsmith stopped the MDX parser on a page after ${seconds} s.`);
  return {
    notParsed: {
      reason: `the parser was stopped after ${seconds} s (its work on some inline markup grows with the square of a paragraph's length)${why}`,
    },
  };
}
