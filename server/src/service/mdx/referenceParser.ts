import { parseMdx, type MdxParse } from './mdxReference';

/**
 * Who runs the MDX reference parser for this process: on the calling thread by default (the command
 * line, the tests), where its bound is on work, so that a page gets the same verdict on every
 * machine. The language server installs a runner with a deadline (a worker thread it can stop, see
 * parserWorker/): the parser's work on some inline markup grows with the square of a paragraph's
 * length (a paragraph of 7,000 `*_` takes it half a second, of 32,000 several), and the editor must
 * not wait on it.
 */
export type ReferenceParser = (text: string) => MdxParse;

const onThisThread: ReferenceParser = (text) => parseMdx(text);
let current: ReferenceParser = onThisThread;

/** The page through the process's reference parser. */
export function referenceParse(text: string): MdxParse {
  return current(text);
}

/** Installs `parser` as the process's reference parser; undefined puts back the one on this thread. */
export function useReferenceParser(parser: ReferenceParser | undefined): void {
  current = parser ?? onThisThread;
}
