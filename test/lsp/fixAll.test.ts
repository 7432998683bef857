import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { withFixtureClient } from '../helpers/lspClient';

test('source.fixAll.docsmith: announced, and answered with every safe fix of the file when asked for by kind', () =>
  withFixtureClient(async (client) => {
    const kinds = (client.initialize.capabilities.codeActionProvider as { codeActionKinds: string[] }).codeActionKinds;
    assert.deepEqual(kinds, ['quickfix', 'source.fixAll.docsmith']);
    await client.open('docs.json');
    const request = (only?: string[]) =>
      client.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri: client.uri('docs.json') },
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [], ...(only && { only }) },
      }) as Promise<CodeAction[]>;
    // The client sends no diagnostics on save: the server finds the file's own.
    const [action] = await request(['source.fixAll']);
    assert.equal(action?.kind, 'source.fixAll.docsmith');
    const newTexts = action.edit!.changes![client.uri('docs.json')].map((edit) => edit.newText).sort();
    // examples/site: "guides/quikstart" (one candidate), "/guides/pagination" (leading slash).
    assert.deepEqual(newTexts, ['"guides/pagination"', '"guides/quickstart"']);
    assert.deepEqual(await request(), []);
  }));
