import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CancellationTokenSource,
  WorkspaceDiagnosticRequest,
  type Diagnostic,
  type WorkspaceDiagnosticReport,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver-protocol';
import { FsWorkspace } from '../../server/src/fsWorkspace';
import { createLanguageService } from '../../server/src/service';
import { pullCapabilities, startFixtureClient, startSiteClient, waitFor, type TestClient } from '../helpers/lspClient';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

type Report = WorkspaceDocumentDiagnosticReport & { items?: Diagnostic[] };

function workspacePull(client: TestClient, previous: Report[] = [], token?: CancellationTokenSource, partialResultToken?: string) {
  const previousResultIds = previous.filter((r) => r.resultId).map((r) => ({ uri: r.uri, value: r.resultId! }));
  const params = { previousResultIds, partialResultToken };
  const answer = token
    ? client.connection.sendRequest(WorkspaceDiagnosticRequest.type, params, token.token)
    : client.connection.sendRequest(WorkspaceDiagnosticRequest.type, params);
  return answer as Promise<WorkspaceDiagnosticReport & { items: Report[] }>;
}

const byUri = (reports: Report[]) => new Map(reports.map((report) => [report.uri, report]));
const codesOf = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.range.start.line}:${d.code}`).sort();

/** Every report of the newer answer, over the older ones (unchanged reports keep the older items). */
function merge(older: Report[], newer: Report[]): Report[] {
  const merged = byUri(older);
  for (const report of newer) merged.set(report.uri, report.kind === 'full' ? report : { ...merged.get(report.uri)!, ...report });
  return [...merged.values()];
}

test('workspace diagnostics: every file of the site with problems, without opening one, as `docsmith check` finds them', async () => {
  const client = await startFixtureClient();
  try {
    const answer = await workspacePull(client);
    const service = createLanguageService({ workspace: new FsWorkspace() });
    const checked = await service.checkSite(pathToFileURL(client.root).href, { token: NOT_CANCELLED });
    const expected = [...checked.diagnostics].filter(([, d]) => d.length > 0);
    assert.ok(expected.length >= 3, 'the example site has problems in several files');
    const reports = byUri(answer.items);
    for (const [uri, diagnostics] of expected) {
      const report = reports.get(uri);
      assert.equal(report?.kind, 'full', `a full report for ${uri}`);
      assert.deepEqual(codesOf(report!.items!), codesOf(diagnostics), uri);
    }
    // Files without problems, never reported, are left out.
    assert.ok(answer.items.every((r: Report) => (r.items ?? []).length > 0));
  } finally {
    await client.dispose();
  }
});

test('workspace diagnostics: a pull with nothing changed is held; a change on disk answers it, unchanged files as unchanged', async () => {
  const client = await startSiteClient({
    'docs.json': JSON.stringify({ name: 'S', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages: ['a', 'b', 'c'] } }),
    'a.mdx': '---\ntitle: A\n---\n[to b](/b) and [nowhere](/nowhere)\n',
    'b.mdx': '---\ntitle: B\n---\n[gone](/gone)\n',
    'c.mdx': '---\ntitle: C\n---\nFine.\n',
  });
  try {
    const first = await workspacePull(client);
    assert.deepEqual([...byUri(first.items).keys()].sort(), [client.uri('a.mdx'), client.uri('b.mdx')]);
    let answered = false;
    const held = workspacePull(client, first.items).then((answer) => ((answered = true), answer));
    await new Promise((resolve) => setTimeout(resolve, 800));
    assert.equal(answered, false, 'held while nothing changes');
    // c.mdx gains a broken link on disk; a.mdx loses its own.
    await writeFile(join(client.root, 'c.mdx'), '---\ntitle: C\n---\n[broken](/missing-page)\n');
    await writeFile(join(client.root, 'a.mdx'), '---\ntitle: A\n---\n[to b](/b)\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [
        { uri: client.uri('c.mdx'), type: 2 },
        { uri: client.uri('a.mdx'), type: 2 },
      ],
    });
    const second = byUri((await held).items);
    assert.equal(second.get(client.uri('b.mdx'))?.kind, 'unchanged');
    assert.deepEqual(second.get(client.uri('a.mdx'))?.items, []);
    assert.equal(second.get(client.uri('c.mdx'))?.items?.[0]?.code, 'links/page-not-found');
    // A deleted file's problems are cleared.
    const all = merge(first.items, (await held).items);
    await unlink(join(client.root, 'b.mdx'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('b.mdx'), type: 3 }] });
    const third = byUri((await workspacePull(client, all)).items);
    assert.equal(third.get(client.uri('b.mdx'))?.kind, 'full');
    assert.deepEqual(third.get(client.uri('b.mdx'))?.items, []);
  } finally {
    await client.dispose();
  }
});

test('workspace diagnostics: open files are left to the document pull; scope openFiles clears the rest', async () => {
  const client = await startSiteClient({
    'docs.json': JSON.stringify({ name: 'S', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages: ['a', 'b'] } }),
    'a.mdx': '---\ntitle: A\n---\n[nowhere](/nowhere)\n',
    'b.mdx': '---\ntitle: B\n---\n[gone](/gone)\n',
  });
  try {
    await client.open('a.mdx');
    const first = await workspacePull(client);
    assert.deepEqual([...byUri(first.items).keys()], [client.uri('b.mdx')]);
    const held = workspacePull(client, first.items);
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { docsmith: { diagnosticsScope: 'openFiles' } },
    });
    const cleared = byUri((await held).items);
    assert.equal(cleared.get(client.uri('b.mdx'))?.kind, 'full');
    assert.deepEqual(cleared.get(client.uri('b.mdx'))?.items, []);
    // The open file still gets its problems from the document pull.
    const report = (await client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: client.uri('a.mdx') } })) as {
      items: Diagnostic[];
    };
    assert.equal(report.items[0]?.code, 'links/page-not-found');
  } finally {
    await client.dispose();
  }
});

test('workspace diagnostics: the scope setting from initializationOptions; a held pull is cancellable', async () => {
  const client = await startSiteClient(
    {
      'docs.json': JSON.stringify({ name: 'S', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages: ['a'] } }),
      'a.mdx': '---\ntitle: A\n---\n[nowhere](/nowhere)\n',
    },
    { initializationOptions: { settings: { diagnostics: { scope: 'openFiles' } } } },
  );
  try {
    const first = await workspacePull(client);
    assert.deepEqual(first.items, []);
    const source = new CancellationTokenSource();
    const held = workspacePull(client, [], source);
    source.cancel();
    await assert.rejects(held, (error: { code?: number }) => error.code === -32800);
  } finally {
    await client.dispose();
  }
});

test('workspace diagnostics: a big site streams partial results and shows progress', async () => {
  const files: Record<string, string> = {};
  const pages: string[] = [];
  for (let i = 0; i < 450; i++) {
    pages.push(`p${i}`);
    files[`p${i}.mdx`] = `---\ntitle: P${i}\n---\n[broken](/missing-${i})\n`;
  }
  files['docs.json'] = JSON.stringify({ name: 'S', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages } });
  const client = await startSiteClient(files, { capabilities: { ...pullCapabilities, window: { workDoneProgress: true } } });
  try {
    const partial: Report[] = [];
    const progress: string[] = [];
    client.connection.onRequest('window/workDoneProgress/create', () => null);
    client.connection.onNotification('$/progress', (params: { token: string; value: { kind?: string; items?: Report[] } }) => {
      if (params.token === 'partial') partial.push(...(params.value.items ?? []));
      else if (params.value.kind) progress.push(params.value.kind);
    });
    const answer = await workspacePull(client, [], undefined, 'partial');
    const all = [...partial, ...answer.items];
    assert.ok(partial.length >= 200, `partial results came before the answer (${partial.length})`);
    assert.equal(new Set(all.map((r) => r.uri)).size, 450);
    assert.ok(all.every((r) => r.items?.[0]?.code === 'links/page-not-found'));
    assert.equal(progress[0], 'begin');
    assert.equal(progress.at(-1), 'end');
  } finally {
    await client.dispose();
  }
});

test('workspace diagnostics: a pull cancelled while it checks ends its progress', async () => {
  const files: Record<string, string> = {};
  const pages: string[] = [];
  for (let i = 0; i < 2000; i++) {
    pages.push(`p${i}`);
    files[`p${i}.mdx`] = `---\ntitle: P${i}\n---\n[broken](/missing-${i})\n`;
  }
  files['docs.json'] = JSON.stringify({ name: 'S', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages } });
  const client = await startSiteClient(files, { capabilities: { ...pullCapabilities, window: { workDoneProgress: true } } });
  try {
    const progress: string[] = [];
    let began: () => void;
    const begin = new Promise<void>((resolve) => (began = resolve));
    client.connection.onRequest('window/workDoneProgress/create', () => null);
    client.connection.onNotification('$/progress', (params: { value: { kind?: string } }) => {
      if (params.value.kind) progress.push(params.value.kind);
      if (params.value.kind === 'begin') began();
    });
    const source = new CancellationTokenSource();
    const pull = workspacePull(client, [], source);
    await begin;
    source.cancel();
    await assert.rejects(pull, (error: { code?: number }) => error.code === -32800);
    await waitFor(() => (progress.at(-1) === 'end' ? true : undefined), 'the progress to end');
    assert.deepEqual(
      progress.filter((kind) => kind !== 'report'),
      ['begin', 'end'],
    );
  } finally {
    await client.dispose();
  }
});
