import * as vscode from 'vscode';
import { ExportApiError } from '../../../server/src/analytics';
import { plural } from '../../../server/src/common/plural';
import type { DocsmithConfig } from '../config';
import type { ApiKeyStore } from '../secrets';
import type { CachedExport, ExportCache } from './exportCache';
import { syncExport } from './gapsSync';

export const SET_KEY = 'Set Admin API Key';

/** What a refresh needs of the extension. */
export interface RefreshHost {
  config: DocsmithConfig;
  keys: ApiKeyStore;
  cache: ExportCache;
  output: vscode.OutputChannel;
  /** Asks for the key (from a notification's button). */
  setApiKey(): Promise<void>;
  /** Shows a message in the view (why nothing was fetched). */
  say(message: string): void;
  /** Called as the download starts (the server indexes the pages for the clusters meanwhile). */
  fetching(): void;
  /** Whether the Docs Gaps view is on screen: it then says what is missing itself, with a button. */
  viewVisible(): boolean;
}

/** What a refresh did: the export it fetched, or the failure to show; undefined when it fetched nothing (and said why). */
export type RefreshOutcome = { export: CachedExport; error?: undefined } | { export?: undefined; error: string } | undefined;

/**
 * The sync service of the Docs Gaps view: fetches the assistant conversations from `since` on into the
 * cache (incrementally when it can), with progress and cancellation in a notification. It never awaits
 * a notification: a refresh waiting on one would hold up every later refresh until it is dismissed.
 */
export async function refreshExport(host: RefreshHost, since: Date): Promise<RefreshOutcome> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage('Docsmith fetches nothing in an untrusted workspace. Trust the workspace to review gaps.');
    return undefined;
  }
  const { projectId, baseUrl } = host.config.analytics;
  if (!projectId) {
    void vscode.window
      .showWarningMessage('Set docsmith.analytics.projectId to fetch the assistant conversations.', 'Open Settings')
      .then((choice) => {
        if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'docsmith.analytics');
      });
    return undefined;
  }
  const key = await host.keys.get();
  if (!key) {
    host.say('Set the admin API key (Docsmith: Set Admin API Key) to fetch the assistant conversations.');
    // A notification cannot be taken back once the key is stored: it would stay on screen, stale, beside
    // the filled view. Only when the view is hidden does the author need one.
    if (!host.viewVisible())
      void vscode.window.showWarningMessage('Set the admin API key to fetch the assistant conversations.', SET_KEY).then((choice) => {
        if (choice) void host.setApiKey();
      });
    return undefined;
  }
  host.fetching();
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Docsmith: fetching assistant conversations', cancellable: true },
    async (progress, token): Promise<RefreshOutcome> => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      try {
        const result = await syncExport({
          cache: host.cache,
          baseUrl,
          projectId,
          apiKey: key,
          since,
          signal: abort.signal,
          onProgress: (fetched) => progress.report({ message: plural(fetched, 'conversation') }),
          onRetry: (reason) => host.output.appendLine(`[gaps] ${reason} Retrying.`),
        });
        if (result.truncated) {
          const note = `The export stopped after ${plural(result.fetched, 'conversation')}; the view shows only those. Choose a shorter date range.`;
          host.output.appendLine(`[gaps] ${note}`);
          void vscode.window.showWarningMessage(`Docsmith: ${note}`);
        }
        host.output.appendLine(
          `[gaps] fetched ${plural(result.fetched, 'conversation')} in ${plural(result.pages, 'page')} (${result.incremental ? 'incremental' : 'full'} sync).`,
        );
        return { export: result.export };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        host.output.appendLine(`[gaps] ${message}`);
        const auth = error instanceof ExportApiError && error.kind === 'auth';
        if (!/cancelled/.test(message))
          void vscode.window.showErrorMessage(`Docsmith: ${message}`, ...(auth ? [SET_KEY] : [])).then((choice) => {
            if (choice) void host.setApiKey();
          });
        return { error: message };
      }
    },
  );
}
