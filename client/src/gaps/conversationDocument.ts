import * as vscode from 'vscode';
import type { ReportConversation } from '../../../server/src/analytics/gapReport';

export const CONVERSATION_SCHEME = 'docsmith-question';

/** A read-only Markdown document per question: the query, the response, the sources and the time. */
export class ConversationDocuments implements vscode.TextDocumentContentProvider {
  private readonly conversations = new Map<string, ReportConversation>();

  set(conversations: ReportConversation[]): void {
    this.conversations.clear();
    for (const conversation of conversations) this.conversations.set(conversation.id, conversation);
  }

  uri(conversation: ReportConversation): vscode.Uri {
    return vscode.Uri.from({ scheme: CONVERSATION_SCHEME, path: `/${conversation.id}.md` });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const id = uri.path.replace(/^\//, '').replace(/\.md$/, '');
    const conversation = this.conversations.get(id);
    if (!conversation) return `# Question ${id}\n\nThis question is no longer in the export shown. Refresh the Docs Gaps view.\n`;
    const lines = [
      `# ${conversation.query}`,
      '',
      `*${new Date(conversation.timestamp).toUTCString()} · ${conversation.queryCategory ?? 'no category'} · unanswered*`,
      '',
      '## Response',
      '',
      conversation.response,
      '',
      '## Sources',
      '',
      ...(conversation.sources.length
        ? conversation.sources.map(
            (source) =>
              `- [${source.title || source.url}](${source.url})${source.file ? ` — \`${source.file}${source.anchor ? `#${source.anchor}` : ''}\`` : ' — no local file'}`,
          )
        : ['No source was cited.']),
      '',
      `Conversation \`${conversation.id}\``,
      '',
    ];
    return lines.join('\n');
  }
}
