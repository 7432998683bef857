import { apiOpenapiRefs } from '../docsJson/apiSpecs';
import type { SiteContext } from '../docsJson/rules/siteContext';
import { joinUri } from '../uri';

const SPEC_FILE = /\.(json|ya?ml)$/i;
const LOOKS_LIKE_SPEC = /(^|[{,\s])["']?(openapi|swagger)["']?\s*:\s*["']?\d/;

/**
 * The specs a file-less `openapi:` front matter value is looked up in: those docs.json names
 * (`api.openapi`, navigation `openapi`), or, when it names none, the spec files found in the docs
 * root, as the platform discovers them.
 */
export async function siteSpecSources(site: SiteContext): Promise<string[]> {
  const named = [...site.navigation.specRefs, ...apiOpenapiRefs(site.config)].map((ref) => ref.source);
  if (named.length) return [...new Set(named)];
  return discoverSpecFiles(site);
}

/** The files of the docs root that look like OpenAPI or Swagger specs. */
export async function discoverSpecFiles(site: SiteContext): Promise<string[]> {
  const found: string[] = [];
  for (const relative of site.files.files) {
    if (!SPEC_FILE.test(relative) || relative === 'docs.json' || relative.startsWith('snippets/')) continue;
    const text = await site.workspace.readFile(joinUri(site.rootUri, relative)).catch(() => undefined);
    if (text && LOOKS_LIKE_SPEC.test(text.slice(0, 4000))) found.push(relative);
  }
  return found.sort();
}
