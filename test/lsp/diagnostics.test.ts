import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic, DocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { waitFor, withFixtureClient, type TestClient } from '../helpers/lspClient';
import { tempDir } from '../helpers/tempDir';

async function pull(client: TestClient, relative: string): Promise<Diagnostic[]> {
  const report = (await client.connection.sendRequest('textDocument/diagnostic', {
    textDocument: { uri: client.uri(relative) },
  })) as DocumentDiagnosticReport;
  assert.equal(report.kind, 'full');
  return (report as { items: Diagnostic[] }).items;
}

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code).sort();

test('initialize announces pull diagnostics with inter-file dependencies and incremental sync', () =>
  withFixtureClient(async (client) => {
    const capabilities = client.initialize.capabilities;
    assert.deepEqual(capabilities.diagnosticProvider, { interFileDependencies: true, workspaceDiagnostics: true });
    assert.equal((capabilities.textDocumentSync as { change: number }).change, 2);
  }));

test('docs.json and an endpoint page get their diagnostics, with codes, sources and code descriptions', () =>
  withFixtureClient(async (client) => {
    await client.open('docs.json');
    const docs = await pull(client, 'docs.json');
    assert.ok(codes(docs).includes('nav/page-not-found'));
    const missing = docs.find((d) => d.code === 'nav/page-not-found')!;
    assert.equal(missing.source, 'docsmith');
    assert.deepEqual(missing.range, { start: { line: 17, character: 31 }, end: { line: 17, character: 49 } });
    assert.match(missing.codeDescription!.href, /diagnostics\.md#navpage-not-found$/);
    await client.open('api-reference/users/delete-user.mdx');
    const page = await pull(client, 'api-reference/users/delete-user.mdx');
    assert.deepEqual(codes(page), ['fields/missing-path-param', 'fields/unknown-path-param', 'frontmatter/invalid-value']);
  }));

test('an edit to docs.json is seen without saving', () =>
  withFixtureClient(async (client) => {
    const text = await client.open('docs.json');
    await client.change('docs.json', text.replace('"guides/quikstart"', '"guides/quickstart"'));
    const docs = await pull(client, 'docs.json');
    assert.ok(!codes(docs).includes('nav/page-not-found'));
    await client.change('docs.json', text);
  }));

test('a page created on disk clears the error without reopening docs.json', () =>
  withFixtureClient(async (client) => {
    await client.open('docs.json');
    assert.ok(codes(await pull(client, 'docs.json')).includes('nav/page-not-found'));
    await writeFile(join(client.root, 'guides/quikstart.mdx'), '---\ntitle: Typo\n---\n');
    const refreshed = client.nextRefresh();
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: client.uri('guides/quikstart.mdx'), type: 1 }],
    });
    await refreshed;
    assert.ok(!codes(await pull(client, 'docs.json')).includes('nav/page-not-found'));
    await unlink(join(client.root, 'guides/quikstart.mdx'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: client.uri('guides/quikstart.mdx'), type: 3 }],
    });
    await waitFor(
      async () => codes(await pull(client, 'docs.json')).includes('nav/page-not-found') || undefined,
      'the error to come back after the delete',
    );
  }));

test('a change to docs.json on disk updates a page that depends on it', () =>
  withFixtureClient(async (client) => {
    await client.open('api-reference/users/get-user.mdx');
    assert.ok(codes(await pull(client, 'api-reference/users/get-user.mdx')).includes('frontmatter/auth-name-missing'));
    const docsPath = join(client.root, 'docs.json');
    const original = await (await import('node:fs/promises')).readFile(docsPath, 'utf8');
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: client.uri('docs.json') } });
    await writeFile(docsPath, original.replace('"method": "key"', '"method": "key", "name": "x-api-key"'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('docs.json'), type: 2 }] });
    await waitFor(
      async () => !codes(await pull(client, 'api-reference/users/get-user.mdx')).includes('frontmatter/auth-name-missing') || undefined,
      'the page warning to go',
    );
    await writeFile(docsPath, original);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('docs.json'), type: 2 }] });
  }));

