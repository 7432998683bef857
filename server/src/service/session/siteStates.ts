import { CancelledError, SharedCancellation, throwIfCancelled, type Cancellation } from '../cancellation';
import type { ParsedDocuments } from '../documents/parsedDocuments';
import type { FileChange } from '../workspace';
import { updateForPageEntryEdit } from './incremental/pageEntryEdit';
import type { SpecStore } from '../openapi/specStore';
import type { LinkedPages } from '../links/linkedPages';
import type { LanguageServiceSettings } from '../settings';
import { indexSiteFiles, type SiteFiles } from '../site/siteFiles';
import { loadSiteState, type SiteState } from './siteState';
import { joinUri } from '../uri';
import type { StateReaders } from './stateReaders';
import type { DocsWorkspace } from '../workspace';

/**
 * The state of each docs root, kept until a change says it is out of date, and made as cheaply as
 * the change allows: an edit of one page entry of docs.json is applied to the last state; a syntax
 * error keeps the last state that parsed, with the new syntax errors; anything else loads the root
 * again, with its file index kept when no file appeared or went.
 */
export class SiteStates {
  /** The state of each root being made or made, under a token of its own that its waiters share. */
  private readonly states = new Map<string, { promise: Promise<SiteState>; waiters: SharedCancellation }>();
  /** The files of each root: kept across edits of docs.json, dropped when files appear or go. */
  private readonly fileIndexes = new Map<string, Promise<SiteFiles>>();
  /**
   * The last state of each root whose configuration parsed: while docs.json is being edited into shape
   * (a syntax error), pages are still checked against what navigation last listed.
   */
  private readonly lastParsed = new Map<string, SiteState>();
  /**
   * The last good state of each root while only docs.json's text has changed since: an edit of one
   * page entry is applied to it (see updateForPageEntryEdit) rather than loading the root again.
   */
  private readonly editable = new Map<string, SiteState>();

  constructor(
    private readonly workspace: DocsWorkspace,
    private readonly specs: SpecStore,
    private readonly documents: ParsedDocuments,
    private readonly linkedPages: LinkedPages,
    private readonly settings: () => LanguageServiceSettings,
    /** The requests still reading each state: a state one of them holds is never patched in place. */
    private readonly readers: StateReaders,
    /** Whether loads run the docs.json rules (not for a service that only indexes sites). */
    private readonly rules = true,
  ) {}

  /**
   * The state of a root. Requests that ask while it is being made wait for the same load; the load
   * stops only when every one of them is cancelled (a cancelled completion does not cancel the
   * diagnostics pull waiting beside it).
   */
  async get(rootUri: string, token: Cancellation): Promise<SiteState> {
    for (let attempt = 1; ; attempt++) {
      throwIfCancelled(token);
      const entry = this.states.get(rootUri) ?? this.start(rootUri);
      const leave = entry.waiters.join(token);
      try {
        const state = await entry.promise;
        throwIfCancelled(token);
        this.readers.hold(token, state.context ?? state);
        return state;
      } catch (error) {
        // Given up by the requests before this one, just before it joined: this one loads again.
        if (error instanceof CancelledError && !token.isCancellationRequested && attempt < 3) continue;
        throw error;
      } finally {
        leave();
      }
    }
  }

  private start(rootUri: string): { promise: Promise<SiteState>; waiters: SharedCancellation } {
    const waiters = new SharedCancellation();
    const entry = { promise: (async () => (await this.updateEditable(rootUri)) ?? this.load(rootUri, waiters))(), waiters };
    this.states.set(rootUri, entry);
    // A failed (or cancelled) load is not kept.
    entry.promise.catch(() => this.states.get(rootUri) === entry && this.states.delete(rootUri));
    return entry;
  }

  private async load(rootUri: string, token: Cancellation): Promise<SiteState> {
    const good = this.lastParsed.get(rootUri);
    const state = await loadSiteState(rootUri, {
      workspace: this.workspace,
      specs: this.specs,
      settings: this.settings(),
      token,
      files: (uri) => cached(this.fileIndexes, uri, () => indexSiteFiles(this.workspace, uri)),
      parse: (uri, text) => this.documents.config(uri, text),
      linkedPages: this.linkedPages,
      stopWhenBroken: good !== undefined,
      rules: this.rules,
    });
    if (!state.configBroken) {
      this.lastParsed.set(rootUri, state);
      this.editable.set(rootUri, state);
      return state;
    }
    // The syntax errors and the text being typed, over what the configuration last said.
    return good
      ? { ...good, configDiagnostics: state.configDiagnostics, configFiles: state.configFiles, configDocuments: state.configDocuments }
      : state;
  }

  private async updateEditable(rootUri: string): Promise<SiteState | undefined> {
    if (!this.rules || !this.editable.has(rootUri)) return undefined;
    const text = await this.workspace.readFile(joinUri(rootUri, 'docs.json')).catch(() => undefined);
    // Read after the await: the base may have been used up meanwhile.
    const base = this.editable.get(rootUri);
    if (text === undefined || !base) return undefined;
    // The base is used up whatever follows: patched into the next state, or replaced by a full load.
    this.editable.delete(rootUri);
    // A request still reading the base (an older version) would see the patch: load afresh instead.
    if (this.readers.held(base.context ?? base)) return undefined;
    const updated = updateForPageEntryEdit(base, text);
    if (!updated) return undefined;
    this.documents.rememberConfig(updated.document);
    this.lastParsed.set(rootUri, updated.state);
    this.editable.set(rootUri, updated.state);
    return updated.state;
  }

  didChange(uri: string, change: FileChange): void {
    if (change !== 'changed' || uri.endsWith('/.mintignore')) forget(this.fileIndexes, uri);
    // A page's imports may have changed: its index reads them again before its next answer.
    else if (/\.mdx?$/i.test(uri))
      for (const [rootUri, files] of this.fileIndexes)
        if (uri.startsWith(rootUri + '/'))
          void files.then(
            (index) => index.imports.changed(uri.slice(rootUri.length + 1)),
            () => {},
          );
    // Editing a page's text changes that page only; anything else (docs.json, a $ref file, a spec,
    // .mintignore, a file created or deleted) may change what the whole site reports.
    if (change === 'changed' && /\.mdx?$/i.test(uri)) return;
    // The content of an image or another linked file matters to no check: only its coming and going.
    if (change === 'changed' && !/\.(?:json|ya?ml)$|\/\.mintignore$/i.test(uri)) return;
    forget(this.states, uri);
    // Only a change of docs.json's own text keeps the base of an incremental update.
    forget(this.editable, uri, (rootUri) => change === 'changed' && uri === joinUri(rootUri, 'docs.json'));
  }

  clear(): void {
    this.states.clear();
    this.lastParsed.clear();
    this.editable.clear();
    this.fileIndexes.clear();
  }
}

/** The promise cached under `key`, made when missing; a failed (or cancelled) one is not kept. */
function cached<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let promise = cache.get(key);
  if (!promise) {
    const made = make();
    cache.set(key, (promise = made));
    made.catch(() => cache.get(key) === made && cache.delete(key));
  }
  return promise;
}

/** Drops the entries of the roots a change at `uri` concerns (inside, the root itself, or a folder above it). */
function forget(cache: Map<string, unknown>, uri: string, keep: (rootUri: string) => boolean = () => false): void {
  for (const rootUri of [...cache.keys()]) {
    const overlaps = uri === rootUri || uri.startsWith(rootUri + '/') || rootUri.startsWith(uri + '/');
    if (overlaps && !keep(rootUri)) cache.delete(rootUri);
  }
}
