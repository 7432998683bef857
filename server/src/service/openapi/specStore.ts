import { contentStamp, WorkspaceError, type DocsWorkspace } from '../workspace';
import { relativeUri, resolveInside } from '../uri';
import { parseSpec, type OpenApiSpec } from './spec';
import { applyOverlays } from './overlayApply';
import type { OverlayDocument } from './overlays';
import type { SiteOverlays, SpecOverlays } from './siteOverlays';

export type SpecResolution =
  | { kind: 'remote'; url: string }
  | { kind: 'outside' }
  | { kind: 'missing'; uri: string }
  | {
      kind: 'invalid';
      uri: string;
      error: string;
      /** Docsmith could not read it (too large, binary): the platform may. */ unreadable?: boolean;
      /**
       * What the file holds is unknown, so nothing is said of the operations named in it: it is empty
       * (a placeholder for a spec the checkout does not hold), too large for Docsmith to read, or its
       * overlays pass Docsmith's bounds (their size or time).
       */
      placeholder?: boolean;
      /** Where in the file it stops parsing. */
      offset?: number;
    }
  | { kind: 'loaded'; uri: string; spec: OpenApiSpec };

const EXTENSIONS = ['', '.json', '.yaml', '.yml'];
/** Why an empty spec file is not checked (a predicate: the rules write `OpenAPI spec "x" <error>.`). */
export const EMPTY_SPEC =
  'is an empty file (a placeholder for a spec the checkout does not hold, too large for the repository or generated before deploy, or one not written yet)';

/** Where a spec named in docs.json or a page is, and what it holds. */
export interface SpecResolver {
  resolve(rootUri: string, source: string, relativeTo?: string): Promise<SpecResolution>;
}

/**
 * Finds and parses the OpenAPI specs a site names. Paths are relative to the docs root (a leading `/`
 * or `./` is the root); a name without extension also finds `name.json`, `name.yaml` and `name.yml`.
 * Parsed specs are kept until the file's modification time changes.
 */
export class SpecStore implements SpecResolver {
  private readonly cache = new Map<string, { stamp: string; result: SpecResolution }>();

  constructor(private readonly workspace: DocsWorkspace) {}

  async resolve(rootUri: string, written: string, relativeTo?: string, overlays?: SiteOverlays): Promise<SpecResolution> {
    // docs.json's sources are trimmed by the platform's schema; a path has no spaces at its ends.
    const source = written.trim();
    if (/^https?:\/\//i.test(source)) return { kind: 'remote', url: source };
    const bases = relativeTo && !source.startsWith('/') ? [relativeTo, rootUri] : [rootUri];
    let firstCandidate: string | undefined;
    for (const base of bases) {
      for (const extension of /\.(?:json|ya?ml)$/i.test(source) ? [''] : EXTENSIONS) {
        const uri = resolveInside(rootUri, base, source.replace(/^\.\//, '') + extension);
        if (!uri) continue;
        firstCandidate ??= uri;
        const stat = await this.workspace.stat(uri);
        if (stat?.kind === 'file')
          return (await this.workspace.realPathInside?.(uri, rootUri)) === false
            ? { kind: 'outside' }
            : this.load(uri, contentStamp(stat), overlays && (await overlays.forSpec(relativeUri(rootUri, uri) ?? uri)));
      }
    }
    return firstCandidate ? { kind: 'missing', uri: firstCandidate } : { kind: 'outside' };
  }

  /**
   * A resolver that looks each spec up once (a stat and a real path per candidate file): each site state
   * has one, since hundreds of navigation entries and endpoint pages name the same few specs, and a
   * change of a spec file makes a new state.
   */
  once(overlays?: SiteOverlays): SpecResolver {
    const answers = new Map<string, Promise<SpecResolution>>();
    return {
      resolve: (rootUri, source, relativeTo) => {
        const key = `${rootUri}\0${source}\0${relativeTo ?? ''}`;
        let answer = answers.get(key);
        if (!answer) answers.set(key, (answer = this.resolve(rootUri, source, relativeTo, overlays)));
        return answer;
      },
    };
  }

  private async load(uri: string, specStamp: string, overlays?: SpecOverlays): Promise<SpecResolution> {
    if (overlays && 'unknown' in overlays) return { kind: 'invalid', uri, error: overlays.unknown, placeholder: true };
    if (overlays && 'error' in overlays) return { kind: 'invalid', uri, error: `cannot be read: ${overlays.error}` };
    const applied = overlays?.overlays.length ? overlays : undefined;
    const stamp = applied ? `${specStamp}|${applied.stamp}` : specStamp;
    const cached = this.cache.get(uri);
    if (cached && cached.stamp === stamp) return cached.result;
    let result: SpecResolution;
    try {
      const text = await this.workspace.readFile(uri);
      if (text === undefined) return { kind: 'missing', uri };
      const transform = applied && ((document: unknown) => withOverlays(document, applied.overlays));
      const parsed = text.trim() === '' ? undefined : parseSpec(uri, text, transform);
      result = !parsed
        ? { kind: 'invalid', uri, error: EMPTY_SPEC, placeholder: true }
        : 'spec' in parsed
          ? { kind: 'loaded', uri, spec: parsed.spec }
          : {
              kind: 'invalid',
              uri,
              error: parsed.error,
              ...(parsed.offset !== undefined && { offset: parsed.offset }),
              ...(parsed.limit && { placeholder: true }),
            };
    } catch (error) {
      if (!(error instanceof WorkspaceError)) throw error;
      // The rules write `OpenAPI spec "x" <error>.`: a predicate, not a sentence of its own. A spec over
      // Docsmith's size bound is one the platform reads: unknown, not invalid.
      const why = `cannot be read: ${error.message.replace(/\.$/, '')}`;
      result = { kind: 'invalid', uri, error: why, unreadable: true, placeholder: error.reason === 'too-large' };
    }
    this.cache.set(uri, { stamp, result });
    return result;
  }
}

/** The document with its overlays applied; as the platform says when they cannot be. */
function withOverlays(document: unknown, overlays: OverlayDocument[]): { spec: unknown } | { error: string; limit?: true } {
  const result = applyOverlays(document, overlays);
  if (!('error' in result)) return result;
  // Past one of Docsmith's bounds, the platform may well apply them: the spec is not checked, not wrong.
  if (result.limit) return { error: `was not read with its overlays, which pass Docsmith's bounds (${result.error})`, limit: true };
  return { error: `cannot be read with its overlays: ${result.error}` };
}
