import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { EXAMPLE_SITE, startFixtureClient, waitFor } from '../helpers/lspClient';

test('a client without pull diagnostics gets them pushed, and updated after an edit', async () => {
  const client = await startFixtureClient(EXAMPLE_SITE, { capabilities: {}, workspaceFolders: false });
  try {
    assert.equal(client.initialize.capabilities.diagnosticProvider, undefined);
    const text = await client.open('docs.json');
    const first = await waitFor(() => client.pushed.get(client.uri('docs.json')), 'pushed diagnostics');
    assert.ok(first.diagnostics.some((d: Diagnostic) => d.code === 'nav/page-not-found'));
    await client.change('docs.json', text.replace('"guides/quikstart"', '"guides/quickstart"'));
    await waitFor(() => (client.pushed.get(client.uri('docs.json'))?.version === 2 ? true : undefined), 'diagnostics of version 2');
    assert.ok(!client.pushed.get(client.uri('docs.json'))!.diagnostics.some((d: Diagnostic) => d.code === 'nav/page-not-found'));
  } finally {
    await client.dispose();
  }
});

test('initializationOptions settings change severities and turn codes off', async () => {
  const client = await startFixtureClient(EXAMPLE_SITE, {
    initializationOptions: { settings: { diagnostics: { 'nav/page-not-found': 'hint', 'nav/duplicate-page': 'off' }, orphans: false } },
  });
  try {
    await client.open('docs.json');
    const report = (await client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: client.uri('docs.json') } })) as {
      items: Diagnostic[];
    };
    assert.equal(report.items.find((d) => d.code === 'nav/page-not-found')?.severity, 4);
    assert.equal(
      report.items.find((d) => d.code === 'nav/duplicate-page'),
      undefined,
    );
    await client.open('guides/old-setup.mdx');
    const orphan = (await client.connection.sendRequest('textDocument/diagnostic', {
      textDocument: { uri: client.uri('guides/old-setup.mdx') },
    })) as { items: Diagnostic[] };
    assert.deepEqual(orphan.items, []);
  } finally {
    await client.dispose();
  }
});

test('a docs root below the workspace root (a monorepo) is found; files outside it are ignored', async () => {
  const client = await startFixtureClient(resolve(__dirname, '../fixtures/sites/monorepo'));
  try {
    await client.open('apps/docs/docs.json');
    const report = (await client.connection.sendRequest('textDocument/diagnostic', {
      textDocument: { uri: client.uri('apps/docs/docs.json') },
    })) as { items: Diagnostic[] };
    assert.deepEqual(
      report.items.map((d) => d.code),
      ['nav/page-not-found'],
    );
    await client.open('apps/web/package.json');
    const outside = (await client.connection.sendRequest('textDocument/diagnostic', {
      textDocument: { uri: client.uri('apps/web/package.json') },
    })) as { items: Diagnostic[] };
    assert.deepEqual(outside.items, []);
    assert.equal(client.stderr(), '');
  } finally {
    await client.dispose();
  }
});
