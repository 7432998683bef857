import * as vscode from 'vscode';

const KEY = 'docsmith.analytics.adminApiKey';
const PREFIX = 'mint_';

/** The admin API key lives in VS Code's SecretStorage only: never in settings, logs or messages. */
export class ApiKeyStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  get(): Thenable<string | undefined> {
    return this.secrets.get(KEY);
  }

  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((event) => event.key === KEY && listener());
  }

  /** "Docsmith: Set Admin API Key": a password box; a key without the service's prefix is stored with a warning. */
  async prompt(): Promise<boolean> {
    const value = await vscode.window.showInputBox({
      title: 'Docsmith: Set Admin API Key',
      prompt: "The admin API key of the analytics export (it begins with mint_). It is kept in VS Code's secret storage.",
      password: true,
      ignoreFocusOut: true,
      validateInput: (text) => (text.trim() ? undefined : 'Enter the key, or press Escape.'),
    });
    if (value === undefined) return false;
    const key = value.trim();
    await this.secrets.store(KEY, key);
    if (!key.startsWith(PREFIX)) {
      void vscode.window.showWarningMessage(
        `Docsmith stored the key, but admin keys begin with "${PREFIX}": check that it is the admin key, not a public one.`,
      );
    } else {
      void vscode.window.showInformationMessage('Docsmith: admin API key stored.');
    }
    return true;
  }

  /** Stores a key without asking (the extension-host tests, through DOCSMITH_TEST_HOOKS). */
  store(key: string): Thenable<void> {
    return this.secrets.store(KEY, key);
  }

  clear(): Thenable<void> {
    return this.secrets.delete(KEY);
  }
}
