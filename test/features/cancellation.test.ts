import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CancelledError, NOT_CANCELLED, type Cancellation } from '../../server/src/service/cancellation';
import { createLanguageService } from '../../server/src/service/languageService';
import { FEATURE_SITE } from '../helpers/featureSite';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';

/**
 * Exact cancellation (issue 40 item 4): every public method of the service takes a token, and a
 * request cancelled while it waits on I/O stops with CancelledError at its next step, leaving no
 * half-made state behind. A load shared by several requests stops only when all of them are cancelled.
 */

/** A workspace with a token that it flips at its `cancelAt`-th call (reads, stats, listings). */
class CancellingWorkspace extends MemoryWorkspace {
  calls = 0;
  cancelAt = Infinity;
  readonly token = { isCancellationRequested: false };

  private tick(): void {
    if (++this.calls >= this.cancelAt) this.token.isCancellationRequested = true;
  }
  override async readFile(uri: string): Promise<string | undefined> {
    this.tick();
    return super.readFile(uri);
  }
  override async stat(uri: string) {
    this.tick();
    return super.stat(uri);
  }
  override async listFiles(folderUri: string) {
    this.tick();
    return super.listFiles(folderUri);
  }
  override async readDirectory(folderUri: string) {
    this.tick();
    return super.readDirectory(folderUri);
  }
}

const uri = (path: string) => `${ROOT}/${path}`;
const at = { line: 0, character: 1 };
const range = { start: at, end: at };

/** Every kind of request the service answers, given a token. */
const requests: Record<string, (service: ReturnType<typeof createLanguageService>, token: Cancellation) => Promise<unknown>> = {
  checkSite: (s, token) => s.checkSite(ROOT, { token }),
  findDocsRoot: (s, token) => s.findDocsRoot(uri('guides/webhooks.mdx'), token),
  findDocsRoots: (s, token) => s.findDocsRoots('file:///', token),
  listDiagnosedFiles: (s, token) => s.listDiagnosedFiles(ROOT, token),
  getDiagnostics: (s, token) => s.getDiagnostics(uri('guides/webhooks.mdx'), token),
  getSiteMap: (s, token) => s.getSiteMap(uri('docs.json'), token),
  getPageIndex: (s, token) => s.getPageIndex(uri('docs.json'), token),
  getAnchorLine: (s, token) => s.getAnchorLine(uri('guides/webhooks.mdx'), 'retries', token),
  getDraftPlaces: (s, token) => s.getDraftPlaces(ROOT, 'guides/new', token),
  getDraftPageEdit: (s, token) => s.getDraftPageEdit(ROOT, { pageId: 'guides/new', content: 'x', nearPageId: 'index' }, token),
  doComplete: (s, token) => s.doComplete(uri('docs.json'), at, token),
  doHover: (s, token) => s.doHover(uri('index.mdx'), at, token),
  findDocumentLinks: (s, token) => s.findDocumentLinks(uri('index.mdx'), token),
  // Its operation entries' links read the spec's file for where each operation is written.
  'findDocumentLinks of docs.json': (s, token) => s.findDocumentLinks(uri('docs.json'), token),
  findDefinition: (s, token) => s.findDefinition(uri('index.mdx'), { line: 5, character: 14 }, token),
  getCodeActions: (s, token) => s.getCodeActions(uri('docs.json'), range, [], token, ['source.fixAll.docsmith']),
  prepareRename: (s, token) => s.prepareRename(uri('guides/webhooks.mdx'), { line: 4, character: 4 }, token),
  rename: (s, token) => s.rename(uri('guides/webhooks.mdx'), { line: 4, character: 4 }, 'Retry policy', token),
  planRename: (s, token) => s.planRename([{ oldUri: uri('guides/webhooks.mdx'), newUri: uri('events/hooks.mdx') }], token),
  redirectEdits: (s, token) => s.redirectEdits(ROOT, [{ from: '/guides/webhooks', to: '/events/hooks' }], token),
};

const SITE = {
  ...FEATURE_SITE,
  'index.mdx': '---\ntitle: Home\n---\n# Acme\n\nSee [retries](/guides/webhooks#retries).\n',
  'guides/webhooks.mdx': '---\ntitle: Webhooks\n---\n\n## Retries\n\nSee [home](/index).\n',
};

for (const [name, request] of Object.entries(requests)) {
  test(`${name}: cancelled mid-way, it stops with CancelledError; asked again, it answers`, async () => {
    // How many workspace calls the request makes when nothing cancels it.
    const counting = new CancellingWorkspace(SITE);
    const answer = await request(createLanguageService({ workspace: counting }), NOT_CANCELLED);
    const total = counting.calls;
    assert.ok(total >= 1, `${name} reads the workspace`);
    // Cancelled at each of its calls in turn: after every await it must notice.
    for (let cancelAt = 1; cancelAt <= total; cancelAt++) {
      const workspace = new CancellingWorkspace(SITE);
      const service = createLanguageService({ workspace });
      workspace.cancelAt = cancelAt;
      await assert.rejects(request(service, workspace.token), CancelledError, `${name} cancelled at call ${cancelAt} of ${total}`);
      assert.deepEqual(await request(service, NOT_CANCELLED), answer, `${name} answers as before after a cancelled request`);
    }
  });
}

test('a cancelled request does not cancel another waiting on the same site load', async () => {
  const workspace = new CancellingWorkspace(SITE);
  const service = createLanguageService({ workspace });
  workspace.cancelAt = 3;
  const completion = service.doComplete(uri('docs.json'), at, workspace.token);
  const diagnostics = service.getDiagnostics(uri('guides/webhooks.mdx'), NOT_CANCELLED);
  await assert.rejects(completion, CancelledError);
  const found = await diagnostics;
  assert.ok(Array.isArray(found), 'the diagnostics pull gets its answer');
  const fresh = await createLanguageService({ workspace: new MemoryWorkspace(SITE) }).getDiagnostics(
    uri('guides/webhooks.mdx'),
    NOT_CANCELLED,
  );
  assert.deepEqual(found, fresh);
});

test('a site load stops once every request waiting for it is cancelled', async () => {
  const site = SITE;
  const full = new CancellingWorkspace(site);
  await createLanguageService({ workspace: full }).getSiteMap(uri('docs.json'), NOT_CANCELLED);

  const workspace = new CancellingWorkspace(site);
  const service = createLanguageService({ workspace });
  const second = { isCancellationRequested: false };
  workspace.cancelAt = 3;
  const first = service.getSiteMap(uri('docs.json'), workspace.token);
  const other = service.getPageIndex(uri('docs.json'), second);
  second.isCancellationRequested = true;
  await assert.rejects(first, CancelledError);
  await assert.rejects(other, CancelledError);
  assert.ok(workspace.calls < full.calls, `stopped early: ${workspace.calls} of ${full.calls} workspace calls`);
});
