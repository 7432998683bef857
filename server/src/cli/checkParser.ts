import { deadlineParser } from '../parserWorker/deadlineParser';
import { useReferenceParser } from '../service';

/**
 * `docsmith check` gives the MDX parser 30 s per page: far more than any real page needs (a 283 KB
 * generated reference page takes it 4 s on a busy machine), so the verdict on a real page is the same
 * on every machine, but a page whose inline markup sends the parser's work quadratic (a paragraph of
 * 250,000 `*_` would take it minutes) does not hold up a CI run. Pages under 32,000 characters are
 * parsed on the calling thread (at worst about 4 s, for 16,000 `*_`; with the bound at 16,000, the
 * workers cost a crewAI-sized site 6%), the rest on a worker thread it can stop.
 */
export const CHECK_PARSER_DEADLINE_MS = 30_000;
const IN_THREAD_BELOW = 32_000;

/** Installs the check's reference parser for this thread; the function returned stops its worker. */
export function useCheckParser(): () => void {
  const parser = deadlineParser({
    deadlineMs: CHECK_PARSER_DEADLINE_MS,
    why: '',
    inThreadBelow: IN_THREAD_BELOW,
    log: () => undefined, // the finding says it
  });
  useReferenceParser(parser);
  return () => {
    parser.close();
    useReferenceParser(undefined);
  };
}
