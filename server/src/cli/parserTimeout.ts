import { deadlineParser } from '../parserWorker/deadlineParser';
import { useReferenceParser } from '../service';

/**
 * `--parser-timeout`: the MDX reference parser runs on a worker thread, stopped on a page after
 * `deadlineMs`; the page is then `mdx/not-checked`, saying why, and every other check of it runs. For
 * a check that must end in bounded time whatever a pull request holds: the parser's work on some
 * inline markup grows with the square of a paragraph's length (120 KB of `*_`: minutes), as in the
 * platform's build. Until `close`, for this thread.
 */
export function useParserTimeout(deadlineMs: number, warn: (message: string) => void = () => undefined): { close(): void } {
  const parser = deadlineParser({
    deadlineMs,
    why: ', as --parser-timeout asks (without it, `docsmith check` parses every page in full)',
    log: warn,
  });
  useReferenceParser(parser);
  return {
    close: () => {
      parser.close();
      useReferenceParser(undefined);
    },
  };
}
