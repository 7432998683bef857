import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { OpenDocumentsWorkspace } from '../../server/src/openDocumentsWorkspace';
import { createLanguageService } from '../../server/src/service';
import { pathToUri } from '../../server/src/service/uri';
import { docsJson } from '../helpers/check';
import { tempDir } from '../helpers/tempDir';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';
import { FsWorkspace } from '../../server/src/fsWorkspace';

/** The open documents of an editor, as the server's TextDocuments holds them. */
function openDocuments(): {
  documents: TextDocuments<TextDocument>;
  open: (uri: string, text: string) => void;
  edit: (uri: string, text: string) => void;
} {
  const held = new Map<string, TextDocument>();
  return {
    documents: { get: (uri: string) => held.get(uri) } as unknown as TextDocuments<TextDocument>,
    open: (uri, text) => held.set(uri, TextDocument.create(uri, 'json', 1, text)),
    edit: (uri, text) => {
      const before = held.get(uri)!;
      held.set(uri, TextDocument.create(uri, 'json', before.version + 1, text));
    },
  };
}

const spec = (methods: string[]) =>
  JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'Users', version: '1' },
    paths: { '/users': Object.fromEntries(methods.map((m) => [m, { summary: m }])) },
  });

test('an unsaved edit of an open OpenAPI spec is seen by docs.json diagnostics at once (issue 40, bug 1)', async () => {
  const dir = tempDir();
  writeFileSync(
    join(dir, 'docs.json'),
    docsJson({ groups: [{ group: 'API', openapi: 'openapi.json', pages: ['GET /users', 'POST /users'] }] }),
  );
  writeFileSync(join(dir, 'openapi.json'), spec(['get']));
  const { documents, open, edit } = openDocuments();
  const service = createLanguageService({
    workspace: new OpenDocumentsWorkspace(documents, { files: new FsWorkspace(), holds: (uri) => uri.startsWith('file:') }),
  });
  const docs = pathToUri(join(dir, 'docs.json'));
  const specUri = pathToUri(join(dir, 'openapi.json'));
  const missing = async () =>
    ((await service.getDiagnostics(docs, NOT_CANCELLED)) ?? []).filter((d) => d.code === 'nav/operation-not-found').map((d) => d.message);
  open(specUri, spec(['get']));
  assert.equal((await missing()).length, 1, 'POST /users is not in the spec yet');
  // Several unsaved edits in a row (versions 2, 3...): each is the spec's content now. The server
  // tells the service of each edit, as it does on didChange.
  edit(specUri, spec(['get', 'delete']));
  service.didChange(specUri, 'changed');
  assert.equal((await missing()).length, 1);
  edit(specUri, spec(['get', 'post']));
  service.didChange(specUri, 'changed');
  assert.deepEqual(await missing(), [], 'the unsaved spec has POST /users now');
});
