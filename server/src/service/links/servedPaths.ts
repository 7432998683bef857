/**
 * Paths the platform serves for every site, whether the docs root has a file there or not (its own
 * documentation: ai/llmstxt.mdx, ai/skillmd.mdx, ai/model-context-protocol.mdx, deploy/reverse-proxy.mdx,
 * create/changelogs.mdx): the files for AI tools and search engines, the hosted search MCP server and
 * its discovery documents, the skills directories, and a changelog page's RSS feed. A link to one of
 * them reaches something; the platform's own link checker knows only files and pages.
 */
const SERVED = new Set([
  'llms.txt',
  'llms-full.txt',
  'sitemap.xml',
  'robots.txt',
  'skill.md',
  'mcp',
  'authed/mcp',
  '.well-known/llms.txt',
  '.well-known/llms-full.txt',
  '.well-known/mcp',
  '.well-known/mcp.json',
  '.well-known/mcp/server-card.json',
  '.well-known/mcp/server-cards.json',
  '.well-known/agent-card.json',
  '.well-known/api-catalog',
]);
/** Folders whose paths the platform answers: the skills directories and the MCP server's OAuth routes. */
const SERVED_FOLDERS = ['.well-known/skills/', '.well-known/agent-skills/', 'authed/mcp/'];
/** A page's RSS feed: its path with `/rss.xml` appended (a changelog of `Update` components). */
const FEED = '/rss.xml';

/**
 * Whether the platform serves `path` (from the root, without a leading `/`) for every site. `isPage`
 * says whether a path names a page: a feed is served for a page's path.
 */
export function isServedPath(path: string, isPage: (path: string) => boolean): boolean {
  if (SERVED.has(path) || SERVED_FOLDERS.some((folder) => path.startsWith(folder))) return true;
  if (!path.endsWith(FEED)) return false;
  const page = path.slice(0, -FEED.length);
  return page !== '' && isPage(page);
}
