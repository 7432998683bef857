import type * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { activateWith, type DocsmithApi } from './activate';
import { createLanguageClient } from './languageClient';

export type { DocsmithApi } from './activate';

let client: BaseLanguageClient | undefined;

/** The desktop extension: the language server runs as a node process (dist/server.js). */
export async function activate(context: vscode.ExtensionContext): Promise<DocsmithApi> {
  const api = await activateWith(context, async (...args) => createLanguageClient(...args));
  client = api.client;
  return api;
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
