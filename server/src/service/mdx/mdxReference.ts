import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { LineTable } from '../documents/lineTable';

/**
 * The MDX parser the platform uses (remark with remark-mdx, GFM, front matter and math, as its
 * `coreRemark`), for the pages the fast scanner does not vouch for. About 0.2 MB/s: the scanner keeps
 * it off most pages.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkMdx)
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

/** The page parsed as the platform parses it: its tree, or the syntax error that stops it. */
export function parseMdx(text: string): { tree: Root } | { error: MdxSyntaxError } {
  const masked = maskCustomHeadingIds(text);
  try {
    return { tree: processor.parse(masked) as Root };
  } catch (error) {
    return { error: syntaxError(error, text) };
  }
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
    const heading = /^( {0,3}#{1,6}[ \t].*?)(\{[ \t]*#[^}]+\})([ \t]*\r?)$/.exec(lines[i]);
    if (heading) lines[i] = heading[1] + ' '.repeat(heading[2].length) + heading[3];
  }
  return lines.join('\n');
}
