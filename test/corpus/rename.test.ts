import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { CORPUS, CORPUS_LABEL, corpusSites, MEMORY_ROOT as ROOT, siteInMemory } from '../helpers/corpus';
import { createLanguageService, NOT_CANCELLED } from '../../server/src/service';
import { baselineCheck } from '../helpers/corpusBaseline';

/**
 * Renaming or moving a page, or renaming its folder, in the editor rewrites what names it: navigation
 * entries, links in pages and snippets, the destinations of redirects, and (when the author agrees)
 * adds redirects from the old paths. Done on a page of every corpus site, it may add no broken link,
 * entry or redirect. Each site takes one of the three kinds in turn; the page is the one in the middle
 * of the site's files.
 */
const sites = corpusSites();
console.log(`# rename suite: ${sites.length} sites of ${CORPUS_LABEL}`);
const WATCHED = new Set([
  'links/page-not-found',
  'links/file-not-found',
  'links/anchor-not-found',
  'nav/page-not-found',
  'redirects/destination-not-found',
]);

/**
 * Broken links, entries and redirects per code. A relative link in a snippet is read from each page
 * that shows it: a page moved to another folder makes it name something else, which no edit of the
 * snippet could keep right for every page (such a finding says so, and is left out).
 */
function counts(diagnostics: ReadonlyMap<string, Diagnostic[]>): Map<string, number> {
  const found = new Map<string, number>();
  for (const list of diagnostics.values())
    for (const { code, severity, message } of list)
      if (severity !== DiagnosticSeverity.Information && WATCHED.has(String(code)) && !message.includes('pages that show this snippet'))
        found.set(String(code), (found.get(String(code)) ?? 0) + 1);
  return found;
}

test('renaming a page, moving it, or renaming its folder, on every corpus site, breaks nothing', async (t) => {
  if (sites.length === 0) return t.skip('NOT RUN: no corpus');
  const worse: string[] = [];
  let edited = 0;
  for (const [index, site] of sites.entries()) {
    const workspace = siteInMemory(join(CORPUS, site));
    const service = createLanguageService({ workspace, folders: () => [ROOT] });
    // The unchanged site's check, shared with the other corpus suites (the same site read from the disk).
    const before = counts(await baselineCheck(join(CORPUS, site)));
    const pages = (await service.listDiagnosedFiles(ROOT, NOT_CANCELLED)).filter(
      (uri) => uri.endsWith('.mdx') && !uri.includes('/snippets/'),
    );
    if (pages.length === 0) continue;
    const page = pages[Math.floor(pages.length / 2)].slice(ROOT.length + 1);
    const folder = page.includes('/') ? page.slice(0, page.lastIndexOf('/')) : '';
    const kind = (['file', 'move', 'folder'] as const)[folder === '' ? index % 2 : index % 3];
    // Moved into a folder beside the page's, inside its top folder (which a .mintignore may be all that allows).
    const top = page.split('/').length > 1 ? `${page.split('/')[0]}/` : '';
    const [from, to] =
      kind === 'file'
        ? [page, page.replace(/\.mdx$/, '-renamed.mdx')]
        : kind === 'move'
          ? [page, `${top}relocated/${page.split('/').pop()}`]
          : [folder, `${folder}-renamed`];
    const plan = await service.planRename([{ oldUri: `${ROOT}/${from}`, newUri: `${ROOT}/${to}` }], NOT_CANCELLED);
    const changes = { ...plan.edit.changes };
    if (plan.moved.length) {
      const { uri, edits } = await service.redirectEdits(ROOT, plan.moved, NOT_CANCELLED);
      changes[uri] = [...(changes[uri] ?? []), ...edits];
    }
    for (const [uri, edits] of Object.entries(changes)) {
      const text = workspace.files.get(uri) ?? '';
      workspace.set(uri.slice(ROOT.length + 1), TextDocument.applyEdits(TextDocument.create(uri, 'mdx', 1, text), edits));
      edited += edits.length;
    }
    for (const uri of [...workspace.files.keys()]) {
      const relative = uri.slice(ROOT.length + 1);
      const moved = relative === from ? to : relative.startsWith(`${from}/`) ? to + relative.slice(from.length) : undefined;
      if (moved === undefined) continue;
      workspace.set(moved, workspace.files.get(uri)!);
      workspace.delete(relative);
    }
    const after = counts(
      (await createLanguageService({ workspace, folders: () => [ROOT] }).checkSite(ROOT, { token: NOT_CANCELLED })).diagnostics,
    );
    for (const [code, count] of after)
      if (count > (before.get(code) ?? 0)) worse.push(`${site} (${kind} ${from} -> ${to}): ${code} ${before.get(code) ?? 0} -> ${count}`);
  }
  assert.deepEqual(worse, []);
  assert.ok(edited > 0 || sites.length < 20, 'no rename edited anything');
});