test('a spec edited on disk updates the operations that depend on it', () =>
  withFixtureClient(async (client) => {
    await client.open('docs.json');
    assert.ok(codes(await pull(client, 'docs.json')).includes('nav/operation-not-found'));
    const specPath = join(client.root, 'openapi.json');
    const spec = JSON.parse(await (await import('node:fs/promises')).readFile(specPath, 'utf8'));
    spec.paths['/users'].put = { summary: 'Replace users', responses: { 200: { description: 'ok' } } };
    await writeFile(specPath, JSON.stringify(spec));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: client.uri('openapi.json'), type: 2 }],
    });
    await waitFor(
      async () => !codes(await pull(client, 'docs.json')).includes('nav/operation-not-found') || undefined,
      'the operation error to go',
    );
  }));

test('files outside any docs root and non-file documents are answered quietly with nothing', () =>
  withFixtureClient(async (client) => {
    const outside = tempDir('docsmith-outside-');
    const uri = `file://${outside}/package.json`;
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: '{}' } });
    const report = (await client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as { items: Diagnostic[] };
    assert.deepEqual(report.items, []);
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: 'untitled:Untitled-1', languageId: 'mdx', version: 1, text: '---\napi: nope\n---' },
    });
    const untitled = (await client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: 'untitled:Untitled-1' } })) as {
      items: Diagnostic[];
    };
    assert.deepEqual(untitled.items, []);
    assert.equal(client.stderr(), '');
  }));

test('a page linking into another is checked again when that page changes in the editor (an anchor fixed there)', () =>
  withFixtureClient(async (client) => {
    await client.open('guides/authentication.mdx');
    const before = await pull(client, 'guides/authentication.mdx');
    assert.ok(
      before.some((d) => d.code === 'links/anchor-not-found' && /#verifying-signature"/.test(d.message)),
      JSON.stringify(before.map((d) => d.message)),
    );
    const webhooks = await client.open('guides/webhooks.mdx');
    await client.change('guides/webhooks.mdx', webhooks.replace('## Verifying signatures', '## Verifying signature'));
    const after = await pull(client, 'guides/authentication.mdx');
    assert.deepEqual(
      after.filter((d) => d.code === 'links/anchor-not-found'),
      [],
    );
  }));

test('an image added on disk clears the broken image link of an open page', () =>
  withFixtureClient(async (client) => {
    const page = await client.open('guides/webhooks.mdx');
    await client.change('guides/webhooks.mdx', `${page}\n![Delivery flow](/images/delivery.png)\n`);
    const missing = (await pull(client, 'guides/webhooks.mdx')).filter((d) => d.code === 'links/file-not-found');
    assert.equal(missing.length, 1);
    await mkdir(join(client.root, 'images'), { recursive: true });
    await writeFile(join(client.root, 'images/delivery.png'), '');
    const refreshed = client.nextRefresh();
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: client.uri('images/delivery.png'), type: 1 }],
    });
    await refreshed;
    assert.deepEqual(
      (await pull(client, 'guides/webhooks.mdx')).filter((d) => d.code === 'links/file-not-found'),
      [],
    );
  }));

test("a page beside a nested docs.json (a translation's copy) is checked as a page of the workspace folder's site", async () => {
  const { startSiteClient } = await import('../helpers/lspClient');
  const { docsJson } = await import('../helpers/check');
  const client = await startSiteClient({
    'docs.json': docsJson({ groups: [{ group: 'Start', pages: ['index', 'ja/index', 'ja/guide'] }] }),
    'index.mdx': '---\ntitle: Home\n---\n\nText.\n',
    'ja/docs.json': docsJson({ groups: [{ group: 'Start', pages: ['index', 'guide'] }] }),
    'ja/index.mdx': '---\ntitle: Home\n---\n\nSee [the guide](/ja/guide).\n',
    'ja/guide.mdx': '---\ntitle: Guide\n---\n\nText.\n',
  });
  try {
    await client.open('ja/index.mdx');
    // From the nested folder, /ja/guide would be ja/ja/guide: a false links/page-not-found.
    assert.deepEqual(codes(await pull(client, 'ja/index.mdx')), []);
    await client.open('ja/docs.json');
    assert.deepEqual(codes(await pull(client, 'ja/docs.json')), []);
  } finally {
    await client.dispose();
  }
});
