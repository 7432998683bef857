import * as vscode from 'vscode';
import { CHOOSE_JSON_SCHEMA_CHECK } from './commands';
import { DOCSMITH_ONLY, hasOverride, KEEP_VSCODE, offerText, OVERRIDE, PLATFORM_SCHEMA, withoutOverride } from './jsonSchemaOffer';

const ASKED_KEY = 'docsmith.jsonSchemaConflict.asked';
const CHOOSE_COMMAND = CHOOSE_JSON_SCHEMA_CHECK;

/**
 * A docs.json with `"$schema": "https://mintlify.com/docs.json"` is also checked by VS Code's JSON
 * support: offline it warns that it cannot load the schema; online it reports schema problems that
 * Docsmith reports too. Docsmith changes no setting on its own: once per workspace, when VS Code
 * actually shows something on docs.json, it offers to map that URL to an empty schema for docs.json
 * only (JSON validation of every other file stays). The command makes the choice again at any time.
 */
export function watchJsonSchemaConflict(context: vscode.ExtensionContext): vscode.Disposable {
  const offer = async (uri: vscode.Uri) => {
    if (!uri.path.endsWith('/docs.json') || context.workspaceState.get(ASKED_KEY)) return;
    const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri.toString());
    if (!document?.getText().includes(PLATFORM_SCHEMA)) return;
    const json = vscode.workspace.getConfiguration('json');
    if (!json.get<boolean>('validate.enable', true) || hasOverride(json.get<unknown[]>('schemas') ?? [])) return;
    const text = offerText(vscode.languages.getDiagnostics(uri));
    if (!text) return; // VS Code shows nothing of its own (yet): nothing to offer
    await context.workspaceState.update(ASKED_KEY, true);
    const choice = await vscode.window.showInformationMessage(text, DOCSMITH_ONLY, KEEP_VSCODE);
    if (choice === DOCSMITH_ONLY) await setDocsmithOnly(true);
  };
  vscode.workspace.textDocuments.forEach((document) => void offer(document.uri));
  return vscode.Disposable.from(
    vscode.languages.onDidChangeDiagnostics((event) => event.uris.forEach((uri) => void offer(uri))),
    vscode.workspace.onDidOpenTextDocument((document) => void offer(document.uri)),
    vscode.commands.registerCommand(CHOOSE_COMMAND, (choice?: 'docsmith' | 'both') => chooseAgain(context, choice)),
  );
}

/** The command: pick who checks docs.json against the schema (an argument picks without asking, for scripts and tests). */
async function chooseAgain(context: vscode.ExtensionContext, choice?: 'docsmith' | 'both'): Promise<void> {
  await context.workspaceState.update(ASKED_KEY, true);
  const current = hasOverride(vscode.workspace.getConfiguration('json').get<unknown[]>('schemas') ?? []) ? 'docsmith' : 'both';
  if (!choice) {
    const items = [
      {
        label: DOCSMITH_ONLY,
        detail: "VS Code's JSON support skips the platform schema for docs.json; Docsmith reports schema problems.",
        value: 'docsmith' as const,
      },
      {
        label: KEEP_VSCODE,
        detail: 'VS Code also checks docs.json against the platform schema (it downloads it; offline it warns).',
        value: 'both' as const,
      },
    ].map((item) => ({ ...item, description: item.value === current ? '(current)' : undefined }));
    const picked = await vscode.window.showQuickPick(items, {
      title: 'Who checks docs.json against the platform schema in this workspace?',
    });
    if (!picked) return;
    choice = picked.value;
  }
  if (choice !== current) await setDocsmithOnly(choice === 'docsmith');
}

async function setDocsmithOnly(docsmithOnly: boolean): Promise<void> {
  const json = vscode.workspace.getConfiguration('json');
  // The workspace's own list only: the user's schemas stay in the user's settings.
  const schemas = withoutOverride(json.inspect<unknown[]>('schemas')?.workspaceValue ?? []);
  await json.update(
    'schemas',
    docsmithOnly ? [...schemas, OVERRIDE] : schemas.length ? schemas : undefined,
    vscode.ConfigurationTarget.Workspace,
  );
}
