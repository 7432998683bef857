import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { pageDraft, sectionDraft } from '../../../server/src/analytics';
import { draftPageRequest, draftPlacesRequest, type DraftPlace } from '../../../server/src/lsp/protocol';
import type { SiteMap } from '../../../server/src/lsp/protocol';
import { anchorLine } from './headingLine';
import type { TriageStore, TriageUndo } from './triage';
import { externalLink } from './externalLink';
import { conversationsOf, type ConversationNode, type GroupNode, type SourceNode, type TriageState } from './treeModel';
import { plural } from '../../../server/src/common/plural';

/** What the actions need of the Docs Gaps view. */
export interface GapsActionHost {
  docsRoot(): vscode.Uri | undefined;
  siteMap(): Promise<SiteMap | undefined>;
  readonly triage: TriageStore | undefined;
  readonly client: LanguageClient;
}

/** A change Undo can take back. */
interface UndoEntry {
  what: string;
  restore(): Promise<void>;
}

/** Undo goes back this many changes. */
const UNDO_DEPTH = 20;

/**
 * What an author does with a cluster or a question of the Docs Gaps view: open the page where the
 * answer belongs, draft a section there or a new page, and triage (with undo).
 */
export class GapsActions implements vscode.Disposable {
  private readonly undos: UndoEntry[] = [];
  constructor(private readonly host: GapsActionHost) {}

  /** The page of a cluster's suggestion (else the page its answers cited most), relative to the docs root. */
  private target(group: GroupNode): { file: string; anchor: string | null; line?: number } | undefined {
    const suggestion = group.cluster?.suggestion;
    if (suggestion) return { file: suggestion.file, anchor: suggestion.anchor, line: suggestion.line };
    const cited = group.cluster?.cited[0]?.file ?? group.file;
    return cited ? { file: cited, anchor: null } : undefined;
  }

  private async openTarget(group: GroupNode): Promise<{ document: vscode.TextDocument; line?: number } | undefined> {
    const target = this.target(group);
    const root = this.host.docsRoot();
    if (!target || !root) {
      void vscode.window.showInformationMessage(
        `Docsmith: no page of the site shares words with “${group.label}”. Draft a new page for it instead.`,
      );
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(root, target.file));
    // The heading is found again in the text as it is now: the page may have changed since it was indexed.
    const line = target.anchor ? ((await anchorLine(this.host.client, document.uri, target.anchor)) ?? target.line) : target.line;
    return { document, line };
  }

  async openSuggested(group: GroupNode): Promise<vscode.TextEditor | undefined> {
    const opened = await this.openTarget(group);
    if (!opened) return undefined;
    const position = new vscode.Position(opened.line ?? 0, 0);
    return vscode.window.showTextDocument(opened.document, {
      selection: new vscode.Range(position, position),
      preview: false,
    });
  }

