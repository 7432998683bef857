/**
 * Every command of the extension, in one table per part, as rust-analyzer's editors/code keeps them:
 * the id, and what it does given the part's objects. `registerCommands` registers a table; a test holds
 * the tables against package.json's `contributes.commands`, so a command cannot be declared without a
 * handler, nor registered without being declared. No runtime import of vscode here (the test reads it).
 */
import type * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';

/** A command's handler, given the objects its part works with and the arguments VS Code passes. */
export type CommandTable<T> = Record<string, (target: T, ...args: any[]) => unknown>;

/** The extension's own commands. */
export const extensionCommands: CommandTable<{ client: LanguageClient | undefined; output: vscode.OutputChannel }> = {
  'docsmith.restartServer': async ({ client }) => {
    await client?.stop();
    await client?.start();
  },
  'docsmith.showOutput': ({ output }) => output.show(true),
};

/** The command that chooses again who checks docs.json against the platform schema (registered by jsonSchemaConflict.ts). */
export const CHOOSE_JSON_SCHEMA_CHECK = 'docsmith.chooseJsonSchemaCheck';

/** Registers every command of a table for `target`. */
export function registerCommands<T>(
  commands: Pick<typeof vscode.commands, 'registerCommand'>,
  table: CommandTable<T>,
  target: T,
): vscode.Disposable[] {
  return Object.entries(table).map(([id, run]) => commands.registerCommand(id, (...args: unknown[]) => run(target, ...args)));
}
