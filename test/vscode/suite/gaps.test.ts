import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { waitFor } from '../../helpers/waitFor';
import { startExportServer } from '../../../server/src/mock/exportServer';

/** A group's conversations, each repeat of a question counted. */
const countOf = (group: { conversations: { repeats: unknown[] }[] }) => group.conversations.reduce((n, c) => n + 1 + c.repeats.length, 0);

type Api = {
  testing?: {
    gaps: {
      tree: {
        groups: {
          kind: string;
          file: string | null;
          conversations: {
            conversation: { id: string; query: string };
            repeats: { id: string }[];
            sources: { source: { file: string | null; anchor?: string } }[];
          }[];
        }[];
      };
      cache: { read(b: string, p: string): Promise<unknown> };
    };
    keys: { store(key: string): Thenable<void>; clear(): Thenable<void> };
  };
};

suite('Docs gaps view', () => {
  const KEY = 'mint_ext_host_test_key';
  let server: Awaited<ReturnType<typeof startExportServer>>;
  let api: Api;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;

  suiteSetup(async () => {
    server = await startExportServer({ key: KEY, project: 'acme', seed: 3, conversations: 200 });
    api = (await vscode.extensions.getExtension('docsmith.docsmith')!.activate()) as Api;
    assert.ok(api.testing, 'DOCSMITH_TEST_HOOKS=1 exposes the test hooks');
    const config = vscode.workspace.getConfiguration('docsmith');
    await config.update('analytics.projectId', 'acme', vscode.ConfigurationTarget.Workspace);
    await config.update('analytics.baseUrl', server.url, vscode.ConfigurationTarget.Workspace);
    // These tests read the page grouping; the cluster grouping (the default) has a suite of its own.
    await vscode.commands.executeCommand('docsmith.gaps.groupByPage');
    await api.testing.keys.store(KEY);
  });

  suiteTeardown(async () => {
    await server?.close();
  });

  test('refresh fetches the export and lists pages cited by unanswered questions, most first', async () => {
    await vscode.commands.executeCommand('docsmith.gaps.refresh');
    const gaps = api.testing!.gaps as unknown as { view: { message?: string; description?: string }; lastError?: string };
    const groups = await waitFor(
      () => (api.testing!.gaps.tree.groups.length ? api.testing!.gaps.tree.groups : undefined),
      'the gaps tree',
    ).catch((error: Error) => {
      throw new Error(
        `${error.message}; view message: ${gaps.view.message}; description: ${gaps.view.description}; last error: ${gaps.lastError}`,
      );
    });
    assert.strictEqual(groups[0].kind, 'page');
    for (let i = 1; i < groups.length; i++) if (groups[i].kind === 'page') assert.ok(countOf(groups[i - 1]) >= countOf(groups[i]));
    assert.ok(groups.some((g) => g.file === 'guides/authentication.mdx'));
    assert.ok(groups.some((g) => g.kind === 'uncited'));
    assert.ok(
      server.requests.every((r) => r.authorization === `Bearer ${KEY}`),
      'the key went only to the configured server',
    );
  });

  test('a cited source opens the local page at its heading', async () => {
    const groups = api.testing!.gaps.tree.groups;
    const source = groups.flatMap((g) => g.conversations.flatMap((c) => c.sources)).find((s) => s.source.file && s.source.anchor);
    assert.ok(source, 'a source with an anchor');
    await vscode.commands.executeCommand('docsmith.gaps.openSource', source);
    const editor = await waitFor(
      () => (vscode.window.activeTextEditor?.document.uri.path.endsWith(source.source.file!) ? vscode.window.activeTextEditor : undefined),
      'the page to open',
    );
    const line = editor.document.lineAt(editor.selection.active.line).text;
    assert.match(line, /^#+ /, `the cursor is on a heading: ${line}`);
  });

  test('a question opens rendered, from a read-only document; the CodeLens counts questions on a cited page', async () => {
    const group = api.testing!.gaps.tree.groups.find((g) => g.file === 'guides/authentication.mdx')!;
    await vscode.commands.executeCommand('docsmith.gaps.openConversation', group.conversations[0]);
    await waitFor(() => (isMarkdownPreview(vscode.window.tabGroups.activeTabGroup.activeTab) ? true : undefined), 'the rendered preview');
    const document = await waitFor(
      () =>
        vscode.workspace.textDocuments.find(
          (open) => open.uri.scheme === 'docsmith-question' && open.uri.query === group.conversations[0].conversation.id,
        ),
      'the question document',
    );
    assert.ok(document.getText().startsWith(`# ${group.conversations[0].conversation.query}`));
    assert.match(document.getText(), /## Response[\s\S]*## Sources/);
    const uri = vscode.Uri.joinPath(folder(), 'guides/authentication.mdx');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const titles = lenses.map((lens) => lens.command?.title ?? '');
    assert.ok(titles.includes(`${countOf(group)} unanswered questions cite this page`), titles.join(', '));
  });

  test('marking a question done writes .docsmith/gaps.json and hides it', async () => {
    const group = api.testing!.gaps.tree.groups.find((g) => g.file === 'guides/authentication.mdx')!;
    const node = group.conversations[0];
    await vscode.commands.executeCommand('docsmith.gaps.markDone', node);
    await waitFor(
      () =>
        api.testing!.gaps.tree.groups.flatMap((g) => g.conversations).some((c) => c.conversation.id === node.conversation.id)
          ? undefined
          : true,
      'the question to leave the tree',
    );
    const file = JSON.parse(
      new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder(), '.docsmith/gaps.json'))),
    );
    for (const id of [node.conversation.id, ...node.repeats.map((r) => r.id)]) assert.strictEqual(file.conversations[id].state, 'done');
  });

  test('the key is in no setting and no cached file', async () => {
    const settings = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder(), '.vscode/settings.json')));
    assert.ok(!settings.includes(KEY));
    const cached = JSON.stringify(await api.testing!.gaps.cache.read(server.url, 'acme'));
    assert.ok(cached.length > 1000 && !cached.includes(KEY));
  });

  test('regression, refresh hang: without a key a refresh waits on no notification; storing the key refreshes by itself', async () => {
    const gaps = api.testing!.gaps as unknown as { view: { message?: string }; lastError?: string };
    await api.testing!.keys.clear();
    const before = server.requests.length;
    // Each refresh shows "Set the admin API key" and returns: a second one is not queued behind the first.
    await vscode.commands.executeCommand('docsmith.gaps.refresh');
    await vscode.commands.executeCommand('docsmith.gaps.refresh');
    assert.match(gaps.view.message ?? '', /Set the admin API key/);
    assert.strictEqual(server.requests.length, before, 'nothing fetched without a key');
    await api.testing!.keys.store(KEY);
    await waitFor(() => (server.requests.length > before ? true : undefined), 'a refresh after the key was stored');
    await waitFor(() => (gaps.view.message?.includes('Set the admin API key') ? undefined : true), 'the view to leave its no-key message');
  });

  test('a rejected key: the view says the tree is not up to date and why, with no doubled punctuation', async () => {
    const gaps = api.testing!.gaps as unknown as { view: { message?: string; description?: string }; lastError?: string };
    await api.testing!.keys.store('mint_wrong_key');
    await waitFor(() => gaps.lastError, 'the 401');
    await waitFor(() => (gaps.view.description?.startsWith('not up to date') ? true : undefined), 'the stale sign');
    assert.match(gaps.view.message ?? '', /The last refresh failed, so this is the sync of .*admin API key was rejected \(401\)/);
    assert.doesNotMatch(gaps.view.message ?? '', /\.\.|\.;/);
    assert.ok(api.testing!.gaps.tree.groups.length > 0, 'the last sync is still shown');
    await api.testing!.keys.store(KEY);
    await waitFor(() => (gaps.lastError ? undefined : true), 'a good refresh');
    // The error is cleared when the fetch succeeds; the view's description follows when the tree is drawn.
    await waitFor(() => (gaps.view.description?.startsWith('not up to date') ? undefined : true), 'the stale sign to go');
  });
});

/** A tab showing VS Code's rendered Markdown preview. */
function isMarkdownPreview(tab: vscode.Tab | undefined): boolean {
  return tab?.input instanceof vscode.TabInputWebview && tab.input.viewType.includes('markdown.preview');
}
