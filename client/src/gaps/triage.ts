import * as vscode from 'vscode';
import type { TriageState } from './treeModel';

interface TriageFile {
  version: 1;
  conversations: Record<string, { state: TriageState; at: string; query?: string }>;
}

/**
 * Questions marked done or dismissed, in `.docsmith/gaps.json` of the workspace folder, so a team
 * shares them through the repository and answered questions stay out of the way.
 */
export class TriageStore {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly folder: vscode.Uri) {}

  get file(): vscode.Uri {
    return vscode.Uri.joinPath(this.folder, '.docsmith', 'gaps.json');
  }

  async read(): Promise<Map<string, TriageState>> {
    const data = await this.load();
    return new Map(Object.entries(data.conversations).map(([id, entry]) => [id, entry.state]));
  }

  async set(id: string, state: TriageState | undefined, query?: string): Promise<void> {
    const data = await this.load();
    if (state) data.conversations[id] = { state, at: new Date().toISOString(), query };
    else delete data.conversations[id];
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(this.folder, '.docsmith'));
    await vscode.workspace.fs.writeFile(this.file, new TextEncoder().encode(JSON.stringify(data, null, 2) + '\n'));
    this.emitter.fire();
  }

  private async load(): Promise<TriageFile> {
    try {
      const data = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(this.file))) as TriageFile;
      if (data && typeof data.conversations === 'object') return { version: 1, conversations: data.conversations };
    } catch {
      // missing or damaged: start empty (a damaged file is not overwritten until the user triages)
    }
    return { version: 1, conversations: {} };
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
