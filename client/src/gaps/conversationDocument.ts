import * as vscode from 'vscode';
import type { ReportConversation, ReportSource } from '../../../server/src/analytics';
import { oneLine } from '../../../server/src/common/text';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { anchorLine } from './headingLine';
import { inertMarkdown } from './inertMarkdown';

export const CONVERSATION_SCHEME = 'docsmith-question';

/** A tab shows this much of a question as its title. */
const TITLE_MAX = 60;

/**
 * A read-only Markdown document per question: the query, the response, the sources and the time.
 * Its tab is titled by the query; each cited local page is a link that opens the page at its heading.
 */
export class ConversationDocuments implements vscode.TextDocumentContentProvider, vscode.DocumentLinkProvider {
  private readonly conversations = new Map<string, ReportConversation>();
  private root: vscode.Uri | undefined;

  constructor(private readonly client: LanguageClient) {}

  set(conversations: ReportConversation[], root: vscode.Uri | undefined): void {
    this.conversations.clear();
    for (const conversation of conversations) this.conversations.set(conversation.id, conversation);
    this.root = root;
  }

  /** `docsmith-question:/<query>?<id>`: the path names the tab, the URI's query finds the question. */
  uri(conversation: ReportConversation): vscode.Uri {
    return vscode.Uri.from({ scheme: CONVERSATION_SCHEME, path: `/${tabTitle(conversation.query)}`, query: conversation.id });
  }

  private conversationOf(uri: vscode.Uri): ReportConversation | undefined {
    return this.conversations.get(uri.query);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const conversation = this.conversationOf(uri);
    if (!conversation) return `# Question ${uri.query}\n\nThis question is no longer in the export shown. Refresh the Docs Gaps view.\n`;
    const lines = [
      `# ${oneLine(conversation.query)}`,
      '',
      `*${new Date(conversation.timestamp).toUTCString()} · ${conversation.queryCategory ?? 'no category'} · unanswered*`,
      '',
      '## Response',
      '',
      inertMarkdown(conversation.response),
      '',
      '## Sources',
      '',
      ...(conversation.sources.length ? conversation.sources.map(sourceLine) : ['No source was cited.']),
      '',
      `Conversation \`${conversation.id}\``,
      '',
    ];
    return lines.join('\n');
  }

  /** The local file of each source (the `` `guides/page.mdx#anchor` `` after it) opens at its heading. */
  async provideDocumentLinks(document: vscode.TextDocument): Promise<vscode.DocumentLink[]> {
    const conversation = this.conversationOf(document.uri);
    const root = this.root;
    if (!conversation || !root) return [];
    const links: vscode.DocumentLink[] = [];
    const text = document.getText();
    let from = text.indexOf('\n## Sources\n');
    for (const source of conversation.sources) {
      if (!source.file || from < 0) continue;
      const shown = `\`${localPath(source)}\``;
      const at = text.indexOf(shown, from);
      if (at < 0) continue;
      from = at + shown.length;
      const target = vscode.Uri.joinPath(root, source.file);
      const line = source.line ?? (source.anchor ? await this.headingLineOf(target, source.anchor) : undefined);
      const range = new vscode.Range(document.positionAt(at + 1), document.positionAt(at + shown.length - 1));
      const link = new vscode.DocumentLink(range, line ? target.with({ fragment: `L${line}` }) : target);
      link.tooltip = `Open ${source.file}`;
      links.push(link);
    }
    return links;
  }

  /** 1-based line of a heading in a page (undefined when the server finds none). */
  private async headingLineOf(uri: vscode.Uri, anchor: string): Promise<number | undefined> {
    const line = await anchorLine(this.client, uri, anchor);
    return line === undefined ? undefined : line + 1;
  }
}

function localPath(source: ReportSource): string {
  return `${source.file}${source.anchor ? `#${source.anchor}` : ''}`;
}

function sourceLine(source: ReportSource): string {
  return `- [${oneLine(source.title || source.url)}](${source.url})${source.file ? ` — \`${localPath(source)}\`` : ' — no local file'}`;
}

/** The question as a file name: one line, no path separators, cut at a word. */
function tabTitle(query: string): string {
  const flat = oneLine(query.replace(/[/\\:*"<>|#%]/g, ' '));
  if (flat.length <= TITLE_MAX) return flat || 'Question';
  const head = flat.slice(0, TITLE_MAX - 1);
  const space = head.lastIndexOf(' ');
  return `${space > TITLE_MAX / 2 ? head.slice(0, space) : head}…`;
}
