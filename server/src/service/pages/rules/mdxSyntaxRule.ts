import type { PageContext } from '../pageContext';

/**
 * The page parses as MDX, as the platform's build parses it (remark with MDX, GFM, front matter and
 * math). The message and place are the parser's own; every page is reported, not only the first.
 * What the platform then does is its prebuild's (`preparseMdxTree`): it prints a warning and
 * publishes a notice in place of the page's content; only a build in strict mode fails.
 */
export function mdxSyntaxRule(page: PageContext): void {
  const notParsed = page.document.notParsed();
  if (notParsed) {
    const { offset, reason } = page.document.body().uncertain!;
    page.report(
      'mdx/not-checked',
      offset,
      1,
      `This page uses MDX the fast scanner cannot vouch for (${reason}), and the full MDX parser did not check it: ${notParsed.reason}. Docsmith cannot say whether the platform's build parses it; its links were read by the scanner.`,
    );
    return;
  }
  const error = page.document.syntaxError();
  if (!error) return;
  page.report(
    'mdx/syntax',
    error.offset,
    error.length,
    `This page does not parse as MDX: ${error.message.replace(/\.$/, '')}. The platform's build only warns, and publishes the notice "A parsing error occurred. Please contact the owner of this website." in place of the page's content (a build in strict mode fails).`,
  );
}
