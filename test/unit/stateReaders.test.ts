import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLanguageService } from '../../server/src/service/languageService';
import type { Cancellation } from '../../server/src/service/cancellation';
import { StateReaders } from '../../server/src/service/session/stateReaders';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';
import { docsJson } from '../helpers/check';

const token = (): Cancellation => ({ isCancellationRequested: false });

/**
 * A workspace whose reads of one file wait until the test lets them through: every read of it (the
 * page check's, and the import graph's, which the service starts in the background) waits.
 */
class GatedWorkspace extends MemoryWorkspace {
  gated: string | undefined;
  private opens: (() => void)[] = [];
  reached: Promise<void> | undefined;
  private arrive: (() => void) | undefined;
  /** Reads of the gated file let through before the gate closes. */
  private passes = 0;

  gate(uri: string, passes = 0): void {
    this.gated = uri;
    this.passes = passes;
    this.reached = new Promise((resolve) => (this.arrive = resolve));
  }

  release(): void {
    this.gated = undefined;
    for (const open of this.opens.splice(0)) open();
  }

  override async readFile(uri: string): Promise<string | undefined> {
    if (uri === this.gated && this.passes-- <= 0) {
      this.arrive?.();
      await new Promise<void>((resolve) => this.opens.push(resolve));
    }
    return super.readFile(uri);
  }
}

/**
 * Issue 40 item 3: "no state is mutated in place once another reader may hold it". The incremental
 * docs.json path patches the last state in place; a request that is still reading that state (here a
 * page check waiting on its read) must see its version to the end, so the edit loads afresh.
 */
test('an entry edit is patched in place only when no request still reads the last state', async () => {
  const files = {
    'docs.json': docsJson({ groups: [{ group: 'G', pages: ['a', 'b'] }] }),
    'a.mdx': '---\ntitle: A\n---\n',
    'b.mdx': '---\ntitle: B\n---\n',
    'c.mdx': '---\ntitle: C\n---\n',
    'd.mdx': '---\ntitle: D\n---\n',
  };
  const workspace = new GatedWorkspace(files);
  const service = createLanguageService({ workspace });
  const listed = (state: Awaited<ReturnType<typeof service.getSiteState>>) => state.context?.navigation.pages.map((entry) => entry.value);
  const edit = (from: string, to: string) => {
    workspace.set('docs.json', (workspace.files.get(`${ROOT}/docs.json`) ?? '').replace(`"${from}"`, `"${to}"`));
    service.didChange(`${ROOT}/docs.json`, 'changed');
  };
  const first = await service.getSiteState(ROOT, token());

  // A page check is under way on the first state when docs.json changes.
  workspace.gate(`${ROOT}/a.mdx`);
  const pending = service.getDiagnostics(`${ROOT}/a.mdx`, token());
  await workspace.reached;
  edit('b', 'c');
  const second = await service.getSiteState(ROOT, token());
  assert.notEqual(second.context, first.context, 'loaded afresh, not patched under the reader');
  assert.deepEqual(listed(first), ['a', 'b'], 'the reader still sees its version');
  assert.deepEqual(listed(second), ['a', 'c']);
  workspace.release();
  assert.deepEqual(await pending, []);

  // Nobody reads the second state now: the next entry edit is patched in place (the fast path).
  edit('c', 'd');
  const third = await service.getSiteState(ROOT, token());
  assert.equal(third.context, second.context, 'patched in place');
  assert.deepEqual(listed(third), ['a', 'd']);
  const codes = async (page: string) => ((await service.getDiagnostics(`${ROOT}/${page}.mdx`, token())) ?? []).map((d) => d.code);
  assert.deepEqual(await codes('c'), ['nav/orphan-page']);
  assert.deepEqual(await codes('d'), []);
});

test('a state is held from the request that reads it until that request settles, by each token apart', async () => {
  const readers = new StateReaders();
  const state = {};
  const [one, two] = [token(), token()];
  let finishOne: () => void = () => {};
  const running = readers.during(one, () => {
    readers.hold(one, state);
    return new Promise<void>((resolve) => (finishOne = resolve));
  });
  readers.during(two, () => readers.hold(two, state));
  assert.equal(readers.held(state), true, 'held by the request still running');
  finishOne();
  await running;
  assert.equal(readers.held(state), false);

  // A request that throws lets go too; a token outside any request holds nothing.
  assert.throws(() =>
    readers.during(one, () => {
      readers.hold(one, state);
      throw new Error('boom');
    }),
  );
  readers.hold(token(), state);
  assert.equal(readers.held(state), false);
});

/**
 * Issue 61 item 2: a request is recognised by where its method declares the token, not by taking the
 * last argument: getCodeActions(uri, range, diagnostics, token, only) has its token fourth of five,
 * and ran unguarded, so a docs.json edit arriving while fix-all waited on the page's diagnostics
 * patched the state fix-all was reading.
 */
test('61.2: a fix-all paused on its diagnostics while an entry is edited still sees the state it started with', async () => {
  const files = {
    'docs.json': docsJson({ groups: [{ group: 'G', pages: ['a', 'b'] }] }),
    'a.mdx': '---\ntitle: A\n---\n\nSee [b](/bb).\n',
    'b.mdx': '---\ntitle: B\n---\n',
    'c.mdx': '---\ntitle: C\n---\n',
  };
  const workspace = new GatedWorkspace(files);
  const service = createLanguageService({ workspace });
  const listed = (state: Awaited<ReturnType<typeof service.getSiteState>>) => state.context?.navigation.pages.map((entry) => entry.value);
  const first = await service.getSiteState(ROOT, token());
  // The first read opens the page; fix-all then waits on the page's diagnostics, which read it again.
  workspace.gate(`${ROOT}/a.mdx`, 1);
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const fixAll = service.getCodeActions(`${ROOT}/a.mdx`, range, [], token(), ['source.fixAll']);
  await workspace.reached;
  workspace.set('docs.json', files['docs.json'].replace('"b"', '"c"'));
  service.didChange(`${ROOT}/docs.json`, 'changed');
  const second = await service.getSiteState(ROOT, token());
  assert.notEqual(second.context, first.context, 'loaded afresh, not patched under fix-all');
  assert.deepEqual(listed(first), ['a', 'b'], 'fix-all still sees the navigation it started with');
  workspace.release();
  const actions = await fixAll;
  const edits = actions.flatMap((action) => Object.values(action.edit?.changes ?? {}).flat());
  assert.deepEqual(
    edits.map((edit) => edit.newText),
    ['/b'],
    'the fix it computed is that of the state it read',
  );
});
