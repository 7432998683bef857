import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ParsedDocuments } from '../../server/src/service/documents/parsedDocuments';
import { PageDiagnostics } from '../../server/src/service/session/pageDiagnostics';
import { createLanguageService } from '../../server/src/service/languageService';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';
import type { FileStat } from '../../server/src/service/workspace';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';

/**
 * The one parse cache keeps the pages being worked on (open in the editor), not every closed page a
 * pass over the site checks once: those would push out the open ones and, kept a while, fill the old
 * generation with garbage (the workspace pass of a 25,000-page site peaked at 440 MB; 240 MB without).
 */
test('pageOnce reuses a cached parse of the same text and keeps nothing new', () => {
  const documents = new ParsedDocuments();
  const open = documents.page(`${ROOT}/a.mdx`, '# A');
  assert.equal(documents.pageOnce(`${ROOT}/a.mdx`, '# A'), open, 'the same text: the cached parse');
  const other = documents.pageOnce(`${ROOT}/b.mdx`, '# B');
  assert.notEqual(documents.page(`${ROOT}/b.mdx`, '# B'), other, 'parsed once, not kept');
  assert.notEqual(documents.pageOnce(`${ROOT}/a.mdx`, '# A changed'), open);
});

/** A workspace where some files are open in an editor (their stat has a version). */
class EditorWorkspace extends MemoryWorkspace {
  readonly open = new Set<string>();
  override async stat(uri: string): Promise<FileStat | undefined> {
    const stat = await super.stat(uri);
    return stat && this.open.has(uri) ? { ...stat, version: 1 } : stat;
  }
}

test("page diagnostics keep the parse of an open page for the editor's requests, not of a closed one", async () => {
  const files = {
    'docs.json': JSON.stringify({ name: 'x', navigation: { pages: ['open', 'closed'] } }),
    'open.mdx': '# O',
    'closed.mdx': '# C',
  };
  const workspace = new EditorWorkspace(files);
  workspace.open.add(`${ROOT}/open.mdx`);
  const documents = new ParsedDocuments();
  const pages = new PageDiagnostics(workspace, documents);
  const state = await createLanguageService({ workspace }).getSiteState(ROOT, NOT_CANCELLED);
  for (const page of ['open', 'closed']) await pages.get(state, `${ROOT}/${page}.mdx`, NOT_CANCELLED);
  const kept = (page: string, text: string) =>
    documents.pageOnce(`${ROOT}/${page}.mdx`, text) === documents.page(`${ROOT}/${page}.mdx`, text);
  assert.equal(kept('open', '# O'), true, 'the open page is kept parsed');
  assert.equal(kept('closed', '# C'), false, 'the closed page is not');
});
