import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CompletionList, Diagnostic } from 'vscode-languageserver-protocol';
import { filesOf, startWebServer, WEB_SERVER, type WebServer } from '../helpers/webServer';
// @ts-expect-error: a bench script in JavaScript, without types
import { generateSite } from '../../bench/generateSite.mjs';

/**
 * The browser build's language server (dist/web/server.js) in a worker, its files served through the
 * `docsmith/fs/*` requests as the web extension serves them: what it reads before the first
 * diagnostics, the editor features over files it asked for, and a file the watcher reports.
 */
const EXAMPLE = resolve(__dirname, '../../examples/site');
const capabilities = {
  textDocument: { diagnostic: {}, completion: { completionItem: { snippetSupport: true } } },
  workspace: { diagnostics: { refreshSupport: true }, didChangeWatchedFiles: { dynamicRegistration: true } },
};

async function withServer(files: ReturnType<typeof filesOf>, use: (server: WebServer) => Promise<void>) {
  const server = await startWebServer(files, { capabilities });
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

const pull = async (server: WebServer, uri: string) =>
  ((await server.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as { items: Diagnostic[] }).items;

test('the first diagnostics of docs.json read docs.json, its specs and one listing: no page of a 300-page site', async (t) => {
  if (!existsSync(WEB_SERVER)) return t.skip(`NOT RUN: ${WEB_SERVER} is not built (npm run build)`);
  const dir = mkdtempSync(join(tmpdir(), 'docsmith-web-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  generateSite(dir, { pages: 300, operations: 20 });
  const files = filesOf(dir);
  await withServer(files, async (server) => {
    const items = await pull(server, `${files.rootUri}/docs.json`);
    assert.ok(items.length > 0, 'the generated site has deliberate problems in docs.json');
    assert.deepEqual(
      server.asked.read.filter((path) => /\.mdx?$/.test(path)),
      [],
      'pages read before the first diagnostics of docs.json',
    );
    assert.ok(server.asked.read.length < 10, `${server.asked.read.length} files read: ${server.asked.read.join(', ')}`);
    assert.equal(server.asked.listFiles, 1);
  });
});

test('a broken page entry, its quick fix, completion of a page entry, and a page created that the watcher reports', async (t) => {
  if (!existsSync(WEB_SERVER)) return t.skip(`NOT RUN: ${WEB_SERVER} is not built (npm run build)`);
  const files = filesOf(EXAMPLE);
  const docsJson = `${files.rootUri}/docs.json`;
  const text = new TextDecoder().decode(files.bytes.get('docs.json'));
  await withServer(files, async (server) => {
    const { connection } = server;
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: docsJson, languageId: 'json', version: 1, text } });
    const missing = (await pull(server, docsJson)).find((item) => item.code === 'nav/page-not-found');
    assert.ok(missing, 'guides/quikstart is reported');
    const actions = (await connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: docsJson },
      range: missing.range,
      context: { diagnostics: [missing] },
    })) as { title: string; edit?: { changes?: Record<string, { newText: string }[]> } }[];
    const fix = actions.find((action) => action.edit?.changes?.[docsJson]?.some((edit) => edit.newText.includes('guides/quickstart')));
    assert.ok(fix, `a fix to guides/quickstart among: ${actions.map((action) => action.title).join('; ')}`);

    const lines = text.split('\n');
    const line = lines.findIndex((candidate) => candidate.includes('"guides/quikstart"'));
    const character = lines[line].indexOf('"guides/quikstart"') + 1;
    const completion = (await connection.sendRequest('textDocument/completion', {
      textDocument: { uri: docsJson },
      position: { line, character },
    })) as CompletionList;
    assert.ok(completion.items.some((item) => item.label === 'guides/quickstart'));

    // The author creates the page the entry names: the watcher reports it, and the finding goes.
    files.bytes.set('guides/quikstart.mdx', new TextEncoder().encode('---\ntitle: Quik\n---\n\nText.\n'));
    await connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: `${files.rootUri}/guides/quikstart.mdx`, type: 1 }],
    });
    const after = await pull(server, docsJson);
    assert.equal(
      after.find((item) => item.code === 'nav/page-not-found' && item.message.includes('quikstart')),
      undefined,
    );
  });
});

test('a page read through the client gets its diagnostics, and a page changed on the client is read again', async (t) => {
  if (!existsSync(WEB_SERVER)) return t.skip(`NOT RUN: ${WEB_SERVER} is not built (npm run build)`);
  const files = filesOf(EXAMPLE);
  const page = `${files.rootUri}/guides/quickstart.mdx`;
  await withServer(files, async (server) => {
    const before = await pull(server, page);
    files.bytes.set(
      'guides/quickstart.mdx',
      new TextEncoder().encode('---\ntitle: Quickstart\n---\n\nSee [the guide](/guides/nowhere).\n'),
    );
    await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: page, type: 2 }] });
    const after = await pull(server, page);
    assert.ok(
      after.some((item) => item.code === 'links/page-not-found' && item.message.includes('guides/nowhere')),
      JSON.stringify({ before, after }),
    );
  });
});
