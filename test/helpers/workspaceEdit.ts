import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { relativeUri } from '../../server/src/service/uri';
import { ROOT, type MemoryWorkspace } from './memoryWorkspace';

/**
 * Applies a workspace edit of created files and text edits to a site in memory, as an editor would;
 * returns the files it edited, relative to the root.
 */
export function applyWorkspaceEdit(site: MemoryWorkspace, edit: WorkspaceEdit): string[] {
  const touched: string[] = [];
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change && change.kind === 'delete') {
      assert.ok(site.files.has(change.uri), `${change.uri} exists`);
      site.files.delete(change.uri);
      touched.push(relativeUri(ROOT, change.uri)!);
      continue;
    }
    if ('kind' in change) {
      assert.equal(change.kind, 'create');
      assert.ok(!site.files.has(change.uri), `${change.uri} does not exist yet`);
      site.files.set(change.uri, '');
      continue;
    }
    const { textDocument, edits } = change as TextDocumentEdit;
    const before = site.files.get(textDocument.uri);
    assert.equal(typeof before, 'string', `${textDocument.uri} exists`);
    const document = TextDocument.create(textDocument.uri, 'text', 0, before!);
    site.files.set(textDocument.uri, TextDocument.applyEdits(document, edits as never));
    touched.push(relativeUri(ROOT, textDocument.uri)!);
  }
  return touched;
}
