import type { TextEdit } from 'vscode-languageserver-types';
import type { PageDocument } from '../documents/pageDocument';
import { bodyLinkPath } from '../links/linkPath';
import { pageId, snippetFiles } from '../site/siteFiles';
import type { LinkTargets } from '../links/linkTargets';
import { withoutBasePath } from '../links/basePath';
import type { SiteState } from '../session/siteState';
import { joinUri } from '../uri';

/** A page (or a folder of pages) that moves: ids without extension, from the docs root. */
export interface MovedPath {
  oldId: string;
  newId: string;
  folder: boolean;
}

/**
 * Links in page and snippet bodies that reach a moved page (or a page in a moved folder), rewritten
 * to its new path: `/new/path`, keeping the link's `#anchor`, `?query` and `.mdx` extension. A link
 * written relative to its page (`../old`) becomes a link from the root, which stays right wherever
 * the pages move; so do the relative links of a page that moves, whatever they reach. A link that
 * reached nothing (already broken, or served by a redirect) is left as it is.
 */
export async function bodyLinkEdits(
  state: SiteState,
  moved: readonly MovedPath[],
  readPage: (uri: string) => Promise<PageDocument | undefined>,
): Promise<Record<string, TextEdit[]>> {
  const site = state.context;
  const changes: Record<string, TextEdit[]> = {};
  if (!site || moved.length === 0) return changes;
  const files = [...site.files.pages.values(), ...snippetFiles(site.files)];
  const base = site.links.basePath();
  const targets = site.links.targets();
  for (const relative of files) {
    const uri = joinUri(state.rootUri, relative);
    const document = await readPage(uri);
    if (!document) continue;
    // A page that moves takes its relative links somewhere else: they are written from the root.
    const moving = renamedId(pageId(relative) ?? relative, moved) !== undefined;
    for (const link of document.body().links) {
      const url = link.url.trim();
      const path = bodyLinkPath(url, relative);
      if (!path || path.samePage || link.length !== link.url.length) continue;
      // Only a link that reaches a page or file that moves follows it: not one already broken, nor one a redirect serves.
      const written = pageId(path.path) ?? path.path;
      const renamed = followMove(targets, path.path, base, moved) ?? (moving && path.form !== 'root' ? written : undefined);
      if (renamed === undefined) continue;
      const extension = /\.mdx?$/i.exec(path.path)?.[0] ?? '';
      const suffix = url.slice(url.search(/[?#]|$/));
      const newText = `/${renamed}${extension}${suffix}`;
      if (newText === url) continue;
      (changes[uri] ??= []).push({
        range: { start: document.lines.positionAt(link.offset), end: document.lines.positionAt(link.offset + link.length) },
        newText,
      });
    }
  }
  return changes;
}

/**
 * Where a path from the root (without a leading `/`) goes when pages move: its new path, with the base
 * path it was written with (`docs/...`, on a site served under one), when it reached a page, file or
 * folder that moves; undefined otherwise (it moves nothing, or reached nothing before).
 */
export function followMove(targets: LinkTargets, path: string, base: string | undefined, moved: readonly MovedPath[]): string | undefined {
  const reached = reachedPath(targets, path, base);
  const renamed = reached && renamedId(reached.id, moved);
  return renamed === undefined ? undefined : reached!.prefix + renamed;
}

/**
 * What a path from the root reached before the move, as the link check reads it (a page, a file, a
 * folder, without following redirects): its id as written, and the base path it was written with
 * (`docs/`, on a site served under it, or `''`); undefined when it reached none of them.
 */
function reachedPath(targets: LinkTargets, path: string, base: string | undefined): { id: string; prefix: string } | undefined {
  const reach = (candidate: string) => {
    const kind = targets.resolveDirect(candidate)?.kind;
    return kind === 'page' || kind === 'file' || kind === 'folder' ? (pageId(candidate) ?? candidate) : undefined;
  };
  const direct = reach(path);
  if (direct !== undefined) return { id: direct, prefix: '' };
  const rest = base === undefined ? undefined : withoutBasePath(path, base);
  const unprefixed = rest === undefined ? undefined : reach(rest);
  return unprefixed === undefined ? undefined : { id: unprefixed, prefix: `${base}/` };
}

/** The new id of a link's path when it names a moved page (`guide` for `guide/index` too), or a page in a moved folder. */
function renamedId(id: string, moved: readonly MovedPath[]): string | undefined {
  for (const { oldId, newId, folder } of moved) {
    if (folder) {
      if (id === oldId) return newId;
      if (id.startsWith(`${oldId}/`)) return newId + id.slice(oldId.length);
      continue;
    }
    if (id === oldId) return newId;
    // `/guides` reaches `guides/index.mdx`: moving that file moves the link with it.
    if (oldId.endsWith('/index') && id === oldId.slice(0, -'/index'.length)) return newId.replace(/\/index$/, '');
  }
  return undefined;
}
