import { child } from '../../json/jsonTree';
import { parseApiValue } from '../../frontMatter/apiValue';
import { relativeUri } from '../../uri';
import { reportAtEntry, type PageContext } from '../pageContext';

/**
 * `api: "METHOD URL"` or `"METHOD /path"`: a full URL ignores `api.mdx.server`; a
 * relative path needs it in docs.json; path parameters are in balanced braces with valid names.
 */
export function apiRule(page: PageContext): void {
  const entry = page.frontMatter.entries.get('api');
  if (!entry) return;
  if (typeof entry.value !== 'string') {
    reportAtEntry(page, 'frontmatter/api-format', entry, '`api` must be a string such as "GET /users/{id}".');
    return;
  }
  const parsed = parseApiValue(entry.value);
  const valueStart = entry.valueOffset + quoteWidth(page.text, entry.valueOffset);
  if (!parsed.ok) {
    const code = parsed.problem === 'params' ? 'frontmatter/api-path-params' : 'frontmatter/api-format';
    page.report(code, valueStart + parsed.offset, parsed.length, `\`api\` ${parsed.message}.`);
    return;
  }
  if (parsed.kind === 'path' && !hasServer(page)) {
    const docsJson = relativeUri(page.site.rootUri, page.site.docsJsonUri) ?? 'docs.json';
    const apiNode = child(page.site.config, 'api');
    page.report(
      'frontmatter/api-server-missing',
      valueStart + parsed.targetOffset,
      parsed.target.length,
      `\`api\` is a relative path ("${parsed.target}"), but ${docsJson} sets no \`api.mdx.server\` to put in front of it. ` +
        `Add \`"api": { "mdx": { "server": "https://api.example.com" } }\` to ${docsJson}, or write the full URL here.`,
      {
        related: [{ node: apiNode ?? page.site.config, message: `${docsJson}: \`api.mdx.server\` belongs here` }],
      },
    );
  }
}

function hasServer(page: PageContext): boolean {
  const server = page.site.value.api?.mdx?.server;
  if (typeof server === 'string') return server.trim() !== '';
  return Array.isArray(server) && server.some((s) => typeof s === 'string' && s.trim() !== '');
}

/** 1 when the value at `offset` starts with a quote (the value's text starts after it). */
export function quoteWidth(text: string, offset: number): number {
  return text[offset] === '"' || text[offset] === "'" ? 1 : 0;
}