  /** A new heading at the end of the suggested section, the questions as a comment below it: one undoable edit, not saved. */
  async draftSection(group: GroupNode): Promise<vscode.TextEditor | undefined> {
    const operation = group.cluster?.suggestion?.operation;
    if (operation) {
      // A spec takes no MDX: the answer goes into the operation's description, where the spec opens.
      void vscode.window.showInformationMessage(
        `Docsmith: the answer to “${group.label}” belongs in the description of ${operation}, in a spec, where no section can be drafted. The spec opens at it; or draft a new page.`,
      );
      return this.openSuggested(group);
    }
    const opened = await this.openTarget(group);
    if (!opened) return undefined;
    const { document } = opened;
    const sectionLine = this.target(group)?.anchor ? opened.line : undefined;
    const draft = sectionDraft(document.getText(), sectionLine, group.label, queries(group));
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, document.positionAt(draft.offset), draft.text);
    if (!(await vscode.workspace.applyEdit(edit))) {
      void vscode.window.showErrorMessage(`Docsmith: could not insert the draft into ${vscode.workspace.asRelativePath(document.uri)}.`);
      return undefined;
    }
    const heading = new vscode.Position(draft.headingLine, document.lineAt(draft.headingLine).text.length);
    const editor = await vscode.window.showTextDocument(document, { selection: new vscode.Range(heading, heading), preview: false });
    editor.revealRange(new vscode.Range(heading, heading), vscode.TextEditorRevealType.InCenter);
    return editor;
  }

  /**
   * A new page for the cluster beside the suggested page, listed in that page's navigation group:
   * one workspace edit (undoable), then saved so the site (and `docsmith check`) sees it.
   */
  /**
   * Drafts a new page for a cluster: beside the page its answer belongs on (or the one its answers
   * cited most), listed in that page's group. With neither, the author picks the group (`choose`: a
   * quick pick, the best guess first), and the page goes in the folder of that group's pages.
   */
  async draftPage(
    group: GroupNode,
    choose: (places: DraftPlace[]) => Promise<DraftPlace | undefined> = pickPlace,
  ): Promise<vscode.Uri | undefined> {
    const root = this.host.docsRoot();
    const site = await this.host.siteMap();
    if (!root || !site) {
      void vscode.window.showErrorMessage('Docsmith: no docs site (docs.json) in this workspace to add a page to.');
      return undefined;
    }
    const near = this.target(group)?.file;
    const taken = new Set(site.pages.flat());
    let place: DraftPlace | undefined;
    if (!near) {
      const pageId = pageDraft(group.label, queries(group), undefined, taken).pageId;
      const places = await this.host.client.sendRequest(draftPlacesRequest, { rootUri: root.toString(), pageId });
      if (places.length === 0) {
        void vscode.window.showErrorMessage(
          'Docsmith: docs.json has no navigation group to list a new page in; add one, then draft the page again.',
        );
        return undefined;
      }
      place = await choose(places);
      if (!place) return undefined;
    }
    // In the folder of the page it sits beside, or of the chosen group's pages.
    const draft = pageDraft(group.label, queries(group), near ?? (place?.folder ? `${place.folder}/index.mdx` : undefined), taken);
    // A spec is no page: the new page then goes to the best list for its folder.
    const nearPageId = site.pages.find(([, file]) => file === near)?.[0];
    const edit = await this.host.client.sendRequest(draftPageRequest, {
      rootUri: root.toString(),
      pageId: draft.pageId,
      content: draft.content,
      ...(nearPageId ? { nearPageId } : {}),
      ...(place ? { group: place.group } : {}),
    });
    if (!edit) {
      void vscode.window.showErrorMessage(
        `Docsmith: no navigation group of docs.json can list ${draft.pageId}; add a group for it, then draft the page again.`,
      );
      return undefined;
    }
    const converted = await this.host.client.protocol2CodeConverter.asWorkspaceEdit(edit);
    if (!(await vscode.workspace.applyEdit(converted))) {
      void vscode.window.showErrorMessage(`Docsmith: could not create ${draft.pageId}.`);
      return undefined;
    }
    const touched = converted.entries().map(([uri]) => uri);
    for (const uri of touched) {
      const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri.toString());
      if (document?.isDirty) await document.save();
    }
    const page = touched.find((uri) => /\.mdx?$/.test(uri.path)) ?? vscode.Uri.joinPath(root, `${draft.pageId}.mdx`);
    await vscode.window.showTextDocument(page, { preview: false });
    void vscode.window.showInformationMessage(`Docsmith: drafted ${draft.pageId} and listed it in the navigation.`);
    return page;
  }

  /** Marks a question, or every shown question of a cluster, done or dismissed (or open again); Undo puts it back. */
  async triageNodes(node: ConversationNode | GroupNode, state: TriageState | undefined): Promise<void> {
    const triage = this.host.triage;
    if (!triage) {
      void vscode.window.showWarningMessage('Docsmith keeps triage in the workspace folder: open a folder first.');
      return;
    }
    const nodes = node.kind === 'conversation' ? [node] : node.conversations.filter((c) => (state ? !c.triage : c.triage));
    // A question asked several times is triaged with every time it was asked.
    const conversations = nodes.flatMap(conversationsOf);
    if (!conversations.length) return;
    const undo: TriageUndo = await triage.setMany(
      conversations.map((c) => ({ id: c.id, query: c.query })),
      state,
    );
    const count = plural(conversations.length, 'question');
    this.remember(state ? `Marked ${count} ${state}` : `Reopened ${count}`, () => triage.restore(undo));
  }

  /**
   * Keeps a change of the view's file (a triage, a correction of the clusters) for Undo: in the
   * notification that says what was done, and with **Undo Last Change in Docs Gaps**.
   */
  remember(what: string, restore: () => Promise<void>): void {
    const entry: UndoEntry = { what, restore };
    this.undos.push(entry);
    if (this.undos.length > UNDO_DEPTH) this.undos.shift();
    // Not awaited: a hidden notification must hold nothing up. Its Undo undoes this change, not the latest.
    void vscode.window.showInformationMessage(`Docsmith: ${what}.`, 'Undo').then((choice) => {
      if (choice) void this.undoTriage(entry);
    });
  }

  /** Undoes a change (the latest, by default) once: a second Undo of the same one does nothing. */
  async undoTriage(entry?: UndoEntry): Promise<void> {
    const index = entry ? this.undos.indexOf(entry) : this.undos.length - 1;
    const last = index >= 0 ? this.undos.splice(index, 1)[0] : undefined;
    if (!last) {
      void vscode.window.showInformationMessage('Docsmith: nothing to undo in Docs Gaps.');
      return;
    }
    await last.restore();
    void vscode.window.setStatusBarMessage(`Docsmith: undone: ${last.what}.`, 4000);
  }

  /** A source opens the local page at its heading (or the spec at its operation), else the URL. */
  async openSource(node: SourceNode): Promise<void> {
    const { source } = node;
    const root = this.host.docsRoot();
    if (!source.file || !root) {
      const link = externalLink(source.url);
      if (link) await vscode.env.openExternal(vscode.Uri.parse(link));
      else void vscode.window.showWarningMessage(`Docsmith opens only http and https links; this source is "${source.url.slice(0, 80)}".`);
      return;
    }
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(root, source.file));
    const line =
      source.line !== undefined
        ? source.line - 1
        : source.anchor
          ? await anchorLine(this.host.client, document.uri, source.anchor)
          : undefined;
    const position = new vscode.Position(line ?? 0, 0);
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position) });
  }

  dispose(): void {
    this.undos.length = 0;
  }
}

function queries(group: GroupNode): string[] {
  return group.conversations.map((node) => node.conversation.query);
}

/** Where a drafted page goes, when nothing suggests a place: the author picks a navigation group, the best guess first. */
async function pickPlace(places: DraftPlace[]): Promise<DraftPlace | undefined> {
  const picked = await vscode.window.showQuickPick(
    places.map((place, index) => ({
      label: place.label,
      description: index === 0 ? 'best guess' : undefined,
      detail: `The new page goes in ${place.folder ? `${place.folder}/` : 'the docs root'}.`,
      place,
    })),
    { title: 'Docsmith: list the new page in which navigation group?', placeHolder: 'Type to filter the groups', matchOnDetail: true },
  );
  return picked?.place;
}
