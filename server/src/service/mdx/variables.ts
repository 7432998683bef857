import { filterXSS } from 'xss';
import type { BodyScan } from './bodyScan';
import type { MdxParse, MdxSyntaxError } from './mdxReference';

/**
 * docs.json's `variables`: `{{name}}` in a page or snippet is replaced by the value before the
 * platform parses it (its `replaceVariables`, in the page's whole text), so links, headings and
 * expressions are read with the values in. A name the site does not define stays as written. Each
 * value loses its HTML tags (and the content of executable ones), as the platform sanitises it.
 */
export interface PageVariables {
  readonly values: ReadonlyMap<string, string>;
  /** Their names, one set per site (a did-you-mean indexes a large set once). */
  readonly names: ReadonlySet<string>;
  /** The values written out: two sites' variables are the same when their keys are. */
  readonly key: string;
  /** How many characters a page's text may grow by beyond its own length (see {@link substituteVariables}). */
  readonly growth: number;
}

/** `{{ name }}` as the platform matches it (global: use with `matchAll`, or reset `lastIndex`). */
export const VARIABLE = /\{\{\s*([\w.-]+)\s*\}\}/g;
/** How much longer than the page its text may grow by its variables' values (see {@link substituteVariables}). */
const MAX_GROWTH = 1_000_000;
/**
 * How much the site's pages may grow together beyond their own length: a 1 MB value used once in
 * each of 100 pages would be 100 MB to read. Shared out equally, by a page count rounded up to a power
 * of two (adding a page changes no page's reading, but for a site that doubles).
 */
const SITE_GROWTH = 4_000_000;
const EXECUTABLE_TAGS = ['script', 'style', 'iframe', 'object', 'embed', 'form', 'link', 'meta', 'base'];

/** The site's variables from docs.json's plain value, for a site of `pages` pages and snippets; undefined when it has none. */
export function readVariables(config: Record<string, unknown> | undefined, pages = 1): PageVariables | undefined {
  const raw = config?.variables;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'string')
      values.set(name, filterXSS(value, { whiteList: {}, stripIgnoreTag: true, stripIgnoreTagBody: EXECUTABLE_TAGS }));
  }
  if (!values.size) return undefined;
  const growth = Math.min(MAX_GROWTH, Math.floor(SITE_GROWTH / 2 ** Math.ceil(Math.log2(Math.max(1, pages)))));
  return { values, names: new Set(values.keys()), key: JSON.stringify([growth, ...values]), growth };
}

/** A text with its variables replaced, and the way back to the written text's offsets. */
export interface Substituted {
  text: string;
  /** The written offset of an offset of {@link text}: inside a value, its variable's start (`end`: its end). */
  toWritten(offset: number, edge: 'start' | 'end'): number;
}

/**
 * `text` from `from` on with the site's variables replaced; undefined when none is used there. The
 * text may double, or grow by the page's share of the site's growth (1 MB at most), whichever is
 * more: a 1 MB value used 100,000 times would make 100 GB, and once in each of 200 pages, 200 MB.
 * Past that, the rest of the variables stay as written (a page that size is not one the platform serves).
 */
export function substituteVariables(text: string, variables: PageVariables | undefined, from = 0): Substituted | undefined {
  if (!variables || text.indexOf('{{', from) < 0) return undefined;
  // Each replacement: where it starts in the written text and in the new one, and both lengths.
  const written: number[] = [];
  const replaced: number[] = [];
  const writtenLengths: number[] = [];
  const valueLengths: number[] = [];
  let out = '';
  let last = 0;
  const budget = Math.max(2 * text.length, text.length + variables.growth);
  VARIABLE.lastIndex = from;
  for (let match = VARIABLE.exec(text); match; match = VARIABLE.exec(text)) {
    const value = variables.values.get(match[1]);
    if (value === undefined) continue;
    if (out.length + (match.index - last) + value.length + (text.length - match.index) > budget) break;
    out += text.slice(last, match.index);
    written.push(match.index);
    replaced.push(out.length);
    writtenLengths.push(match[0].length);
    valueLengths.push(value.length);
    out += value;
    last = match.index + match[0].length;
  }
  if (!written.length) return undefined;
  out += text.slice(last);
  return {
    text: out,
    toWritten(offset, edge) {
      // The last replacement that starts at or before the offset.
      let low = 0;
      let high = replaced.length - 1;
      let found = -1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (replaced[middle] <= offset) {
          found = middle;
          low = middle + 1;
        } else high = middle - 1;
      }
      if (found < 0) return offset;
      const into = offset - replaced[found];
      if (into >= valueLengths[found]) return written[found] + writtenLengths[found] + (into - valueLengths[found]);
      return into === 0 || edge === 'start' ? written[found] : written[found] + writtenLengths[found];
    },
  };
}

/** A range of the substituted text as written: a range that holds part of a value holds its whole variable. */
function writtenRange(sub: Substituted, offset: number, length: number): [number, number] {
  const start = sub.toWritten(offset, 'start');
  return [start, sub.toWritten(offset + length, 'end') - start];
}

/**
 * The scan of a substituted text with the written text's offsets, so that what the rules report
 * lands where the author wrote it (a link `{{base}}/guide` is read as the value's URL and reported
 * at the link as written).
 */
export function writtenScan(scan: BodyScan, sub: Substituted): BodyScan {
  const range = <T extends { offset: number; length: number }>(item: T): T => {
    const [offset, length] = writtenRange(sub, item.offset, item.length);
    return { ...item, offset, length };
  };
  return {
    ...scan,
    links: scan.links.map(range),
    headings: scan.headings.map(range),
    imports: scan.imports.map(range),
    comments: scan.comments.map(range),
    templates: scan.templates.map(range),
    elements: scan.elements.map((element) => {
      const [offset, length] = writtenRange(sub, element.offset, element.length);
      const [nameOffset, nameLength] = writtenRange(sub, element.nameOffset, element.nameLength);
      return {
        ...element,
        offset,
        length,
        nameOffset,
        nameLength,
        attributes: element.attributes.map((attribute) => {
          const [valueOffset, valueLength] = writtenRange(sub, attribute.valueOffset, attribute.valueLength);
          return { ...attribute, nameOffset: sub.toWritten(attribute.nameOffset, 'start'), valueOffset, valueLength };
        }),
      };
    }),
    uncertain: scan.uncertain && { ...scan.uncertain, offset: sub.toWritten(scan.uncertain.offset, 'start') },
    error: scan.error && range(scan.error),
  };
}

/** A syntax error of the substituted text, where it is in the written one. */
export function writtenError(error: MdxSyntaxError, sub: Substituted): MdxSyntaxError {
  const [offset, length] = writtenRange(sub, error.offset, error.length);
  return { ...error, offset, length };
}

/**
 * What a page's scans read (its text with the variables replaced from `from` on), and how what they
 * give is placed back at the text as written.
 */
export function readWithVariables(
  text: string,
  variables: PageVariables | undefined,
  from: number,
): { read: string; written(scan: BodyScan): BodyScan; writtenParse(result: MdxParse): MdxParse } {
  const sub = substituteVariables(text, variables, from);
  if (!sub) return { read: text, written: (scan) => scan, writtenParse: (result) => result };
  return {
    read: sub.text,
    written: (scan) => writtenScan(scan, sub),
    writtenParse: (result) => ('error' in result ? { error: writtenError(result.error, sub) } : result),
  };
}
