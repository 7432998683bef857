import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { extensionCommands, registerCommands } from './commands';
import { DocsmithConfig } from './config';
import { GapsController } from './gaps/gapsController';
import { ApiKeyStore } from './secrets';
import { watchJsonSchemaConflict } from './jsonSchemaConflict';
import { watchMdxLanguage } from './mdxLanguage';
import { createLanguageClient } from './languageClient';
import { NavigationController } from './navigation/navigationController';

let client: LanguageClient | undefined;

/** What `activate` returns: the language client, and test hooks for the extension-host suites. */
export interface DocsmithApi {
  client: LanguageClient;
  /** Only with DOCSMITH_TEST_HOOKS=1 in the extension host's environment: for the extension-host tests. */
  testing?: { gaps: GapsController; keys: ApiKeyStore; navigation: NavigationController };
}

/** Wires things up; every disposable goes into context.subscriptions. */
export async function activate(context: vscode.ExtensionContext): Promise<DocsmithApi> {
  const output = vscode.window.createOutputChannel('Docsmith');
  const config = new DocsmithConfig();
  context.subscriptions.push(output, config);

  client = createLanguageClient(context, config, output);
  context.subscriptions.push(
    config.onDidChange(
      () => void client?.sendNotification('workspace/didChangeConfiguration', { settings: { docsmith: config.serverSettings() } }),
    ),
    ...registerCommands(vscode.commands, extensionCommands, {
      get client() {
        return client;
      },
      output,
    }),
    watchJsonSchemaConflict(context),
    watchMdxLanguage(context),
  );
  await client.start();
  context.subscriptions.push(client);

  const keys = new ApiKeyStore(context.secrets);
  const gaps = new GapsController(context, config, keys, client, output);
  context.subscriptions.push(gaps);
  const navigation = new NavigationController(client, config);
  context.subscriptions.push(navigation);
  await Promise.all([gaps.load(), navigation.load()]);
  return { client, ...(process.env.DOCSMITH_TEST_HOOKS === '1' ? { testing: { gaps, keys, navigation } } : {}) };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
