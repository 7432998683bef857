import * as vscode from 'vscode';
import { embeddingsDestination, encodeVector, fetchEmbeddings, VectorStore } from '../../../server/src/analytics';
import type { DocsmithConfig } from '../config';
import type { EmbeddingsKeyStore } from '../secrets';

/** What a clustering gets from the embeddings: the vectors to send, or why there are none. */
export interface EmbeddingsOutcome {
  embeddings?: { texts: string[]; vectors: string[] };
  /** `model at host`, when the vectors are used: the view says so, so nobody sends questions unknowingly. */
  usedWith?: string;
  /** Why the words alone grouped the questions, when a model is set but failed. */
  failed?: string;
}

/**
 * The Docs Gaps view's opt-in semantic model: the question texts go to the embeddings server the user
 * set (`docsmith.gaps.embeddings.url` and `.model`, its key in secret storage), and only then. Vectors
 * are kept in the extension's storage, one file per model keyed by text hash, so a new clustering
 * sends only the questions that are new.
 */
export class GapEmbeddings {
  private cache: { model: string; store: VectorStore } | undefined;
  /** Counts changes of the key: a new key may make a failing server answer. */
  private keyVersion = 0;
  /** What the last clustering got, for the view's description and message. */
  last: EmbeddingsOutcome = {};
  private readonly listener: vscode.Disposable;

  constructor(
    private readonly config: DocsmithConfig,
    private readonly keys: EmbeddingsKeyStore,
    private readonly storage: vscode.Uri,
  ) {
    this.listener = keys.onDidChange(() => this.keyVersion++);
  }

  /** What identifies the model in use, for the clusters' memo ('' when none is set). */
  get setting(): string {
    const embeddings = this.config.embeddings;
    return embeddings ? `${embeddings.url}\u0000${embeddings.model}\u0000${this.keyVersion}` : '';
  }

  async of(texts: readonly string[], signal: AbortSignal): Promise<EmbeddingsOutcome> {
    this.last = await this.fetch(texts, signal);
    return this.last;
  }

  dispose(): void {
    this.listener.dispose();
  }

  private async fetch(texts: readonly string[], signal: AbortSignal): Promise<EmbeddingsOutcome> {
    const setting = this.config.embeddings;
    if (!setting) return {};
    const usedWith = embeddingsDestination(setting.url, setting.model);
    const cache = await this.load(setting.model);
    try {
      const vectors = await fetchEmbeddings(texts, {
        url: setting.url,
        model: setting.model,
        apiKey: (await this.keys.get()) || undefined,
        signal,
        cache,
      });
      const distinct = [...vectors.keys()];
      return { embeddings: { texts: distinct, vectors: distinct.map((text) => encodeVector(vectors.get(text)!)) }, usedWith };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      return { failed: `${usedWith} failed: ${error instanceof Error ? error.message : String(error)}` };
    } finally {
      await this.save(setting.model, cache);
    }
  }

  private fileOf(model: string): vscode.Uri {
    return vscode.Uri.joinPath(this.storage, `embeddings-${encodeURIComponent(model).slice(0, 80)}.json`);
  }

  private async load(model: string): Promise<VectorStore> {
    if (this.cache?.model === model) return this.cache.store;
    let stored: string | undefined;
    try {
      stored = new TextDecoder().decode(await vscode.workspace.fs.readFile(this.fileOf(model)));
    } catch {
      // none yet
    }
    return (this.cache = { model, store: new VectorStore(stored) }).store;
  }

  private async save(model: string, store: VectorStore): Promise<void> {
    if (!store.changed) return;
    store.changed = false;
    await vscode.workspace.fs.createDirectory(this.storage);
    await vscode.workspace.fs.writeFile(this.fileOf(model), new TextEncoder().encode(store.serialise()));
  }
}
