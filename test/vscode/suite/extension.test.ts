import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { waitFor } from '../../helpers/waitFor';

function folder(): vscode.Uri {
  const workspaceFolder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(workspaceFolder, 'a workspace folder is open');
  return workspaceFolder.uri;
}

suite('Docsmith in VS Code', () => {
  test('the extension activates and its language client reaches Running', async () => {
    const extension = vscode.extensions.getExtension('docsmith.docsmith');
    assert.ok(extension, 'the extension is installed');
    const api = (await extension.activate()) as { client: { state: number; isRunning(): boolean } };
    await waitFor(() => api.client.isRunning() || undefined, 'the client to run');
  });

  test('workspace diagnostics: a page never opened has its problems in the Problems panel', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'api-reference/users/get-user.mdx');
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString()), 'the page is not open');
    const codes = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(uri).map((d) => String((d.code as { value?: unknown }).value ?? d.code));
      return found.length ? found : undefined;
    }, 'workspace diagnostics of an unopened page');
    assert.deepStrictEqual(codes, ['frontmatter/auth-name-missing']);
  });

  test('diagnostics of docs.json reach vscode.languages.getDiagnostics', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'docs.json');
    await vscode.window.showTextDocument(uri);
    const diagnostics = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'docsmith');
      return found.some((d) => d.code !== undefined && String((d.code as { value?: unknown }).value ?? d.code) === 'nav/page-not-found')
        ? found
        : undefined;
    }, 'docsmith diagnostics on docs.json');
    const missing = diagnostics.find((d) => String((d.code as { value?: unknown }).value ?? d.code) === 'nav/page-not-found')!;
    assert.match(missing.message, /guides\/quikstart/);
    assert.strictEqual(missing.severity, vscode.DiagnosticSeverity.Error);
  });

  test('an endpoint page gets its front matter and field diagnostics', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'api-reference/users/delete-user.mdx');
    await vscode.window.showTextDocument(uri);
    const codes = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(uri).map((d) => String((d.code as { value?: unknown }).value ?? d.code));
      return found.length >= 3 ? found.sort() : undefined;
    }, 'page diagnostics');
    assert.deepStrictEqual(codes, ['fields/missing-path-param', 'fields/unknown-path-param', 'frontmatter/invalid-value']);
  });

  test('completion in a pages array offers a page on disk', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'docs.json');
    const document = await vscode.workspace.openTextDocument(uri);
    const line = document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"api-reference/introduction"'));
    const character = document.lineAt(line).text.indexOf('"api-reference/introduction"') + 1;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      uri,
      new vscode.Position(line, character),
    );
    const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.ok(labels.includes('guides/old-setup'), labels.slice(0, 20).join(', '));
  });

  test('hover on an operation entry shows its summary', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'docs.json');
    const document = await vscode.workspace.openTextDocument(uri);
    const line = document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"POST /users"'));
    const character = document.lineAt(line).text.indexOf('"POST /users"') + 3;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      new vscode.Position(line, character),
    );
    const text = hovers
      .flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value)))
      .join('\n');
    assert.match(text, /POST \/users\*\* — Create a user/);
  });

  test('the quick fix replaces a misspelt page with the suggestion', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'docs.json');
    await vscode.window.showTextDocument(uri);
    const diagnostic = await waitFor(
      () =>
        vscode.languages.getDiagnostics(uri).find((d) => String((d.code as { value?: unknown }).value ?? d.code) === 'nav/page-not-found'),
      'the page-not-found diagnostic',
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diagnostic.range);
    const titles = actions.map((action) => action.title);
    assert.ok(titles.includes('Change to guides/quickstart'), titles.join(', '));
  });

  test('fix all on save: editor.codeActionsOnSave with source.fixAll.docsmith', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'guides/fix-on-save.mdx');
    await vscode.workspace.fs.writeFile(
      uri,
      Buffer.from('---\ntitle: Fix on save\napi: get /users\n---\nSee [pages](/guides/paginaton).\n'),
    );
    const editor = await vscode.window.showTextDocument(uri);
    await vscode.workspace
      .getConfiguration('editor', editor.document)
      .update('codeActionsOnSave', { 'source.fixAll.docsmith': 'explicit' }, vscode.ConfigurationTarget.Workspace);
    try {
      await waitFor(
        () =>
          vscode.languages
            .getDiagnostics(uri)
            .some((d) => String((d.code as { value?: unknown }).value ?? d.code) === 'links/page-not-found') || undefined,
        'the broken link reported',
      );
      await editor.edit((edit) => edit.insert(new vscode.Position(5, 0), 'Saved.\n'));
      await editor.document.save();
      const text = editor.document.getText();
      assert.strictEqual(text, '---\ntitle: Fix on save\napi: GET /users\n---\nSee [pages](/guides/pagination).\nSaved.\n');
      assert.ok(!editor.document.isDirty, 'the fixes are saved with the file');
    } finally {
      await vscode.workspace.getConfiguration('editor').update('codeActionsOnSave', undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.workspace.fs.delete(uri);
    }
  });

  test('the JSON-schema choice can be made again with its command', async () => {
    const docsmithOnly = () =>
      (vscode.workspace.getConfiguration('json').inspect<{ url?: string }[]>('schemas')?.workspaceValue ?? []).some(
        (entry) => entry.url === 'https://mintlify.com/docs.json',
      );
    assert.ok((await vscode.commands.getCommands(true)).includes('docsmith.chooseJsonSchemaCheck'));
    await vscode.commands.executeCommand('docsmith.chooseJsonSchemaCheck', 'docsmith');
    await waitFor(() => docsmithOnly() || undefined, 'the override for docs.json added');
    await vscode.commands.executeCommand('docsmith.chooseJsonSchemaCheck', 'both');
    await waitFor(() => !docsmithOnly() || undefined, 'the override removed');
  });
});
