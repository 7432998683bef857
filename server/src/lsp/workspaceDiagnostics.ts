import {
  DocumentDiagnosticReportKind,
  LSPErrorCodes,
  ResponseError,
  type CancellationToken,
  type Connection,
  type Diagnostic,
  type ResultProgressReporter,
  type TextDocuments,
  type WorkspaceDiagnosticParams,
  type WorkspaceDiagnosticReport,
  type WorkspaceDiagnosticReportPartialResult,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CancelledError, yieldToEventLoop, type DocsLanguageService } from '../service';
import type { DiagnosticsScope } from './clientSettings';
import { logFailure, type RequestGuard } from './requestGuard';
import { plural } from '../common/plural';
import { sha256Base64Url } from '../common/hash';
import { fileDiagnostics } from './fileDiagnostics';

/** After a change, the workspace is checked again once nothing has changed for this long (typing is one burst). */
const QUIET_MS = 400;
/** The check yields to the event loop after this much work, so edits and requests wait at most this long. */
const SLICE_MS = 8;
/** Reports reach the client in batches of this many files while the check goes on. */
const BATCH = 200;
/** A check of more files than this shows progress. */
const PROGRESS_FROM = 300;

/** The result id of a file without problems: the client needs no report for a file that stays without. */
const EMPTY_ID = resultIdOf([]);

export interface WorkspaceDiagnosticsOptions {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  service: DocsLanguageService;
  scope: () => DiagnosticsScope;
  /** The workspace folders, whose docs roots are checked. */
  folders: () => string[];
  progress: () => boolean;
  /**
   * The files the pass will check, in order, to be read ahead of it (the browser build, whose every
   * first read is a round trip to the client).
   */
  readAhead?: (uris: string[]) => void;
}

/**
 * `workspace/diagnostic`: the problems of every file of every docs root in the workspace, so the
 * Problems panel shows the whole site without opening a file. Open documents are left to the
 * document pull. The client asks again two seconds after each answer; a request made while nothing
 * has changed since the last answer is held until something changes (or it is cancelled), so an idle
 * workspace costs nothing. Files are checked through the same caches as the editor, in slices that
 * yield to the event loop, so an edit never waits behind the whole site.
 */
export class WorkspaceDiagnostics {
  private generation = 0;
  private answered = -1;
  private lastChange = 0;
  private waiters: (() => void)[] = [];
  private roots: Promise<string[]> | undefined;
  private guard: RequestGuard | undefined;

  constructor(private readonly options: WorkspaceDiagnosticsOptions) {}

  listen(guard: RequestGuard): void {
    this.guard = guard;
    this.options.connection.languages.diagnostics.onWorkspace((params, token, _progress, partial) =>
      guard.open((p: WorkspaceDiagnosticParams, t: CancellationToken) => this.answer(p, t, partial), true)(params, token),
    );
  }

  /** Something changed: a held request wakes up (after the quiet time). `rootsChanged`: a docs.json came or went, or folders changed. */
  changed(rootsChanged = false): void {
    this.generation++;
    this.lastChange = Date.now();
    if (rootsChanged) this.roots = undefined;
    this.waiters.splice(0).forEach((wake) => wake());
  }

  async answer(
    params: WorkspaceDiagnosticParams,
    token: CancellationToken,
    partial: ResultProgressReporter<WorkspaceDiagnosticReportPartialResult> | undefined,
  ): Promise<WorkspaceDiagnosticReport> {
    const previous = new Map(params.previousResultIds.map(({ uri, value }) => [uri, value]));
    // Nothing new since the last answer: hold the request until there is.
    while (this.generation === this.answered) await this.nextChange(token);
    await this.quiet(token);
    const generation = this.generation;
    const reports: WorkspaceDocumentDiagnosticReport[] = [];
    const files = this.options.scope() === 'workspace' ? await this.files(token) : [];
    const seen = new Set<string>();
    const progress = files.length >= PROGRESS_FROM && this.options.progress() ? await this.startProgress(files.length) : undefined;
    let sliceStart = Date.now();
    this.options.readAhead?.(files);
    try {
      for (const [index, uri] of files.entries()) {
        if (Date.now() - sliceStart >= SLICE_MS) {
          await yieldToEventLoop();
          sliceStart = Date.now();
          progress?.report(Math.floor((index * 100) / files.length), `${index} of ${plural(files.length, 'file')}`);
        }
        // The editor first: while the author types or a request is answered, the check waits.
        await this.quiet(token);
        seen.add(uri);
        if (this.options.documents.get(uri)) continue; // the document pull answers for open files
        const items = await fileDiagnostics(this.options.service, uri, token);
        const resultId = resultIdOf(items);
        if (resultId === EMPTY_ID && !previous.has(uri)) continue; // nothing to show, nothing shown before
        reports.push(
          previous.get(uri) === resultId
            ? { kind: DocumentDiagnosticReportKind.Unchanged, uri, resultId, version: null }
            : { kind: DocumentDiagnosticReportKind.Full, uri, resultId, version: null, items },
        );
        if (partial && reports.length >= BATCH) partial.report({ items: reports.splice(0) });
      }
    } finally {
      // However the check ends (a cancellation in the wait or in a file's check), its progress ends.
      progress?.done();
    }
    // Files reported before and gone since (deleted, ignored, out of scope): their problems are cleared.
    for (const [uri, value] of previous) {
      if (!seen.has(uri) && value !== EMPTY_ID && !this.options.documents.get(uri))
        reports.push({ kind: DocumentDiagnosticReportKind.Full, uri, resultId: EMPTY_ID, version: null, items: [] });
    }
    this.answered = generation;
    return { items: reports };
  }

  private async files(token: CancellationToken): Promise<string[]> {
    const { service } = this.options;
    this.roots ??= Promise.all(this.options.folders().map((folder) => service.findDocsRoots(folder, token)))
      .then((found) => [...new Set(found.flat())].sort())
      .catch((error: unknown) => {
        this.roots = undefined;
        throw error;
      });
    const files: string[] = [];
    for (const root of await this.roots) files.push(...(await service.listDiagnosedFiles(root, token).catch(swallow([]))));
    return files;
  }

  private nextChange(token: CancellationToken): Promise<void> {
    if (token.isCancellationRequested) return Promise.reject(cancelled());
    return new Promise((resolve, reject) => {
      const listener = token.onCancellationRequested(() => reject(cancelled()));
      this.waiters.push(() => {
        listener.dispose();
        resolve();
      });
    });
  }

  /** Waits until nothing has changed for the quiet time and no other request is being answered. */
  private async quiet(token: CancellationToken): Promise<void> {
    for (;;) {
      if (token.isCancellationRequested) throw cancelled();
      const wait = this.lastChange + QUIET_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else if (this.guard?.busy()) await this.guard.idle();
      else return;
    }
  }

  private async startProgress(total: number): Promise<{ report(percent: number, message: string): void; done(): void } | undefined> {
    const progress = await this.options.connection.window.createWorkDoneProgress().catch(() => undefined);
    if (!progress) return undefined;
    progress.begin('Docsmith: checking the workspace', 0, `0 of ${plural(total, 'file')}`, false);
    return { report: (percent, message) => progress.report(percent, message), done: () => progress.done() };
  }
}

function resultIdOf(items: Diagnostic[]): string {
  return sha256Base64Url(JSON.stringify(items));
}

function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'Cancelled');
}

function swallow<T>(fallback: T): (error: unknown) => T {
  return (error) => {
    if (error instanceof CancelledError) throw cancelled();
    logFailure(error);
    return fallback;
  };
}
