import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import type { DocsmithConfig } from './config';

/**
 * Starts dist/server.js for docs.json, $ref'd JSON files and MDX/Markdown pages. Documents are chosen
 * by pattern, not language id, so Docsmith works beside the vendor's MDX extension and contributes no
 * grammar of its own. Only `file:` documents: a docs site lives on disk.
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
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', pattern: '**/docs.json' },
      { scheme: 'file', pattern: '**/*.json' },
      { scheme: 'file', pattern: '**/*.mdx' },
      { scheme: 'file', pattern: '**/*.md' },
    ],
    initializationOptions: { settings: config.serverSettings() },
    outputChannel: output,
    diagnosticPullOptions: { onChange: true, onSave: true },
    middleware: {
      workspace: {
        // The server asks for `docsmith`; answer with the shape the service expects.
        configuration: async (params, token, next) => {
          const answers = await next(params, token);
          return Array.isArray(answers)
            ? params.items.map((item, index) => (item.section === 'docsmith' ? config.serverSettings() : answers[index]))
            : answers;
        },
      },
    },
  };
  return new LanguageClient('docsmith', 'Docsmith', serverOptions, clientOptions);
}
