import type * as vscode from 'vscode';
import type { LanguageClientOptions } from 'vscode-languageclient';
import type { DocsmithConfig } from './config';

/** The client's options, the same for both servers: the documents of these URI schemes (`file` on the desktop). */
export function clientOptions(config: DocsmithConfig, output: vscode.OutputChannel, schemes: readonly string[]): LanguageClientOptions {
  return {
    documentSelector: schemes.flatMap((scheme) =>
      ['**/docs.json', '**/*.json', '**/*.mdx', '**/*.md'].map((pattern) => ({ scheme, pattern })),
    ),
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
}
