import * as vscode from 'vscode';
import { DEFAULT_BASE_URL, isClusterSimilarity } from '../../server/src/analytics';
import type { ClientSettings } from '../../server/src/lsp/protocol';

/** The one owner of `docsmith.*` settings: everything else asks here and listens to `onDidChange`. */
export class DocsmithConfig implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly listener: vscode.Disposable;

  constructor() {
    this.listener = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('docsmith')) this.emitter.fire();
    });
  }

  private get section(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration('docsmith');
  }

  /** What the language server needs: severities per code, which files it checks, the orphan switch. */
  serverSettings(): ClientSettings {
    const diagnostics: Record<string, string> = {};
    for (const [code, value] of Object.entries(this.section.get<Record<string, string>>('diagnostics') ?? {})) {
      if (code !== 'scope' && typeof value === 'string' && value !== 'default') diagnostics[code] = value;
    }
    return {
      diagnostics,
      diagnosticsScope: this.section.get<string>('diagnostics.scope', 'workspace'),
      orphans: this.section.get<boolean>('orphans', true),
      renameRedirects: this.renameRedirects,
    };
  }

  get analytics(): { projectId: string; baseUrl: string } {
    return {
      projectId: this.section.get<string>('analytics.projectId', '').trim(),
      baseUrl: this.section.get<string>('analytics.baseUrl', DEFAULT_BASE_URL).trim() || DEFAULT_BASE_URL,
    };
  }

  /** The published site URL, when cited URLs cannot be mapped to pages by guessing. */
  get siteUrl(): string {
    return this.section.get<string>('site.url', '').trim();
  }

  /** The embeddings server the Docs Gaps view groups questions with too (opt-in); undefined unless both are set. */
  get embeddings(): { url: string; model: string } | undefined {
    const url = this.section.get<string>('gaps.embeddings.url', '').trim();
    const model = this.section.get<string>('gaps.embeddings.model', '').trim();
    return url && model ? { url, model } : undefined;
  }

  /** How alike questions must be to share a cluster in the Docs Gaps view; undefined (the default) when unset or out of range. */
  get clusterSimilarity(): number | undefined {
    const value = this.section.get<unknown>('gaps.clusterSimilarity');
    return isClusterSimilarity(value) ? value : undefined;
  }

  /** Sets it where the author works (the workspace when one is open); undefined removes the setting there. */
  async setClusterSimilarity(value: number | undefined): Promise<void> {
    const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await this.section.update('gaps.clusterSimilarity', value, target);
  }

  get renameRedirects(): 'ask' | 'always' | 'never' {
    return this.section.get<'ask' | 'always' | 'never'>('rename.redirects', 'ask');
  }

  dispose(): void {
    this.listener.dispose();
    this.emitter.dispose();
  }
}
