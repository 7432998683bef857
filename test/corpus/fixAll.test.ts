import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { CORPUS, CORPUS_LABEL, corpusSites } from '../helpers/corpus';
import { FixedWorkspace } from '../helpers/fixedWorkspace';
import { baselineByUri } from '../helpers/corpusBaseline';
import { createLanguageService, NOT_CANCELLED, pathToUri } from '../../server/src/service';
import { FIX_ALL_KIND } from '../../server/src/service/features/fixAll';

/**
 * Fix all on save (`source.fixAll.docsmith`) writes files unasked, so each of its fixes must be sure:
 * applied to every file of every corpus site, it may only take findings away. A did-you-mean that
 * guesses (another folder, another number, a name three edits away) is offered as a quick fix, never
 * written on save.
 */
const sites = corpusSites();
console.log(`# fix-all suite: ${sites.length} sites of ${CORPUS_LABEL}`);

/** Errors and warnings per code (what fix all must not add). */
function counts(diagnostics: ReadonlyMap<string, Diagnostic[]>): Map<string, number> {
  const found = new Map<string, number>();
  for (const list of diagnostics.values())
    for (const { code, severity } of list)
      if (severity === DiagnosticSeverity.Error || severity === DiagnosticSeverity.Warning)
        found.set(String(code), (found.get(String(code)) ?? 0) + 1);
  return found;
}

test('fix all on every file of every corpus site takes findings away and adds none', async (t) => {
  if (sites.length === 0) return t.skip('NOT RUN: no corpus');
  let fixedFiles = 0;
  const worse: string[] = [];
  for (const site of sites) {
    const root = pathToUri(join(CORPUS, site));
    const workspace = new FixedWorkspace();
    const editor = createLanguageService({ workspace, folders: () => [root] });
    const before = await baselineByUri(join(CORPUS, site));
    for (const uri of before.keys()) {
      const start = { line: 0, character: 0 };
      const actions = await editor.getCodeActions(uri, { start, end: start }, [], NOT_CANCELLED, [FIX_ALL_KIND]);
      const edits = actions.find((action) => action.kind === FIX_ALL_KIND)?.edit?.changes?.[uri];
      if (!edits?.length) continue;
      const text = (await workspace.readFile(uri)) ?? '';
      workspace.written.set(uri, TextDocument.applyEdits(TextDocument.create(uri, 'mdx', 1, text), edits));
      editor.didChange(uri, 'changed');
      fixedFiles++;
    }
    const after = counts((await createLanguageService({ workspace }).checkSite(root, { token: NOT_CANCELLED })).diagnostics);
    const was = counts(before);
    for (const [code, count] of after) if (count > (was.get(code) ?? 0)) worse.push(`${site}: ${code} ${was.get(code) ?? 0} -> ${count}`);
  }
  assert.deepEqual(worse, []);
  assert.ok(fixedFiles > 0 || sites.length < 20, 'fix all found nothing to fix on the corpus');
});
