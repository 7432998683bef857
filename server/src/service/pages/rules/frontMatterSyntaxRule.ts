import type { PageContext } from '../pageContext';

/** YAML errors fail the platform's build; a page in navigation needs a title for the sidebar, the tab and search. */
export function frontMatterSyntaxRule(page: PageContext): void {
  const { frontMatter } = page;
  if (frontMatter.error) {
    page.report('frontmatter/yaml-syntax', frontMatter.error.offset, frontMatter.error.length, frontMatter.error.message);
    return;
  }
  for (const duplicate of frontMatter.duplicates) {
    page.report('frontmatter/duplicate-key', duplicate.offset, duplicate.length, `\`${duplicate.key}\` is set twice in the front matter; the last one wins. Remove one.`);
  }
  // An OpenAPI page takes its title from the operation's summary.
  if (!page.inNavigation.has(page.id) || frontMatter.entries.has('openapi')) return;
  const title = frontMatter.data.title;
  if (title !== undefined && title !== null && String(title).trim() !== '') return;
  if (!frontMatter.present) {
    page.report('frontmatter/no-title', 0, 0, `"${page.id}" is in navigation but has no front matter, so it has no title for the sidebar, the browser tab and search results. Start the page with a \`---\` block holding \`title: "…"\`.`);
  } else {
    const entry = frontMatter.entries.get('title');
    const offset = entry ? entry.keyOffset : frontMatter.contentOffset - 4;
    page.report('frontmatter/no-title', Math.max(0, offset), entry ? entry.keyLength : 3, `"${page.id}" is in navigation but its front matter has no \`title\`, so it has no title for the sidebar, the browser tab and search results. Add \`title: "…"\`.`);
  }
}
