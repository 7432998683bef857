import { FIX_ALL_KIND } from '../service';
import { NAVIGATION_COMMANDS } from './protocol';
import { CodeActionKind, TextDocumentSyncKind, type ClientCapabilities, type ServerCapabilities } from 'vscode-languageserver';

/** The files whose changes on disk matter to a docs site. */
/** Pages, configuration and specs; and the files pages link to (images, media, downloads), whose coming and going changes links. */
export const WATCHED_FILES =
  '**/{*.mdx,*.md,*.json,*.yaml,*.yml,.mintignore,*.png,*.jpg,*.jpeg,*.gif,*.svg,*.webp,*.avif,*.ico,*.mp4,*.webm,*.mov,*.pdf,*.zip,*.txt,*.csv,*.jsx,*.tsx,*.js}';

/** What the client can do that changes how the server behaves. */
export interface ClientSupport {
  /** Pulls diagnostics (`textDocument/diagnostic`); else they are pushed. */
  pullDiagnostics: boolean;
  /** Can be asked for settings (`workspace/configuration`). */
  configurationPull: boolean;
  /** Lets the server register file watchers. */
  dynamicWatch: boolean;
  /** Can be told to pull diagnostics again (`workspace/diagnostic/refresh`). */
  refreshSupport: boolean;
  /** Tells the server when workspace folders are added or removed. */
  workspaceFolders: boolean;
  /** Shows progress the server starts (`window/workDoneProgress/create`). */
  workDoneProgress: boolean;
}

export function clientSupport(capabilities: ClientCapabilities): ClientSupport {
  return {
    pullDiagnostics: Boolean(capabilities.textDocument?.diagnostic),
    configurationPull: Boolean(capabilities.workspace?.configuration),
    dynamicWatch: Boolean(capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration),
    refreshSupport: Boolean(capabilities.workspace?.diagnostics?.refreshSupport),
    workspaceFolders: Boolean(capabilities.workspace?.workspaceFolders),
    workDoneProgress: Boolean(capabilities.window?.workDoneProgress),
  };
}

export function serverCapabilities(support: ClientSupport): ServerCapabilities {
  return {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: false },
    diagnosticProvider: support.pullDiagnostics ? { interFileDependencies: true, workspaceDiagnostics: true } : undefined,
    completionProvider: { triggerCharacters: ['"', '/', ' ', ':', '(', '#', '<', "'"], resolveProvider: false },
    hoverProvider: true,
    documentLinkProvider: { resolveProvider: false },
    definitionProvider: true,
    renameProvider: { prepareProvider: true },
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
    executeCommandProvider: { commands: Object.values(NAVIGATION_COMMANDS) },
    workspace: {
      workspaceFolders: support.workspaceFolders ? { supported: true, changeNotifications: true } : undefined,
      fileOperations: {
        willRename: {
          filters: [
            { scheme: 'file', pattern: { glob: '**/*.{mdx,md}', matches: 'file' } },
            { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
          ],
        },
      },
    },
  };
}
