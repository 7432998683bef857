import type { SiteContext } from '../../site/siteContext';
import { resolveInside } from '../../uri';
import { WorkspaceError } from '../../workspace';

/** Whether a file has a top-level `asyncapi` key (JSON, or YAML at column 0): what makes it one of the site's AsyncAPI documents. */
function isAsyncApi(text: string): boolean {
  if (!text.trimStart().startsWith('{')) return /^asyncapi\s*:/m.test(text);
  try {
    const value: unknown = JSON.parse(text);
    return !!value && typeof value === 'object' && 'asyncapi' in value;
  } catch {
    return false; // the platform cannot read it as one either
  }
}

/**
 * Every local AsyncAPI spec navigation names (`"asyncapi": "/websockets.yaml"`, a list, or `{ source,
 * directory }`) is a file of the docs root that is an AsyncAPI document: the platform's build looks it
 * up among the site's AsyncAPI documents and stops when it is not one of them ("AsyncAPI file … does
 * not exist"). URLs are not fetched; the channels are not read.
 */
export async function asyncapiExistsRule({ rootUri, workspace, navigation, sink }: SiteContext): Promise<void> {
  // Each file is read once, however many nodes name it.
  const verdicts = new Map<string, Promise<'missing' | 'not-asyncapi' | 'fine'>>();
  const verdictOf = async (uri: string): Promise<'missing' | 'not-asyncapi' | 'fine'> => {
    try {
      const text = await workspace.readFile(uri);
      return text === undefined ? 'missing' : isAsyncApi(text) ? 'fine' : 'not-asyncapi';
    } catch (error) {
      if (!(error instanceof WorkspaceError)) throw error;
      return 'fine'; // there, but not readable by Docsmith (too large, binary): the platform may read it
    }
  };
  for (const ref of navigation.asyncapiRefs) {
    if (/^https?:\/\//i.test(ref.source)) continue;
    const uri = resolveInside(rootUri, rootUri, ref.source.replace(/^\.?\//, ''));
    let verdict = uri === undefined ? undefined : verdicts.get(uri);
    if (uri !== undefined && !verdict) verdicts.set(uri, (verdict = verdictOf(uri)));
    const found = verdict ? await verdict : 'missing';
    if (found === 'missing')
      sink.atNode(
        'asyncapi/spec-not-found',
        ref.node,
        `AsyncAPI spec "${ref.source}" ${uri === undefined ? 'is outside the docs root' : 'does not exist in the docs root'}. The platform's build stops on it ("AsyncAPI file … does not exist").`,
      );
    else if (found === 'not-asyncapi')
      sink.atNode(
        'asyncapi/spec-not-found',
        ref.node,
        `AsyncAPI spec "${ref.source}" is not an AsyncAPI document (it has no \`asyncapi\` version key), so the platform does not count it among the site's AsyncAPI specs, and its build stops on it.`,
      );
  }
}
