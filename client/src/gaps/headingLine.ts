// The line of a page's heading by its `#anchor`, from the language server: the one anchor rule of the
// project lives there (non-ASCII, punctuation, repeated titles, custom ids); the client has no slug code.
import type * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { anchorLineRequest } from '../../../server/src/lsp/protocol';

/** 0-based line of the heading (or element with an `id`) that `anchor` reaches; undefined when none does, or the server cannot say. */
export async function anchorLine(client: LanguageClient, uri: vscode.Uri, anchor: string): Promise<number | undefined> {
  try {
    const line = await client.sendRequest(anchorLineRequest, { uri: client.code2ProtocolConverter.asUri(uri), anchor });
    return line ?? undefined;
  } catch {
    return undefined;
  }
}
