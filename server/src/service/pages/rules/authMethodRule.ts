import { relativeUri } from '../../uri';
import { reportAtEntry, type PageContext } from '../pageContext';

/** `authMethod: key` sends the key in a header named by `api.mdx.auth.name` in docs.json. */
export function authMethodRule(page: PageContext): void {
  const entry = page.frontMatter.entries.get('authMethod');
  if (entry?.value !== 'key') return;
  const name = page.site.value.api?.mdx?.auth?.name;
  if (typeof name === 'string' && name.trim() !== '') return;
  const docsJson = relativeUri(page.site.rootUri, page.site.docsJsonUri) ?? 'docs.json';
  reportAtEntry(
    page,
    'frontmatter/auth-name-missing',
    entry,
    `\`authMethod: key\` sends the key in a header, but ${docsJson} does not name it: add \`"api": { "mdx": { "auth": { "name": "x-api-key" } } }\`.`,
  );
}
