import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { CORPUS, CORPUS_LABEL, corpusSites } from '../helpers/corpus';
import { FixedWorkspace } from '../helpers/fixedWorkspace';
import { FsWorkspace } from '../../server/src/fsWorkspace';
import { baselineByUri } from '../helpers/corpusBaseline';
import { createLanguageService, NOT_CANCELLED, pathToUri } from '../../server/src/service';

/**
 * A quick fix does what it says and breaks nothing: on every corpus site, up to 12 findings that offer
 * fixes are taken in turn, each of their quick fixes applied alone, and the file checked again. No
 * fix may add a broken link, anchor, file, page entry or operation to the file it edits (a page
 * did-you-mean that lands on a page without the link's `#anchor` did, 6 times in 922).
 */
const sites = corpusSites();
console.log(`# quick-fix suite: ${sites.length} sites of ${CORPUS_LABEL}`);

/** What a fix must not add: the findings of things that reach nothing. */
const BROKEN = /^(?:links\/|nav\/page-not-found$|nav\/operation-not-found$|frontmatter\/operation-not-found$|snippets\/not-found$)/;
const SAMPLES_PER_SITE = 12;

const serious = (d: Diagnostic) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning;
const broken = (list: Diagnostic[]) => list.filter((d) => serious(d) && BROKEN.test(String(d.code))).map((d) => `${d.code} ${d.message}`);

test('every quick fix sampled on every corpus site adds no broken link, anchor, entry or operation', async (t) => {
  if (sites.length === 0) return t.skip('NOT RUN: no corpus');
  let applied = 0;
  const worse: string[] = [];
  for (const site of sites) {
    const root = pathToUri(join(CORPUS, site));
    const editor = createLanguageService({ workspace: new FsWorkspace(), folders: () => [root] });
    const all = await baselineByUri(join(CORPUS, site));
    const fixable = [...all].flatMap(([uri, list]) => list.filter((d) => serious(d) && d.data).map((d) => [uri, d] as const));
    const step = Math.max(1, Math.ceil(fixable.length / SAMPLES_PER_SITE));
    for (let i = 0; i < fixable.length; i += step) {
      const [uri, diagnostic] = fixable[i];
      const mine = (await editor.getDiagnostics(uri, NOT_CANCELLED))?.find(
        (d) => d.message === diagnostic.message && d.range.start.line === diagnostic.range.start.line,
      );
      if (!mine) continue;
      const before = broken((await editor.getDiagnostics(uri, NOT_CANCELLED)) ?? []);
      for (const action of await editor.getCodeActions(uri, mine.range, [mine], NOT_CANCELLED)) {
        const edits = action.edit?.changes?.[uri];
        if (!edits || Object.keys(action.edit!.changes!).length !== 1) continue;
        const workspace = new FixedWorkspace();
        const text = (await workspace.readFile(uri)) ?? '';
        workspace.written.set(uri, TextDocument.applyEdits(TextDocument.create(uri, 'x', 1, text), edits));
        const fixed = createLanguageService({ workspace, folders: () => [root] });
        const pool = [...before];
        const added = broken((await fixed.getDiagnostics(uri, NOT_CANCELLED)) ?? []).filter((finding) => {
          const at = pool.indexOf(finding);
          if (at >= 0) pool.splice(at, 1);
          return at < 0;
        });
        applied++;
        if (added.length) worse.push(`${site} ${uri.slice(root.length + 1)} "${action.title}": ${added.join(' | ').slice(0, 300)}`);
      }
    }
  }
  t.diagnostic(`${applied} quick fixes applied`);
  assert.ok(applied > 300, `only ${applied} quick fixes applied`);
  assert.deepEqual(worse, []);
});
