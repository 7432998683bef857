import * as vscode from 'vscode';
import { INSTALL, MINTLIFY_MDX, NEVER, OFFER, shouldOfferMdx } from './mdxLanguageOffer';

const NEVER_KEY = 'docsmith.mdxLanguageOffer.never';

/** Offers Mintlify MDX once a window, the first time an .mdx page opens as plain text (see mdxLanguageOffer.ts). */
export function watchMdxLanguage(context: vscode.ExtensionContext): vscode.Disposable {
  let offered = false;
  const consider = async (document: vscode.TextDocument) => {
    if (offered || document.uri.scheme !== 'file') return;
    const state = {
      path: document.uri.path,
      languageId: document.languageId,
      languages: await vscode.languages.getLanguages(),
      never: context.globalState.get<boolean>(NEVER_KEY, false),
      offered,
    };
    if (!shouldOfferMdx(state)) return;
    offered = true;
    const choice = await vscode.window.showInformationMessage(OFFER, INSTALL, NEVER);
    if (choice === INSTALL) await vscode.commands.executeCommand('workbench.extensions.installExtension', MINTLIFY_MDX);
    else if (choice === NEVER) await context.globalState.update(NEVER_KEY, true);
  };
  vscode.workspace.textDocuments.forEach((document) => void consider(document));
  return vscode.workspace.onDidOpenTextDocument((document) => void consider(document));
}
