import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { waitFor, withFixtureClient, type TestClient } from '../helpers/lspClient';

const pull = async (client: TestClient, uri: string) =>
  ((await client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as { items: Diagnostic[] }).items;

/** The server is alive: it still answers a real request. */
async function alive(client: TestClient): Promise<void> {
  await client.open('docs.json');
  assert.ok((await pull(client, client.uri('docs.json'))).length > 0);
}

test('an unknown request gets MethodNotFound and the server goes on', () =>
  withFixtureClient(async (client) => {
    await assert.rejects(
      client.connection.sendRequest('docsmith/noSuchRequest', { x: 1 }),
      (error: { code?: number }) => error.code === -32601,
    );
    await client.connection.sendNotification('docsmith/noSuchNotification', {});
    await alive(client);
  }));

test('malformed params are answered (with an error or nothing), never a crash', () =>
  withFixtureClient(async (client) => {
    for (const [method, params] of [
      ['textDocument/diagnostic', {}],
      ['textDocument/completion', { textDocument: { uri: 42 }, position: null }],
      ['textDocument/hover', { textDocument: {}, position: { line: -1, character: 'x' } }],
      [
        'textDocument/codeAction',
        {
          textDocument: { uri: client.uri('docs.json') },
          range: null,
          context: { diagnostics: [{ source: 'docsmith', data: { insert: { offset: 'NaN', text: 3 } }, range: null }] },
        },
      ],
      ['workspace/willRenameFiles', { files: [{ oldUri: 'nonsense', newUri: 7 }] }],
    ] as const) {
      await client.connection.sendRequest(method, params).catch(() => undefined);
    }
    await alive(client);
  }));

test('documents that are not files of a docs site are answered with nothing', () =>
  withFixtureClient(async (client) => {
    for (const uri of ['untitled:Untitled-2', 'git:/site/docs.json?ref=HEAD', 'file:///etc/hosts', 'vscode-notebook-cell:/x.ipynb#1']) {
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'json', version: 1, text: '{"navigation": {"pages": ["x"]}}' },
      });
      assert.deepEqual(await pull(client, uri), []);
      const completion = (await client.connection.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { line: 0, character: 30 },
      })) as { items: unknown[] };
      assert.deepEqual(completion.items, []);
      assert.equal(
        await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } }),
        null,
      );
    }
    await alive(client);
  }));

test('CRLF line ends and a BOM keep diagnostics on the right line', () =>
  withFixtureClient(async (client) => {
    const text =
      '\uFEFF' +
      JSON.stringify(
        { theme: 'mint', name: 'x', colors: { primary: '#000000' }, navigation: { pages: ['index', 'nope'] } },
        null,
        2,
      ).replace(/\n/g, '\r\n');
    await client.open('docs.json', text);
    await client.change('docs.json', text);
    const missing = (await pull(client, client.uri('docs.json'))).find((d) => d.code === 'nav/page-not-found')!;
    assert.equal(missing.range.start.line, 9);
    const line = text.split('\r\n')[9];
    assert.equal(line.slice(missing.range.start.character, missing.range.end.character), '"nope"');
    await client.change('docs.json', await (await import('node:fs/promises')).readFile(join(client.root, 'docs.json'), 'utf8'));
  }));

test('a binary page and a page that is not UTF-8 on disk are reported, not a crash', () =>
  withFixtureClient(async (client) => {
    await writeFile(join(client.root, 'guides/binary.mdx'), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01, 0x0a]));
    // Windows-1252: "Café" with "é" as one byte. The platform reads it as UTF-8 and shows "Caf�".
    await writeFile(join(client.root, 'guides/latin.mdx'), Buffer.from('---\ntitle: Caf\xe9\n---\n\nBody.\n', 'latin1'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [
        { uri: client.uri('guides/binary.mdx'), type: 1 },
        { uri: client.uri('guides/latin.mdx'), type: 1 },
      ],
    });
    const binary = await pull(client, client.uri('guides/binary.mdx'));
    assert.deepEqual(
      binary.map((d) => [d.code, d.message]),
      [['page/unreadable', 'binary.mdx is a binary file, not text.']],
    );
    const latin = (await pull(client, client.uri('guides/latin.mdx'))).filter((d) => d.code === 'page/replacement-character');
    assert.deepEqual(
      latin.map((d) => [d.range.start.line, d.range.start.character, d.severity]),
      [[1, 10, 2]],
    );
  }));

test('a symlink loop in the workspace is reported on docs.json and the server goes on', () =>
  withFixtureClient(async (client) => {
    await mkdir(join(client.root, 'loop'), { recursive: true });
    await symlink(join(client.root, 'loop'), join(client.root, 'loop', 'again'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('loop/again'), type: 1 }] });
    await client.open('docs.json');
    const found = await waitFor(
      async () => (await pull(client, client.uri('docs.json'))).find((d) => d.code === 'site/unlisted-folder'),
      'the symlink loop diagnostic',
    );
    assert.match(found.message, /symlink loop/);
  }));

test('a storm of file events (thousands at once, many notifications) is coalesced into one refresh', () =>
  withFixtureClient(async (client) => {
    let refreshes = 0;
    client.connection.onRequest('workspace/diagnostic/refresh', () => {
      refreshes++;
      return null;
    });
    const before = refreshes;
    const changes = Array.from({ length: 3000 }, (_, i) => ({ uri: client.uri(`generated/page-${i}.mdx`), type: 1 }));
    for (let i = 0; i < 50; i++)
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: changes.slice(i * 60, (i + 1) * 60) });
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes });
    await waitFor(() => (refreshes > before ? true : undefined), 'a refresh');
    await alive(client);
    assert.ok(refreshes - before <= 2, `${refreshes - before} refreshes for 51 notifications`);
  }));
