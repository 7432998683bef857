import type { DiagnosticCode } from '../diagnosticCodes';
import type { DiagnosticOptions } from '../diagnostics';
import type { SiteContext } from '../siteContext';
import type { FrontMatter, FrontMatterEntry } from '../frontMatter/parseFrontMatter';
import type { LineTable } from '../documents/lineTable';
import type { FieldTag } from '../mdx/fieldTags';
import type { ListedPages } from '../listedPages';
import type { SiteSpecs } from '../siteSpecs';

/** Everything a page rule may look at. */
export interface PageContext {
  uri: string;
  /** Path relative to the docs root, and the page id (without extension). */
  relative: string;
  id: string;
  text: string;
  /** Offsets to lines and back. */
  lines: LineTable;
  frontMatter: FrontMatter;
  /** The `<ParamField>`/`<ResponseField>` tags of the body (scanned on first use). */
  fields(): FieldTag[];
  site: SiteContext;
  /** Page ids that navigation lists. */
  inNavigation: ListedPages;
  /** docs.json does not parse, so what navigation lists is not known: rules about it stay silent. */
  navigationUnknown: boolean;
  /** The site's OpenAPI specs (discovered once per site state). */
  siteSpecs(): Promise<SiteSpecs>;
  report(code: DiagnosticCode, offset: number, length: number, message: string, options?: DiagnosticOptions): void;
}

export type PageRule = (page: PageContext) => void | Promise<void>;

/** Reports at a front matter entry's value (or key, when asked). */
export function reportAtEntry(
  page: PageContext,
  code: DiagnosticCode,
  entry: FrontMatterEntry,
  message: string,
  options?: DiagnosticOptions & { at?: 'key' | 'value' },
): void {
  if (options?.at === 'key' || entry.valueLength === 0) page.report(code, entry.keyOffset, entry.keyLength, message, options);
  else page.report(code, entry.valueOffset, entry.valueLength, message, options);
}
