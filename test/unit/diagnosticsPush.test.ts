import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Connection, PublishDiagnosticsParams, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticsChannel } from '../../server/src/lsp/diagnosticsChannel';
import { clientSupport } from '../../server/src/lsp/capabilities';
import { CancelledError, type DocsLanguageService } from '../../server/src/service';

/**
 * A client without pull diagnostics gets them pushed. A check that gave way to a newer version of its
 * document (the MDX parser's queue drops a stale page) pushes nothing: an empty list would wipe the
 * page's findings until the next push, and it is no failure to log.
 */
test('a push client gets nothing for a check that was cancelled, and the findings of the one after it', async () => {
  const pushed: PublishDiagnosticsParams[] = [];
  let pushedOnce!: () => void;
  const waiting = new Promise<void>((resolve) => (pushedOnce = resolve));
  const connection = {
    sendDiagnostics: async (params: PublishDiagnosticsParams) => {
      pushed.push(params);
      pushedOnce();
    },
  } as unknown as Connection;
  const document = { uri: 'file:///site/page.mdx', version: 1 };
  const documents = { all: () => [document] } as unknown as TextDocuments<TextDocument>;
  let checks = 0;
  let checked!: () => void;
  const firstCheck = new Promise<void>((resolve) => (checked = resolve));
  const service = {
    getDiagnostics: async () => {
      checks++;
      checked();
      if (checks === 1) throw new CancelledError();
      return [{ message: 'found', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }];
    },
  } as unknown as DocsLanguageService;
  const logged: unknown[] = [];
  const originalError = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const channel = new DiagnosticsChannel(connection, documents, service, () => clientSupport({}), { changed: () => undefined });
    channel.changed(document.uri);
    // The first push's check is cancelled: nothing is sent for it; the next change's is sent.
    await firstCheck;
    await new Promise<void>((resolve) => setImmediate(resolve));
    document.version = 2;
    channel.changed(document.uri);
    await waiting;
    assert.equal(checks, 2);
    assert.deepEqual(
      pushed.map((params) => [params.version, params.diagnostics.map((d) => d.message)]),
      [[2, ['found']]],
    );
    assert.deepEqual(logged, []);
  } finally {
    console.error = originalError;
  }
});
