import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { startExportServer } from '../../../server/src/mock/exportServer';
import { waitFor } from '../../helpers/waitFor';

suite('Docsmith in an untrusted workspace', () => {
  test('the workspace is untrusted and the extension still activates', async () => {
    assert.strictEqual(vscode.workspace.isTrusted, false);
    await vscode.extensions.getExtension('docsmith.docsmith')!.activate();
  });

  test('the file checks run', async () => {
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'docs.json');
    await vscode.window.showTextDocument(uri);
    await waitFor(
      () => (vscode.languages.getDiagnostics(uri).some((d) => d.source === 'docsmith') ? true : undefined),
      'docsmith diagnostics',
    );
  });

  test('refreshing the gaps view contacts no server; setting the key asks for nothing', async () => {
    const server = await startExportServer({ key: 'mint_x', project: 'demo' });
    try {
      await vscode.commands.executeCommand('docsmith.gaps.refresh');
      await vscode.commands.executeCommand('docsmith.setApiKey');
      assert.strictEqual(server.requests.length, 0);
    } finally {
      await server.close();
    }
  });
});
