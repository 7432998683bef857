import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { CORPUS, CORPUS_LABEL, corpusSites, MEMORY_ROOT as ROOT, siteInMemory } from '../helpers/corpus';
import { createLanguageService, NOT_CANCELLED } from '../../server/src/service';
import { baselineCheck } from '../helpers/corpusBaseline';

/**
 * Rename on a heading rewrites its title and every `#anchor` that links to it, in the page and across
 * the site. On every corpus site, the first headings of a few pages are renamed (one at a time, each
 * with the links of the site as the renames before left them): no anchor may break.
 */
const sites = corpusSites();
console.log(`# heading rename suite: ${sites.length} sites of ${CORPUS_LABEL}`);
const PAGES_PER_SITE = 4;

function anchorFindings(diagnostics: ReadonlyMap<string, Diagnostic[]>): number {
  let count = 0;
  for (const list of diagnostics.values())
    for (const { code, severity } of list) if (severity !== DiagnosticSeverity.Information && String(code).startsWith('links/')) count++;
  return count;
}

test('renaming headings on every corpus site breaks no link to them', async (t) => {
  if (sites.length === 0) return t.skip('NOT RUN: no corpus');
  const worse: string[] = [];
  let renamed = 0;
  for (const site of sites) {
    const workspace = siteInMemory(join(CORPUS, site));
    const service = createLanguageService({ workspace, folders: () => [ROOT] });
    // The unchanged site's check, shared with the other corpus suites (the same site read from the disk).
    const before = anchorFindings(await baselineCheck(join(CORPUS, site)));
    const pages = (await service.listDiagnosedFiles(ROOT, NOT_CANCELLED)).filter(
      (uri) => /\.mdx?$/.test(uri) && !uri.includes('/snippets/'),
    );
    const step = Math.max(1, Math.floor(pages.length / PAGES_PER_SITE));
    const done: string[] = [];
    for (let at = 0; at < pages.length && done.length < PAGES_PER_SITE; at += step) {
      const uri = pages[at];
      const text = workspace.files.get(uri) ?? '';
      const line = text.split('\n').findIndex((candidate) => /^#{2,3} \w/.test(candidate));
      if (line < 0) continue;
      const position = { line, character: 4 };
      const prepared = await service.prepareRename(uri, position, NOT_CANCELLED);
      if (!prepared) continue;
      const edit = await service.rename(uri, position, `${prepared.placeholder} and more`, NOT_CANCELLED);
      for (const [file, edits] of Object.entries(edit?.changes ?? {})) {
        const old = workspace.files.get(file) ?? '';
        workspace.set(file.slice(ROOT.length + 1), TextDocument.applyEdits(TextDocument.create(file, 'mdx', 1, old), edits));
        service.didChange(file, 'changed');
      }
      done.push(`${uri.slice(ROOT.length + 1)}:${line + 1}`);
      renamed++;
    }
    const after = anchorFindings(
      (await createLanguageService({ workspace, folders: () => [ROOT] }).checkSite(ROOT, { token: NOT_CANCELLED })).diagnostics,
    );
    if (after > before) worse.push(`${site} (${done.join(', ')}): link findings ${before} -> ${after}`);
  }
  assert.deepEqual(worse, []);
  assert.ok(renamed > 0 || sites.length < 20, 'no heading was renamed');
});
