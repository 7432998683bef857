import * as vscode from 'vscode';

/** What a stored key is and how it is asked for. */
interface KeyKind {
  /** Its name in SecretStorage. */
  id: string;
  title: string;
  prompt: string;
  /** The prefix its keys begin with, if they have one: a key without it is stored with a warning. */
  prefix?: string;
  stored: string;
}

const ADMIN_KEY: KeyKind = {
  id: 'docsmith.analytics.adminApiKey',
  title: 'Docsmith: Set Admin API Key',
  prompt: "The admin API key of the analytics export (it begins with mint_). It is kept in VS Code's secret storage.",
  prefix: 'mint_',
  stored: 'Docsmith: admin API key stored.',
};

const EMBEDDINGS_KEY: KeyKind = {
  id: 'docsmith.gaps.embeddingsKey',
  title: 'Docsmith: Set Embeddings API Key',
  prompt:
    "The key of the embeddings server set in docsmith.gaps.embeddings.url (a local Ollama needs none). It is kept in VS Code's secret storage.",
  stored: 'Docsmith: embeddings API key stored.',
};

/** A key that lives in VS Code's SecretStorage only: never in settings, logs or messages. */
export class KeyStore {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly kind: KeyKind,
  ) {}

  get(): Thenable<string | undefined> {
    return this.secrets.get(this.kind.id);
  }

  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((event) => event.key === this.kind.id && listener());
  }

  /** A password box; a key without the service's prefix is stored with a warning. */
  async prompt(): Promise<boolean> {
    const value = await vscode.window.showInputBox({
      title: this.kind.title,
      prompt: this.kind.prompt,
      password: true,
      ignoreFocusOut: true,
      validateInput: (text) => (text.trim() ? undefined : 'Enter the key, or press Escape.'),
    });
    if (value === undefined) return false;
    const key = value.trim();
    await this.secrets.store(this.kind.id, key);
    const { prefix } = this.kind;
    if (prefix && !key.startsWith(prefix)) {
      void vscode.window.showWarningMessage(
        `Docsmith stored the key, but admin keys begin with "${prefix}": check that it is the admin key, not a public one.`,
      );
    } else {
      void vscode.window.showInformationMessage(this.kind.stored);
    }
    return true;
  }

  /** Stores a key without asking (the extension-host tests, through DOCSMITH_TEST_HOOKS). */
  store(key: string): Thenable<void> {
    return this.secrets.store(this.kind.id, key);
  }

  clear(): Thenable<void> {
    return this.secrets.delete(this.kind.id);
  }
}

/** The admin API key of the analytics export. */
export class ApiKeyStore extends KeyStore {
  constructor(secrets: vscode.SecretStorage) {
    super(secrets, ADMIN_KEY);
  }
}

/** The key of the embeddings server, when it needs one. */
export class EmbeddingsKeyStore extends KeyStore {
  constructor(secrets: vscode.SecretStorage) {
    super(secrets, EMBEDDINGS_KEY);
  }
}
