import type { Diagnostic } from 'vscode-languageserver-types';
import type { ParsedDocuments } from './documents/parsedDocuments';
import { checkPage } from './pages/checkPage';
import { isPublishablePage, pageId } from './siteFiles';
import type { SiteState } from './siteState';
import { relativeUri } from './uri';
import type { DocsWorkspace } from './workspace';

/** The diagnostics of each page, kept while neither the page (its time or version) nor its site's state changes. */
export class PageDiagnostics {
  private readonly cache = new Map<string, { state: SiteState; mtime: number; diagnostics: Diagnostic[] | undefined }>();

  constructor(
    private readonly workspace: DocsWorkspace,
    private readonly documents: ParsedDocuments,
  ) {}

  /** The page's diagnostics; undefined when the file is no page of the site (or is gone). */
  async get(state: SiteState, uri: string): Promise<Diagnostic[] | undefined> {
    const relative = relativeUri(state.rootUri, uri);
    const id = relative === undefined ? undefined : pageId(relative);
    if (relative === undefined || id === undefined || !isPublishablePage(relative) || !state.context) return undefined;
    if (state.context.files.ignoredPages.get(id) === relative) return [];
    const mtime = (await this.workspace.stat(uri))?.mtime ?? -1;
    const known = this.cache.get(uri);
    if (known && known.state === state && known.mtime === mtime) return known.diagnostics;
    // An unreadable page is reported by checkPage, which reads it again.
    const text = await this.workspace.readFile(uri).catch(() => undefined);
    const diagnostics = await checkPage(state, id, relative, uri, text === undefined ? undefined : this.documents.page(uri, text));
    this.cache.set(uri, { state, mtime, diagnostics });
    return diagnostics;
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }

  clear(): void {
    this.cache.clear();
  }
}
