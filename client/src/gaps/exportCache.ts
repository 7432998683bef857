import * as vscode from 'vscode';
import type { Conversation } from '../../../server/src/analytics';

/** An export kept in the extension's global storage: readable offline, refreshed incrementally. Never holds the key. */
export interface CachedExport {
  version: 1;
  baseUrl: string;
  projectId: string;
  /** The earliest dateFrom fetched (ISO), or null when everything was fetched. */
  from: string | null;
  /** When the last sync started (ISO): the next one fetches from a little before it. */
  syncedAt: string;
  conversations: Conversation[];
}

export class ExportCache {
  constructor(private readonly storage: vscode.Uri) {}

  private file(baseUrl: string, projectId: string): vscode.Uri {
    const name = `${projectId}@${baseUrl}`.replace(/[^\w.-]+/g, '_').slice(0, 180);
    return vscode.Uri.joinPath(this.storage, 'exports', `${name}.json`);
  }

  async read(baseUrl: string, projectId: string): Promise<CachedExport | undefined> {
    try {
      const data = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(this.file(baseUrl, projectId)))) as CachedExport;
      return data.version === 1 && Array.isArray(data.conversations) ? data : undefined;
    } catch {
      return undefined; // no cache yet, or a damaged one: the next sync fetches again
    }
  }

  /** Written to a temporary file, then renamed: an interrupted write never leaves half a cache. */
  async write(data: CachedExport): Promise<void> {
    const target = this.file(data.baseUrl, data.projectId);
    const temporary = target.with({ path: `${target.path}.tmp` });
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(this.storage, 'exports'));
    await vscode.workspace.fs.writeFile(temporary, new TextEncoder().encode(JSON.stringify(data)));
    await vscode.workspace.fs.rename(temporary, target, { overwrite: true });
  }
}

/** Conversations of both, each once (the newer copy wins), oldest first. */
export function mergeConversations(old: Conversation[], fresh: Conversation[]): Conversation[] {
  const byId = new Map(old.map((conversation) => [conversation.id, conversation]));
  for (const conversation of fresh) byId.set(conversation.id, conversation);
  return [...byId.values()].sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : a.id < b.id ? -1 : 1));
}
