import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { extensionCommands, registerCommands } from './commands';
import { DocsmithConfig } from './config';
import { GapsController } from './gaps/gapsController';
import { ApiKeyStore } from './secrets';
import { watchJsonSchemaConflict } from './jsonSchemaConflict';
import { watchMdxLanguage } from './mdxLanguage';
import { NavigationController } from './navigation/navigationController';

/** What `activate` returns: the language client, and test hooks for the extension-host suites. */
export interface DocsmithApi {
  client: LanguageClient;
  /** Only with DOCSMITH_TEST_HOOKS=1 in the extension host's environment: for the extension-host tests. */
  testing?: { gaps: GapsController; keys: ApiKeyStore; navigation: NavigationController };
}

/** How the client of the language server is made: a node process on the desktop, a Web Worker in the browser. */
export type ClientFactory = (
  context: vscode.ExtensionContext,
  config: DocsmithConfig,
  output: vscode.OutputChannel,
) => Promise<LanguageClient>;

/** The extension's activation, the same on the desktop and in the browser; every disposable goes into context.subscriptions. */
export async function activateWith(context: vscode.ExtensionContext, createClient: ClientFactory): Promise<DocsmithApi> {
  const output = vscode.window.createOutputChannel('Docsmith');
  const config = new DocsmithConfig();
  context.subscriptions.push(output, config);

  const client = await createClient(context, config, output);
  context.subscriptions.push(
    config.onDidChange(
      () => void client.sendNotification('workspace/didChangeConfiguration', { settings: { docsmith: config.serverSettings() } }),
    ),
    ...registerCommands(vscode.commands, extensionCommands, { client, output }),
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
  const hooks = typeof process !== 'undefined' && process.env.DOCSMITH_TEST_HOOKS === '1';
  return { client, ...(hooks ? { testing: { gaps, keys, navigation } } : {}) };
}
