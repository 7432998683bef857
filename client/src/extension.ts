import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { DocsmithConfig } from './config';
import { watchJsonSchemaConflict } from './jsonSchemaConflict';
import { createLanguageClient } from './languageClient';

let client: LanguageClient | undefined;

/** Wires things up; every disposable goes into context.subscriptions. */
export async function activate(context: vscode.ExtensionContext): Promise<{ client: LanguageClient }> {
  const output = vscode.window.createOutputChannel('Docsmith');
  const config = new DocsmithConfig();
  context.subscriptions.push(output, config);

  client = createLanguageClient(context, config, output);
  context.subscriptions.push(
    config.onDidChange(() => void client?.sendNotification('workspace/didChangeConfiguration', { settings: { docsmith: config.serverSettings() } })),
    vscode.commands.registerCommand('docsmith.restartServer', () => client?.restart()),
    vscode.commands.registerCommand('docsmith.showOutput', () => output.show(true)),
    watchJsonSchemaConflict(context),
  );
  await client.start();
  context.subscriptions.push(client);
  return { client };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
