import * as vscode from 'vscode';
import { hasNoCorrections, NO_CORRECTIONS, readCorrections, type ClusterCorrections } from '../../../server/src/analytics';
import type { TriageState } from './treeModel';

type TriageEntry = { state: TriageState; at: string; query?: string };

interface TriageFile {
  version: 1;
  conversations: Record<string, TriageEntry>;
  /** The author's corrections of the clusters (pairs of questions); `docsmith gaps` reads them too. */
  corrections?: ClusterCorrections;
}

/** What a triage replaced, question by question (undefined: it was open): enough to undo it. */
export type TriageUndo = Map<string, TriageEntry | undefined>;

/**
 * Questions marked done or dismissed, and the author's corrections of the clusters, in
 * `.docsmith/gaps.json` of the workspace folder, so a team shares them through the repository and
 * answered questions stay out of the way.
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

  async corrections(): Promise<ClusterCorrections> {
    return (await this.load()).corrections ?? NO_CORRECTIONS;
  }

  /** Replaces the corrections; the answer is what they were, to undo it. */
  async setCorrections(corrections: ClusterCorrections): Promise<ClusterCorrections> {
    const data = await this.load();
    const before = data.corrections ?? NO_CORRECTIONS;
    data.corrections = corrections;
    await this.save(data);
    return before;
  }

  /** Marks questions (a whole cluster) in one write; the answer undoes it with {@link restore}. */
  async setMany(questions: readonly { id: string; query?: string }[], state: TriageState | undefined): Promise<TriageUndo> {
    const data = await this.load();
    const undo: TriageUndo = new Map();
    const at = new Date().toISOString();
    for (const { id, query } of questions) {
      if (!undo.has(id)) undo.set(id, data.conversations[id]);
      if (state) data.conversations[id] = { state, at, query };
      else delete data.conversations[id];
    }
    await this.save(data);
    return undo;
  }

  /** Puts back what a triage replaced. */
  async restore(undo: TriageUndo): Promise<void> {
    const data = await this.load();
    for (const [id, entry] of undo) {
      if (entry) data.conversations[id] = entry;
      else delete data.conversations[id];
    }
    await this.save(data);
  }

  private async save(data: TriageFile): Promise<void> {
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(this.folder, '.docsmith'));
    await vscode.workspace.fs.writeFile(this.file, new TextEncoder().encode(JSON.stringify(data, null, 2) + '\n'));
    this.emitter.fire();
  }

  private async load(): Promise<TriageFile> {
    try {
      const data = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(this.file))) as TriageFile;
      if (data && typeof data.conversations === 'object') {
        const corrections = readCorrections(data.corrections);
        return { version: 1, conversations: data.conversations, ...(hasNoCorrections(corrections) ? {} : { corrections }) };
      }
    } catch {
      // missing or damaged: start empty (a damaged file is not overwritten until the user triages)
    }
    return { version: 1, conversations: {} };
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
