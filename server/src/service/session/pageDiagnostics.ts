import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type Cancellation } from '../cancellation';
import type { ParsedDocuments } from '../documents/parsedDocuments';
import { checkPage } from './checkPage';
import { groupRepeats } from '../check/groupRepeats';
import { checkedAs, isPublishablePage, pageId } from '../site/siteFiles';
import { pageInputsUnchanged, type PageInputs, type SiteState } from './siteState';
import { joinUri, relativeUri } from '../uri';
import { contentStamp, type DocsWorkspace } from '../workspace';

/**
 * The diagnostics of each page, kept while neither the page (its time or version), nor what its
 * checks read of the site's state (its pageInputs: an edit of one navigation entry changes them for
 * two pages only), nor a page it links into changes.
 */
export class PageDiagnostics {
  private readonly cache = new Map<
    string,
    { inputs: PageInputs; stamp: string; kind: 'page' | 'snippet'; diagnostics: Diagnostic[] | undefined }
  >();
  /** Page URI → the pages whose diagnostics read its anchors. */
  private readonly dependents = new Map<string, Set<string>>();

  constructor(
    private readonly workspace: DocsWorkspace,
    private readonly documents: ParsedDocuments,
  ) {}

  /** The page's diagnostics; undefined when the file is no page of the site (or is gone). */
  async get(state: SiteState, uri: string, token: Cancellation): Promise<Diagnostic[] | undefined> {
    const relative = relativeUri(state.rootUri, uri);
    const id = relative === undefined ? undefined : pageId(relative);
    if (relative === undefined || id === undefined || !state.context) return undefined;
    const files = state.context.files;
    // A page the index does not list yet (a file being created) is checked as a page.
    // A page the navigation lists is checked without waiting for every page of the site to be read
    // for its imports (a first diagnostic on a large site): its next pull checks it again once the graph says
    // another file imports it. A page it does not list (an orphan, or an imported part) waits.
    const kind =
      (await checkedAs(files, relative, !state.inNavigation.has(id))) ??
      (isPublishablePage(relative) && !files.ignoredPages.has(id) ? 'page' : undefined);
    if (!kind) return isPublishablePage(relative) && files.ignoredPages.get(id) === relative ? [] : undefined;
    const stat = await this.workspace.stat(uri);
    const stamp = contentStamp(stat);
    throwIfCancelled(token);
    const known = this.cache.get(uri);
    // A page another file now imports (or no longer does) is checked again, as what it now is.
    if (known && known.stamp === stamp && known.kind === kind && pageInputsUnchanged(known.inputs, state.pageInputs, id)) {
      known.inputs = state.pageInputs;
      return known.diagnostics;
    }
    // An unreadable page is reported by checkPage, which reads it again.
    const text = await this.workspace.readFile(uri).catch(() => undefined);
    throwIfCancelled(token);
    // An open page (it has an editor version) is kept parsed for the requests on it; a closed one is not.
    const document =
      text === undefined
        ? undefined
        : stat?.version !== undefined
          ? this.documents.page(uri, text, state.context.variables)
          : this.documents.pageOnce(uri, text, state.context.variables);
    // The reference parser reads it (when it must) without holding up the editor's other requests.
    await document?.prepare();
    throwIfCancelled(token);
    const found = await checkPage(state, id, relative, uri, { document, snippet: kind === 'snippet', token });
    throwIfCancelled(token);
    for (const dependency of found?.dependencies ?? []) {
      const target = joinUri(state.rootUri, dependency);
      let pages = this.dependents.get(target);
      if (!pages) this.dependents.set(target, (pages = new Set()));
      pages.add(uri);
    }
    const diagnostics = found && groupRepeats(uri, found.diagnostics);
    this.cache.set(uri, { inputs: state.pageInputs, stamp, kind, diagnostics });
    return diagnostics;
  }

  /** The diagnostics last found of a page, without checking it (undefined: not checked yet). */
  known(uri: string): Diagnostic[] | undefined {
    return this.cache.get(uri)?.diagnostics;
  }

  /** A page changed: its diagnostics, and those of the pages that link into it, are found again. */
  forget(uri: string): void {
    this.cache.delete(uri);
    for (const dependent of this.dependents.get(uri) ?? []) this.cache.delete(dependent);
    this.dependents.delete(uri);
  }

  clear(): void {
    this.cache.clear();
    this.dependents.clear();
  }
}
