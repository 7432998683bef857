import type { Root } from 'mdast';
import { Parser, type Options as AcornOptions } from 'acorn';
import jsx from 'acorn-jsx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { LineTable } from '../text/lineTable';
import { customIdAtEnd } from './headingReader';
import { esmStatementCount, MAX_ESM_STATEMENTS } from './jsSyntax';
import { thousands } from '../../common/plural';

/**
 * The MDX parser the platform uses (remark with remark-mdx, GFM, front matter and math, as its
 * `coreRemark`), for the pages the fast scanner does not vouch for. About 0.2 MB/s: the scanner keeps
 * it off most pages.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkMdx, { acorn: budgetedAcorn() })
  .use(remarkGfm)
  .use(remarkFrontmatter, ['yaml', 'toml'])
  .use(remarkMath)
  .freeze();

export interface MdxSyntaxError {
  offset: number;
  length: number;
  /** The parser's own words, as the platform's build prints them. */
  message: string;
}

/** Why a page was not given to the reference parser, or why it was stopped. */
export interface MdxNotParsed {
  reason: string;
}

/**
 * The parser's work is bounded, so that no page can hold up a run or the editor: a page over
 * {@link MAX_REFERENCE_PAGE} characters, or with more import and export statements than
 * {@link MAX_ESM_STATEMENTS} (acorn checks each declared name against all before it), is not given
 * to it (the scanner does not read such an ESM block either); and the JavaScript it hands to acorn is counted (on an expression that does not parse, it
 * tries again at every later `}`, each time with all the text since the `{`): past
 * {@link ACORN_BUDGET_PER_CHARACTER} characters per character of the page, plus a megabyte, and
 * after {@link PARSER_OVER_BUDGET_MS} of parsing, it is stopped.
 */
/**
 * The parser takes seconds and a hundred megabytes or more on a page of a few hundred kilobytes (a
 * 283 KB generated reference page: 4 s and 121 MB on a busy 2-core machine; 726 KB: 6.6 s, 219 MB).
 * The scanner vouches for every page of the 106 corpus sites above this size, so only a rare,
 * generated page meets the bound.
 */
export const MAX_REFERENCE_PAGE = 256_000;
export const ACORN_BUDGET_PER_CHARACTER = 20;

/** The page parsed as the platform parses it: its tree, the syntax error that stops it, or why it was not parsed. */
export type MdxParse = { tree: Root } | { error: MdxSyntaxError } | { notParsed: MdxNotParsed };

export function parseMdx(text: string): MdxParse {
  if (text.length > MAX_REFERENCE_PAGE) return { notParsed: { reason: `the page is over ${thousands(MAX_REFERENCE_PAGE)} characters` } };
  const statements = esmStatementCount(text);
  if (statements > MAX_ESM_STATEMENTS)
    return { notParsed: { reason: `it has more than ${thousands(MAX_ESM_STATEMENTS)} import and export lines` } };
  const masked = maskCustomHeadingIds(text);
  acornBudget = { left: ACORN_BUDGET_PER_CHARACTER * text.length + 1_000_000, spent: 0, started: performance.now() };
  try {
    return { tree: processor.parse(masked) as Root };
  } catch (error) {
    if (error instanceof BudgetExceeded)
      return {
        notParsed: {
          reason: 'its expressions would take the parser too long (it retries an expression that does not parse at every later `}`)',
        },
      };
    return { error: syntaxError(error, text) };
  } finally {
    lastAcornWork = acornBudget.spent;
    acornBudget = undefined;
  }
}

class BudgetExceeded extends Error {}

let acornBudget: { left: number; spent: number; started: number } | undefined;
/**
 * Past its work budget the parser is stopped only once it has also run this long: a page that trips
 * the budget but is done in a fraction of a second (an unclosed expression retried at a few thousand
 * `}`: 0.2 s) gets its verdict, as from the platform's build; one that would take minutes is stopped.
 */
export const PARSER_OVER_BUDGET_MS = 2000;
/** The characters the last parse handed to acorn (for the tests that bound it). */
export let lastAcornWork = 0;

/**
 * acorn as the MDX parser uses it (with JSX), counting what it is given. Past the budget it throws an
 * error that micromark's own error handling cannot swallow (reading its message throws), so the
 * parse stops at once instead of retrying at every `}`.
 */
function budgetedAcorn() {
  const Base = Parser.extend(jsx());
  const charge = (input: string) => {
    if (!acornBudget) return;
    acornBudget.spent += input.length;
    acornBudget.left -= input.length;
    if (acornBudget.left < 0 && performance.now() - acornBudget.started > PARSER_OVER_BUDGET_MS) {
      const error = new Error();
      Object.defineProperty(error, 'message', {
        get() {
          throw new BudgetExceeded('the reference parser went over its budget');
        },
      });
      throw error;
    }
  };
  return {
    parse(input: string, options: AcornOptions) {
      charge(input);
      return Base.parse(input, options);
    },
    parseExpressionAt(input: string, pos: number, options: AcornOptions) {
      charge(input);
      return Base.parseExpressionAt(input, pos, options);
    },
  } as unknown as typeof Base;
}

function syntaxError(error: unknown, text: string): MdxSyntaxError {
  const message = error as { reason?: string; message?: string; line?: number; column?: number; place?: { offset?: number } };
  const reason = message.reason ?? message.message ?? String(error);
  let offset = typeof message.place?.offset === 'number' ? message.place.offset : undefined;
  if (offset === undefined && message.line !== undefined && message.column !== undefined)
    offset = new LineTable(text).offsetAt({ line: message.line - 1, character: message.column - 1 });
  // "Expected a closing tag for `<Note>` (3:1-3:7)": the parser names the opening tag's place.
  const place = /\((\d+):(\d+)-(\d+):(\d+)\)/.exec(reason);
  if (place) {
    const lines = new LineTable(text);
    const start = lines.offsetAt({ line: Number(place[1]) - 1, character: Number(place[2]) - 1 });
    const end = lines.offsetAt({ line: Number(place[3]) - 1, character: Number(place[4]) - 1 });
    return { offset: start, length: Math.max(1, end - start), message: reason };
  }
  return { offset: Math.min(offset ?? 0, text.length), length: 1, message: reason };
}

/**
 * `## Title {#id}` is rewritten by the platform before parsing (the braces would read as an
 * expression). The id is blanked out here instead, which keeps every offset of the page.
 */
export function maskCustomHeadingIds(text: string): string {
  if (!text.includes('{#')) return text;
  let fence: { char: string; count: number } | undefined;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const stripped = lines[i].trimStart();
    if (fence) {
      let count = 0;
      while (stripped[count] === fence.char) count++;
      if (count >= fence.count && stripped.slice(count).trim() === '') fence = undefined;
      continue;
    }
    const opening = /^(`{3,}|~{3,})/.exec(stripped);
    if (opening) {
      fence = { char: opening[1][0], count: opening[1].length };
      continue;
    }
    const marker = /^ {0,3}#{1,6}[ \t]/.exec(lines[i]);
    if (!marker) continue;
    const line = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i];
    const custom = customIdAtEnd(line, marker[0].length);
    if (custom) lines[i] = lines[i].slice(0, custom.start) + ' '.repeat(custom.idEnd + 1 - custom.start) + lines[i].slice(custom.idEnd + 1);
  }
  return lines.join('\n');
}
