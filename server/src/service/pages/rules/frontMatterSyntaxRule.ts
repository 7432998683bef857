import type { PageContext } from '../pageContext';
import { quote } from '../../../common/text';

/**
 * YAML errors: the platform's page reader throws on them. A block that parses to a plain value keeps
 * no metadata. A page in navigation without a title is titled by the platform from its file name.
 */
export function frontMatterSyntaxRule(page: PageContext): void {
  const { frontMatter } = page;
  if (frontMatter.error) {
    page.report('frontmatter/yaml-syntax', frontMatter.error.offset, frontMatter.error.length, frontMatter.error.message);
    return;
  }
  if (frontMatter.unclosed) {
    const { offset, length } = frontMatter.unclosed;
    page.report(
      'frontmatter/unclosed',
      offset,
      length,
      'No `---` line closes the front matter opened here, so the platform reads none: the page shows these lines as text ' +
        `and is titled "${titleFromFileName(page.id)}" from its file name. Add a \`---\` line after the last \`key: value\` line.`,
    );
    return;
  }
  if (frontMatter.unread) {
    const { offset, length } = frontMatter.unread;
    page.report(
      'frontmatter/unread',
      offset,
      length,
      `The opening \`---\` is followed by spaces, so the platform does not read this block as the page's metadata: ` +
        `it keeps no title, description or other key from it (the page is titled "${titleFromFileName(page.id)}" from its file name). ` +
        `Remove the spaces after \`---\`.`,
      { data: { replace: '---', replaceLabel: 'Remove the spaces after ---', fixAll: true } },
    );
    return;
  }
  if (frontMatter.notMapping) {
    const fallback = titleFromFileName(page.id);
    const { value, offset, length } = frontMatter.notMapping;
    const shown = quote(value, 80);
    page.report(
      'frontmatter/not-a-mapping',
      offset,
      length,
      `The front matter is ${Array.isArray(value) ? 'a list' : `the plain value ${shown}`}, not \`key: value\` lines, ` +
        `so the platform takes no title or description from it (the page is titled "${fallback}" from its file name). ` +
        `Write \`title: ${typeof value === 'string' ? value : '…'}\`.`,
    );
    return;
  }
  for (const duplicate of frontMatter.duplicates) {
    page.report(
      'frontmatter/duplicate-key',
      duplicate.offset,
      duplicate.length,
      `\`${duplicate.key}\` is set twice in the front matter; the last one wins. Remove one.`,
    );
  }
  // An OpenAPI page takes its title from the operation's summary.
  if (page.navigationUnknown || !page.inNavigation.has(page.id) || frontMatter.entries.has('openapi')) return;
  const title = frontMatter.data.title;
  if (title !== undefined && title !== null && String(title).trim() !== '') return;
  const fallback = titleFromFileName(page.id);
  const sidebarTitle = frontMatter.data.sidebarTitle;
  const where =
    typeof sidebarTitle === 'string' && sidebarTitle.trim()
      ? `the sidebar shows its \`sidebarTitle\`, but the browser tab and search results show "${fallback}"`
      : `the sidebar, the browser tab and search results show "${fallback}"`;
  if (!frontMatter.present) {
    page.report(
      'frontmatter/no-title',
      0,
      0,
      `"${page.id}" has no front matter, so the platform titles it from its file name: ${where}. Start the page with a \`---\` block holding \`title: "…"\` to choose the title.`,
    );
  } else {
    const entry = frontMatter.entries.get('title');
    const offset = entry ? entry.keyOffset : frontMatter.contentOffset - 4;
    page.report(
      'frontmatter/no-title',
      Math.max(0, offset),
      entry ? entry.keyLength : 3,
      `"${page.id}" has no \`title\`, so the platform titles it from its file name: ${where}. Add \`title: "…"\` to choose the title.`,
    );
  }
}

/**
 * The title the platform gives a page without one: the last segment of its path, dashes and
 * underscores as spaces, the first letter in upper case (`guides/getting-started` → "Getting started").
 */
export function titleFromFileName(id: string): string {
  const words = id.slice(id.lastIndexOf('/') + 1).replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
