import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, CompletionList, Diagnostic, DocumentLink, Hover, Location, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LineTable } from '../../server/src/service/text/lineTable';
import { FEATURE_SITE, replaced, withCursor } from '../helpers/featureSite';
import { startSiteClient, type TestClient } from '../helpers/lspClient';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDir } from '../helpers/tempDir';

/**
 * The editor features over LSP, each on a fresh server and a fresh copy of the feature site: the
 * requests reach the service and its answers come back whole. What each feature answers is tested in
 * test/features/, on the service itself.
 */
const docs = FEATURE_SITE['docs.json'];

async function withServer(run: (client: TestClient) => Promise<void>): Promise<void> {
  const client = await startSiteClient(FEATURE_SITE);
  try {
    await run(client);
    assert.equal(client.stderr(), '', 'nothing on stderr');
  } finally {
    await client.dispose();
  }
}

/** Opens a file with the cursor in it; the cursor's position. */
async function openAt(client: TestClient, path: string, marked: string) {
  const { text, offset } = withCursor(marked);
  await client.open(path, text);
  return new LineTable(text).positionAt(offset);
}

test('completion', () =>
  withServer(async (client) => {
    const position = await openAt(client, 'docs.json', replaced(docs, '"guides/quikstart"', '"guides/quikstart", "gu|"'));
    const list = (await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: client.uri('docs.json') },
      position,
    })) as CompletionList;
    assert.deepEqual(
      list.items.slice(0, 2).map((item) => [item.label, item.detail]),
      [
        ['guides/old-setup', 'not in navigation yet'],
        ['guides/quickstart', 'not in navigation yet'],
      ],
    );
  }));

test('hover', () =>
  withServer(async (client) => {
    const position = await openAt(client, 'docs.json', replaced(docs, '"GET /users"', '"GET /u|sers"'));
    const hover = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: client.uri('docs.json') },
      position,
    })) as Hover;
    assert.deepEqual(hover.contents, { kind: 'markdown', value: '**GET /users** — List users\n\nFrom `openapi.json`' });
  }));

test('document links and definition', () =>
  withServer(async (client) => {
    const position = await openAt(client, 'docs.json', replaced(docs, '"GET /users"', '"GET /u|sers"'));
    const links = (await client.connection.sendRequest('textDocument/documentLink', {
      textDocument: { uri: client.uri('docs.json') },
    })) as DocumentLink[];
    assert.ok(links.some((link) => link.target === client.uri('guides/webhooks.mdx')));
    const definition = (await client.connection.sendRequest('textDocument/definition', {
      textDocument: { uri: client.uri('docs.json') },
      position,
    })) as Location[];
    assert.deepEqual(definition, [
      { uri: client.uri('openapi.json'), range: { start: { line: 8, character: 6 }, end: { line: 8, character: 6 } } },
    ]);
  }));

test('code actions, from the diagnostics the client pulled', () =>
  withServer(async (client) => {
    await client.open('docs.json');
    const { items } = (await client.connection.sendRequest('textDocument/diagnostic', {
      textDocument: { uri: client.uri('docs.json') },
    })) as {
      items: Diagnostic[];
    };
    const missing = items.find((diagnostic) => diagnostic.code === 'nav/page-not-found')!;
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: client.uri('docs.json') },
      range: missing.range,
      context: { diagnostics: [missing] },
    })) as CodeAction[];
    assert.deepEqual(
      actions.map((action) => action.title),
      ['Change to guides/quickstart', 'Create guides/quikstart.mdx'],
    );
  }));

test('rename: entries follow, and the server asks before adding redirects', () =>
  withServer(async (client) => {
    client.messageAnswers.push('Add redirects');
    const edit = (await client.connection.sendRequest('workspace/willRenameFiles', {
      files: [{ oldUri: client.uri('guides/webhooks.mdx'), newUri: client.uri('guides/events.mdx') }],
    })) as WorkspaceEdit;
    assert.deepEqual(client.messageRequests, ['Add a redirect from the old path (/guides/webhooks) to docs.json?']);
    const edits = edit.changes![client.uri('docs.json')];
    assert.deepEqual(
      edits.map((change) => change.newText.trim().split('\n')[0]),
      ['"guides/events"', '"guides/events"', ','],
    );
    const declined = (await client.connection.sendRequest('workspace/willRenameFiles', {
      files: [{ oldUri: client.uri('guides/webhooks.mdx'), newUri: client.uri('guides/events.mdx') }],
    })) as WorkspaceEdit;
    assert.equal(declined.changes![client.uri('docs.json')].length, 2, 'no answer: only the entries change');
  }));

