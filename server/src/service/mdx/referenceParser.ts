import { parseMdx, type MdxParse } from './mdxReference';

/**
 * Who runs the MDX reference parser for this process: on the calling thread by default (the command
 * line, the tests), where its bound is on work, so that a page gets the same verdict on every
 * machine. The language server installs a runner with a deadline (a worker thread it can stop, see
 * parserWorker/): the parser's work on some inline markup grows with the square of a paragraph's
 * length (a paragraph of 7,000 `*_` takes it half a second, of 32,000 several), and the editor must
 * not wait on it.
 */
export interface ReferenceParser {
  /** The page's parse, on return. */
  parse(text: string): MdxParse;
  /**
   * The page's parse without holding up the calling thread. `key` names the document: a newer
   * request under the same key replaces one that has not started, which resolves undefined (stale).
   */
  parseAsync?(text: string, key: string): Promise<MdxParse | undefined>;
}

const onThisThread: ReferenceParser = { parse: (text) => parseMdx(text) };
let current: ReferenceParser = onThisThread;

/** The page through the process's reference parser. */
export function referenceParse(text: string): MdxParse {
  return current.parse(text);
}

/** The page through the process's reference parser without waiting on it; undefined when it cannot. */
export function referenceParseAsync(text: string, key: string): Promise<MdxParse | undefined> | undefined {
  return current.parseAsync?.(text, key);
}

/** Installs `parser` as the process's reference parser; undefined puts back the one on this thread. */
export function useReferenceParser(parser: ReferenceParser | undefined): void {
  current = parser ?? onThisThread;
}
