import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { clientOptions } from './clientOptions';
import type { DocsmithConfig } from './config';

/**
 * Starts dist/server.js for docs.json, $ref'd JSON files and MDX/Markdown pages. Documents are chosen
 * by pattern, not language id, so Docsmith works beside the vendor's MDX extension and contributes no
 * grammar of its own. Only `file:` documents: a docs site lives on disk (the browser build's are in web/).
 */
export function createLanguageClient(
  context: vscode.ExtensionContext,
  config: DocsmithConfig,
  output: vscode.OutputChannel,
): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  return new LanguageClient('docsmith', 'Docsmith', serverOptions, clientOptions(config, output, ['file']));
}
