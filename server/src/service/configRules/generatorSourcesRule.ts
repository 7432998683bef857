import { load as parseYaml } from 'js-yaml';
import { generatorSource, type GeneratorKind } from '../docsJson/navigation';
import type { SiteContext } from './siteContext';
import { WorkspaceError } from '../workspace';

/** What a local source is, as far as the platform's build is concerned. */
type Verdict = 'missing' | 'not-asyncapi' | 'fine';

/** What each generator's source is called in a message. */
const NAMES: Record<GeneratorKind, string> = { asyncapi: 'AsyncAPI spec', graphql: 'GraphQL schema', sdk: 'SDK reference source' };

/** Whether a file has a top-level `asyncapi` key (JSON or YAML): what makes it one of the site's AsyncAPI documents. */
function isAsyncApi(withBom: string): boolean {
  // A byte-order mark is no part of the document (the file system adapter keeps it on JSON files).
  const text = withBom.charCodeAt(0) === 0xfeff ? withBom.slice(1) : withBom;
  // The common case, a YAML key at column 0, without parsing the document.
  if (/^["']?asyncapi["']?[ \t]*:/m.test(text)) return true;
  // Else parsed: JSON, or YAML (which reads JSON too, and flow mappings that are not JSON).
  for (const parse of [JSON.parse, parseYaml]) {
    try {
      const value: unknown = parse(text);
      return !!value && typeof value === 'object' && 'asyncapi' in value;
    } catch {
      // the next reader, or none: the platform cannot read it as one either
    }
  }
  return false;
}

/**
 * Every local source navigation generates pages from is in the docs root: an AsyncAPI spec
 * (`"asyncapi": "/websockets.yaml"`, a list, or `{ source, directory }`) that is an AsyncAPI document,
 * a GraphQL schema (`"graphql"` of a tab), an SDK generator's artifact (`"sdk": { format, source }`).
 * The platform's build stops on one it cannot load ("AsyncAPI file … does not exist", "Unable to load
 * SDK reference …"). URLs are not fetched, and what the sources hold is not read.
 */
export async function generatorSourcesRule({ rootUri, workspace, navigation, sink }: SiteContext): Promise<void> {
  // Each file is read once, however many nodes name it.
  const verdicts = new Map<string, Promise<Verdict>>();
  const verdictOf = async (uri: string, kind: GeneratorKind): Promise<Verdict> => {
    if (kind !== 'asyncapi') return (await workspace.stat(uri)) ? 'fine' : 'missing'; // an SDK source may be a folder
    try {
      const text = await workspace.readFile(uri);
      return text === undefined ? 'missing' : isAsyncApi(text) ? 'fine' : 'not-asyncapi';
    } catch (error) {
      if (!(error instanceof WorkspaceError)) throw error;
      return 'fine'; // there, but not readable by Docsmith (too large, binary): the platform may read it
    }
  };
  for (const { source, node, kind } of navigation.generators) {
    const where = generatorSource(rootUri, source);
    if (where.kind === 'url') continue;
    const uri = where.kind === 'file' ? where.uri : undefined;
    const key = `${kind}\0${uri}`;
    let verdict = uri === undefined ? undefined : verdicts.get(key);
    if (uri !== undefined && !verdict) verdicts.set(key, (verdict = verdictOf(uri, kind)));
    const found = verdict ? await verdict : 'missing';
    const code = kind === 'asyncapi' ? 'asyncapi/spec-not-found' : 'nav/source-not-found';
    if (found === 'missing')
      sink.atNode(
        code,
        node,
        `${NAMES[kind]} "${source}" ${uri === undefined ? 'is outside the docs root' : 'does not exist in the docs root'}. The platform's build stops on it${kind === 'asyncapi' ? ' ("AsyncAPI file … does not exist")' : ''}.`,
      );
    else if (found === 'not-asyncapi')
      sink.atNode(
        code,
        node,
        `AsyncAPI spec "${source}" is not an AsyncAPI document (it has no \`asyncapi\` version key), so the platform does not count it among the site's AsyncAPI specs, and its build stops on it.`,
      );
  }
}
