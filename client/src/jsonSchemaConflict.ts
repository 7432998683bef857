import * as vscode from 'vscode';

const PLATFORM_SCHEMA = 'https://mintlify.com/docs.json';
const ASKED_KEY = 'docsmith.jsonSchemaConflict.asked';

/**
 * A docs.json with `"$schema": "https://mintlify.com/docs.json"` is also validated by VS Code's JSON
 * support (when it can download that schema), so a schema problem shows twice. Docsmith changes no
 * setting on its own: once per workspace it offers to map that URL to an empty schema for docs.json
 * only, which leaves Docsmith's messages (with codes and quick fixes) and keeps JSON validation of
 * every other file.
 */
export function watchJsonSchemaConflict(context: vscode.ExtensionContext): vscode.Disposable {
  const check = async (document: vscode.TextDocument) => {
    if (!document.uri.path.endsWith('/docs.json') || context.workspaceState.get(ASKED_KEY)) return;
    if (!document.getText().includes(PLATFORM_SCHEMA)) return;
    const json = vscode.workspace.getConfiguration('json');
    if (!json.get<boolean>('validate.enable', true) || hasOverride(json.get<unknown[]>('schemas') ?? [])) return;
    await context.workspaceState.update(ASKED_KEY, true);
    const choice = await vscode.window.showInformationMessage(
      'VS Code also validates docs.json against the platform schema, so some problems show twice. Let Docsmith alone report docs.json schema problems in this workspace?',
      'Yes, for docs.json only',
      'Keep both',
    );
    if (choice === 'Yes, for docs.json only') await addOverride(json);
  };
  vscode.workspace.textDocuments.forEach((document) => void check(document));
  return vscode.workspace.onDidOpenTextDocument((document) => void check(document));
}

function hasOverride(schemas: unknown[]): boolean {
  return schemas.some((entry) => (entry as { url?: string }).url === PLATFORM_SCHEMA);
}

async function addOverride(json: vscode.WorkspaceConfiguration): Promise<void> {
  const schemas = json.get<unknown[]>('schemas') ?? [];
  const override = { fileMatch: ['**/docs.json'], url: PLATFORM_SCHEMA, schema: { type: 'object', description: 'Validated by Docsmith.' } };
  await json.update('schemas', [...schemas, override], vscode.ConfigurationTarget.Workspace);
}
