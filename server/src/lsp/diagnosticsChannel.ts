import {
  DocumentDiagnosticReportKind,
  LSPErrorCodes,
  ResponseError,
  type Connection,
  type Diagnostic,
  type TextDocuments,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { NOT_CANCELLED, type Cancellation, type DocsLanguageService } from '../service';
import { fileDiagnostics } from './fileDiagnostics';
import { logFailure } from './requestGuard';
import type { ClientSupport } from './capabilities';
import type { RequestGuard } from './requestGuard';

/** After a change, a pull client is asked to pull again after this long (a burst of changes is one refresh). */
const REFRESH_AFTER_EDIT_MS = 50;
const REFRESH_AFTER_FILES_MS = 100;
/** A push client gets fresh diagnostics for its open documents after this long. */
const PUSH_AFTER_MS = 150;

/**
 * How diagnostics reach the client: answered when pulled, or pushed for the open documents; after
 * changes, once per burst (a checkout that creates thousands of files is one refresh, not thousands).
 */
export class DiagnosticsChannel {
  private pushTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly service: DocsLanguageService,
    private readonly support: () => ClientSupport,
    /** The workspace pull, woken by changes: the channel tells it, it never calls the channel. */
    private readonly workspace: { changed(rootsChanged?: boolean): void },
  ) {}

  listen(guard: RequestGuard): void {
    this.connection.languages.diagnostics.on(
      guard.open(async (params, token) => ({
        kind: DocumentDiagnosticReportKind.Full,
        items: await this.diagnosticsOf(params.textDocument.uri, token),
      })),
    );
  }

  /** A file's diagnostics (see fileDiagnostics). */
  diagnosticsOf(uri: string, token: Cancellation): Promise<Diagnostic[]> {
    return fileDiagnostics(this.service, uri, token);
  }

  /**
   * Something changed (an edit of `uri`, or files on disk): the client hears about it, once per burst,
   * and a held workspace pull wakes up. `rootsChanged`: a docs.json came or went.
   */
  changed(uri?: string, rootsChanged = false): void {
    const support = this.support();
    this.workspace.changed(rootsChanged);
    if (support.pullDiagnostics) {
      // An edit of the open document is re-pulled by the client itself; other documents may depend on it.
      if (!support.refreshSupport) return;
      clearTimeout(this.refreshTimer);
      this.refreshTimer = setTimeout(
        () => void this.connection.languages.diagnostics.refresh(),
        uri ? REFRESH_AFTER_EDIT_MS : REFRESH_AFTER_FILES_MS,
      );
      return;
    }
    clearTimeout(this.pushTimer);
    this.pushTimer = setTimeout(async () => {
      for (const document of this.documents.all()) {
        const diagnostics = await this.pushable(document.uri);
        // A check that gave way to a newer version of its document pushes nothing: the newer one's follows.
        if (diagnostics) void this.connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
      }
    }, PUSH_AFTER_MS);
  }

  /** The diagnostics to push for a document; undefined when its check was cancelled. */
  private async pushable(uri: string): Promise<Diagnostic[] | undefined> {
    try {
      return await this.diagnosticsOf(uri, NOT_CANCELLED);
    } catch (error) {
      if (error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled) return undefined;
      logFailure(error);
      return [];
    }
  }

  /** A closed document's pushed diagnostics are cleared. */
  closed(uri: string): void {
    if (!this.support().pullDiagnostics) void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }
}