test('page bodies: link completion, definition at the heading, and heading rename over LSP', () =>
  withServer(async (client) => {
    const page = '---\ntitle: Intro\n---\n\n## Setup\n\nSee [setup](#setup) and [hooks](/guides/|).\n';
    const position = await openAt(client, 'index.mdx', page);
    const list = (await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: client.uri('index.mdx') },
      position,
    })) as CompletionList;
    assert.ok(
      list.items.some((item) => item.label === '/guides/webhooks'),
      list.items.map((item) => item.label).join(),
    );
    const definition = (await client.connection.sendRequest('textDocument/definition', {
      textDocument: { uri: client.uri('index.mdx') },
      position: { line: 6, character: 13 },
    })) as Location[];
    assert.deepEqual(definition, [
      { uri: client.uri('index.mdx'), range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } } },
    ]);
    const prepared = (await client.connection.sendRequest('textDocument/prepareRename', {
      textDocument: { uri: client.uri('index.mdx') },
      position: { line: 4, character: 4 },
    })) as { placeholder: string };
    assert.equal(prepared.placeholder, 'Setup');
    const edit = (await client.connection.sendRequest('textDocument/rename', {
      textDocument: { uri: client.uri('index.mdx') },
      position: { line: 4, character: 4 },
      newName: 'Install',
    })) as WorkspaceEdit;
    assert.deepEqual(
      edit.changes![client.uri('index.mdx')].map((change) => change.newText),
      ['Install', 'install'],
    );
  }));

test('65 D19: the gap review requests read and draft nothing outside the workspace folders', () =>
  withServer(async (client) => {
    const outside = tempDir('docsmith-lsp-outside-');
    writeFileSync(
      join(outside, 'docs.json'),
      JSON.stringify({
        theme: 'mint',
        name: 'O',
        colors: { primary: '#000000' },
        navigation: { groups: [{ group: 'A', pages: ['secret'] }] },
      }),
    );
    writeFileSync(join(outside, 'secret.mdx'), '---\ntitle: S\n---\n\n## Secret heading\n');
    const file = pathToFileURL(join(outside, 'secret.mdx')).href;
    const root = pathToFileURL(outside).href;
    assert.equal(await client.connection.sendRequest('docsmith/anchorLine', { uri: file, anchor: 'secret-heading' }), null);
    assert.equal(await client.connection.sendRequest('docsmith/siteMap', { uri: pathToFileURL(join(outside, 'docs.json')).href }), null);
    assert.deepEqual(await client.connection.sendRequest('docsmith/draftPlaces', { rootUri: root, pageId: 'x' }), []);
    assert.equal(await client.connection.sendRequest('docsmith/draftPage', { rootUri: root, pageId: 'planted', content: 'x' }), null);
    assert.deepEqual(await client.connection.sendRequest('docsmith/docsRoots', { folderUris: [root] }), []);
    // The workspace's own site is answered as before.
    await client.open('guide.mdx', '---\ntitle: Guide\n---\n\n## Setup\n');
    assert.equal(await client.connection.sendRequest('docsmith/anchorLine', { uri: client.uri('guide.mdx'), anchor: 'setup' }), 4);
  }));

test("docsmith/anchorLine: the line a cited #anchor reaches, by the server's one anchor rule (the client has no slug code)", () =>
  withServer(async (client) => {
    await client.open('guide.mdx', "---\ntitle: Guide\n---\n\n## Über uns\n\n## What's new?\n\n## Setup\n\n## Setup\n");
    const line = (anchor: string) => client.connection.sendRequest('docsmith/anchorLine', { uri: client.uri('guide.mdx'), anchor });
    assert.equal(await line('über-uns'), 4);
    assert.equal(await line('whats-new'), 6);
    assert.equal(await line('setup-2'), 10);
    assert.equal(await line('missing'), null);
  }));
