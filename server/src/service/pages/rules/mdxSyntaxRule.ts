import type { PageContext } from '../pageContext';

/**
 * The page parses as MDX, as the platform's build parses it (remark with MDX, GFM, front matter and
 * math). The message and place are the parser's own; every page is reported, not only the first.
 */
export function mdxSyntaxRule(page: PageContext): void {
  const error = page.document.syntaxError();
  if (!error) return;
  page.report(
    'mdx/syntax',
    error.offset,
    error.length,
    `This page does not parse as MDX, so the platform's build fails on it: ${error.message}`,
  );
}
