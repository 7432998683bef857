import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem } from 'vscode-languageserver-types';
import { CORPUS, CORPUS_LABEL, corpusSites, MEMORY_ROOT as ROOT, siteInMemory } from '../helpers/corpus';
import { createLanguageService, NOT_CANCELLED } from '../../server/src/service';

/**
 * What completion offers in a link is a link the check accepts: on every corpus site, the pages and
 * anchors offered after `](/` and after `#` (the anchors of six pages of the site, the home page's
 * included), each written into a page, give no link finding. One anchor rule for both.
 */
const sites = corpusSites();
console.log(`# completion suite: ${sites.length} sites of ${CORPUS_LABEL}`);
const TARGETS_PER_SITE = 6;
const ITEMS = 30;

/** `count` items of a list, evenly spaced. */
function spread<T>(list: readonly T[], count: number): T[] {
  if (list.length <= count) return [...list];
  return Array.from({ length: count }, (_, index) => list[Math.floor((index * list.length) / count)]);
}

function accept(text: string, item: CompletionItem): string {
  const edit = item.textEdit && 'range' in item.textEdit ? item.textEdit : undefined;
  assert.ok(edit, `${item.label} has a text edit`);
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'mdx', 1, text), [edit]);
}

test('every page and anchor completion offers in a link, on every corpus site, is a link the check accepts', async (t) => {
  if (sites.length === 0) return t.skip('NOT RUN: no corpus');
  const refused: string[] = [];
  let tried = 0;
  for (const site of sites) {
    const workspace = siteInMemory(join(CORPUS, site));
    const service = createLanguageService({ workspace, folders: () => [ROOT] });
    const pages = (await service.listDiagnosedFiles(ROOT, NOT_CANCELLED)).filter(
      (uri) => uri.endsWith('.mdx') && !uri.includes('snippets/'),
    );
    if (pages.length === 0) continue;
    const host = pages[0];
    const relative = host.slice(ROOT.length + 1);
    const original = workspace.files.get(host)!;
    const prefixes = [
      '/',
      ...spread(pages, TARGETS_PER_SITE).map(
        (uri) =>
          `/${uri
            .slice(ROOT.length + 1)
            .replace(/\.mdx$/, '')
            .replace(/(^|\/)index$/, '')}#`,
      ),
    ];
    for (const typed of prefixes) {
      const prefix = `${original}\n\nSee [x](${typed}`;
      workspace.set(relative, prefix);
      service.didChange(host, 'changed');
      const line = prefix.split('\n').length - 1;
      const items = (await service.doComplete(host, { line, character: prefix.split('\n')[line].length }, NOT_CANCELLED)).items;
      for (const item of spread(items, ITEMS)) {
        workspace.set(relative, `${accept(prefix, item)})\n`);
        service.didChange(host, 'changed');
        tried++;
        const found = ((await service.getDiagnostics(host, NOT_CANCELLED)) ?? []).filter(
          (d) => d.range.start.line === line && String(d.code).startsWith('links/') && d.code !== 'links/anchor-unchecked',
        );
        for (const finding of found) refused.push(`${site}: ${typed} ${item.label}: ${finding.code} ${finding.message}`);
      }
    }
    workspace.set(relative, original);
  }
  assert.deepEqual(refused, []);
  assert.ok(tried > 0 || sites.length < 20, 'completion offered nothing');
});
