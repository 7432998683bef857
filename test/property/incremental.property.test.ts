import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import type { Diagnostic } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';
import { parseJson, type JsonNode } from '../../server/src/service/json/jsonTree';
import { updateForPageEntryEdit } from '../../server/src/service/session/incremental/pageEntryEdit';
import { SpecStore } from '../../server/src/service/openapi/specStore';
import { loadSiteState, type SiteState } from '../../server/src/service/session/siteState';
import { corpusSites, CORPUS } from '../helpers/corpus';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/**
 * An edit of one navigation page entry is applied to the previous state instead of loading the site
 * again (updateForPageEntryEdit). After every edit of a random sequence, on real sites, the state must
 * be the one a full load of the new text gives: the same diagnostics of docs.json, the same listed
 * pages, the same navigation entries and plain value.
 */
const RUNS = Number(process.env.DOCSMITH_PROPERTY_RUNS ?? 150);
const DOCS_JSON = `${ROOT}/docs.json`;

/** A real site's files (names only: the configuration state reads no page text) and its docs.json. */
function siteFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(dir, path).split('\\').join('/')] = /\.(?:json|ya?ml)$/.test(entry.name) ? readFileSync(path, 'utf8') : '';
    }
  };
  walk(dir);
  return files;
}

const SITES = corpusSites()
  .map((name) => join(CORPUS, name))
  .filter((dir) => !readFileSync(join(dir, 'docs.json'), 'utf8').includes('"$ref"'))
  .slice(0, 16);
const SITE_SOURCES = SITES.length ? SITES : [resolve(__dirname, '../../examples/site')];
if (!SITES.length) console.log(`# the corpus is absent (${CORPUS}): the incremental property runs on examples/site only`);

/** The string nodes of `pages` arrays and `root` values, where a page entry edit happens (with the array of the first). */
function pageEntryNodes(text: string): { node: JsonNode; array?: JsonNode }[] {
  const found: { node: JsonNode; array?: JsonNode }[] = [];
  const visit = (node: JsonNode | undefined, key: string | undefined, array?: JsonNode) => {
    if (!node) return;
    if (node.type === 'string' && (key === 'pages' || key === 'root')) found.push({ node, array: key === 'pages' ? array : undefined });
    if (node.type === 'object')
      for (const property of node.children ?? []) visit(property.children?.[1], String(property.children?.[0].value));
    if (node.type === 'array') for (const item of node.children ?? []) visit(item, key, node);
  };
  visit(parseJson(DOCS_JSON, text).root, undefined);
  return found;
}

/** Characters typed into an entry: page-like ones, an escape, and ones that make it no page (a space). */
const typed = fc.constantFrom('a', 'x', '-', '/', '.mdx', '/index', '\\"', 'é', ' ', 'GET /x', '../');
/** What a page entry added to a list holds: an existing page (a duplicate), a missing one, odd forms, an operation. */
const added = fc.constantFrom('index', 'new-page', '/index', 'index.mdx', 'GET /users', '', '../out', 'guides/x');
/** How it is written beside the others: on the same line, or a line of its own. */
const separator = fc.constantFrom(', ', ',', ',\n        ', ' ,\n');
const editArbitrary = fc.oneof(
  fc.record({ entry: fc.nat(), at: fc.nat(), remove: fc.nat(6), insert: fc.array(typed, { maxLength: 3 }) }),
  fc.record({ entry: fc.nat(), add: added, separator, before: fc.boolean() }),
  fc.record({ entry: fc.nat(), drop: fc.constant(true) }),
);
type Edit = { entry: number } & (
  { at: number; remove: number; insert: string[] } | { add: string; separator: string; before: boolean } | { drop: true }
);

/** The text with one edit of the chosen page entry: typed inside its quotes, a new entry beside it, or the entry taken out. */
function editEntry(text: string, edit: Edit): string | undefined {
  const nodes = pageEntryNodes(text);
  if (!nodes.length) return undefined;
  const { node, array } = nodes[edit.entry % nodes.length];
  if ('add' in edit) {
    if (!array) return undefined;
    const literal = JSON.stringify(edit.add);
    const end = node.offset + node.length;
    return edit.before
      ? text.slice(0, node.offset) + literal + edit.separator + text.slice(node.offset)
      : text.slice(0, end) + edit.separator + literal + text.slice(end);
  }
  if ('drop' in edit) {
    if (!array) return undefined;
    const siblings = array.children ?? [];
    const index = siblings.indexOf(node);
    // With the comma before it, or after it when it is the first.
    const from = index > 0 ? siblings[index - 1].offset + siblings[index - 1].length : node.offset;
    const to = index > 0 ? node.offset + node.length : (siblings[1]?.offset ?? node.offset + node.length);
    return text.slice(0, from) + text.slice(to);
  }
  const inner = node.length - 2;
  const start = node.offset + 1 + (edit.at % (inner + 1));
  const remove = Math.min(edit.remove, node.offset + 1 + inner - start);
  // Never cut an escape in half: the edit must leave a valid string.
  const edited = text.slice(0, start) + edit.insert.join('') + text.slice(start + remove);
  const literal = edited.slice(node.offset, node.offset + node.length + edit.insert.join('').length - remove);
  try {
    if (typeof JSON.parse(literal) !== 'string') return undefined;
  } catch {
    return undefined;
  }
  return edited;
}

function comparable(state: SiteState) {
  const sorted = (list: Diagnostic[] = []) =>
    list.map((d) => JSON.stringify([d.range, d.code, d.message, d.data ?? null, d.relatedInformation ?? null])).sort();
  const context = state.context!;
  return {
    diagnostics: sorted(state.configDiagnostics.get(DOCS_JSON)),
    listed: [...context.navigation.pages.map((entry) => entry.page.id)].sort().filter((id) => state.inNavigation.has(id)),
    entries: context.navigation.pages.map((entry) => [entry.value, entry.page, entry.node.offset, entry.node.length]),
    value: context.value,
    tree: shape(state.configDocuments.get(DOCS_JSON)?.root),
    lines: state.configDocuments.get(DOCS_JSON)?.lines.lineCount,
  };
}

/** Every node of a tree as type, place and value: an edit applied in place must leave the tree a parse gives. */
function shape(node: JsonNode | undefined): unknown {
  if (!node) return null;
  return [node.type, node.offset, node.length, node.value ?? null, (node.children ?? []).map(shape)];
}

test(
  'page entry edits (typed, added, removed) applied in place give what a full load gives, edit after edit',
  { timeout: 600_000 },
  async () => {
    let applied = 0;
    const kinds = new Set<string>();
    for (const dir of SITE_SOURCES) {
      const files = siteFiles(dir);
      const workspace = new MemoryWorkspace(files);
      const load = (text: string) => {
        workspace.set('docs.json', text);
        return loadSiteState(ROOT, { workspace, specs: new SpecStore(workspace), settings: {} });
      };
      await fc.assert(
        fc.asyncProperty(fc.array(editArbitrary, { minLength: 1, maxLength: 5 }), async (edits) => {
          let text = files['docs.json'];
          let state = await load(text);
          for (const edit of edits) {
            const next = editEntry(text, edit);
            if (next === undefined) continue;
            const updated = updateForPageEntryEdit(state, next);
            const fresh = await load(next);
            if (updated) {
              applied++;
              kinds.add('add' in edit ? 'add' : 'drop' in edit ? 'drop' : 'type');
              assert.deepEqual(comparable(updated.state), comparable(fresh), `${dir}: ${JSON.stringify(edit)}`);
              assert.equal(updated.document.text, next);
              state = updated.state;
            } else state = fresh;
            text = next;
          }
        }),
        { numRuns: Math.max(10, Math.round(RUNS / 5)) },
      );
    }
    assert.ok(applied > 0, 'no edit took the incremental path');
    assert.deepEqual([...kinds].sort(), ['add', 'drop', 'type'], 'typing, adding and removing entries all took the incremental path');
  },
);

test('the service applies a page entry edit to the state it has, and a structural edit loads again', async () => {
  const text = JSON.stringify(
    { theme: 'mint', name: 'x', colors: { primary: '#000000' }, navigation: { pages: ['intro', 'guide'] } },
    null,
    2,
  );
  const workspace = new MemoryWorkspace({ 'docs.json': text, 'intro.mdx': '# I', 'guide.mdx': '# G' });
  const service = createLanguageService({ workspace });
  const before = await service.getSiteState(ROOT, NOT_CANCELLED);
  const root = before.configDocuments.get(DOCS_JSON)!.root;

  workspace.set('docs.json', text.replace('"guide"', '"guidex"'));
  service.didChange(DOCS_JSON, 'changed');
  const edited = await service.getSiteState(ROOT, NOT_CANCELLED);
  assert.equal(edited.configDocuments.get(DOCS_JSON)!.root, root, 'the tree was patched, not parsed again');
  assert.deepEqual(
    (await service.getDiagnostics(DOCS_JSON, NOT_CANCELLED))!.map((d) => d.code),
    ['nav/page-not-found'],
  );
  assert.deepEqual(
    (await service.getDiagnostics(`${ROOT}/guide.mdx`, NOT_CANCELLED))!.map((d) => d.code),
    ['nav/orphan-page'],
  );

  workspace.set('docs.json', text.replace('"guide"', '"guidex", "intro"'));
  service.didChange(DOCS_JSON, 'changed');
  const added = await service.getSiteState(ROOT, NOT_CANCELLED);
  assert.equal(added.configDocuments.get(DOCS_JSON)!.root, root, 'an entry added to a list: patched, not parsed again');
  assert.deepEqual((await service.getDiagnostics(DOCS_JSON, NOT_CANCELLED))!.map((d) => d.code).sort(), [
    'nav/duplicate-page',
    'nav/page-not-found',
  ]);

  workspace.set('docs.json', text.replace('"intro",\n      "guide"', '"intro",\n      "intro"'));
  service.didChange(DOCS_JSON, 'changed');
  const removed = await service.getSiteState(ROOT, NOT_CANCELLED);
  assert.equal(removed.configDocuments.get(DOCS_JSON)!.root, root, 'an entry removed from a list: patched, not parsed again');
  assert.deepEqual(
    (await service.getDiagnostics(DOCS_JSON, NOT_CANCELLED))!.map((d) => d.code),
    ['nav/duplicate-page'],
  );

  workspace.set('docs.json', text.replace('"guide"', '"guide", { "group": "G", "pages": ["intro"] }'));
  service.didChange(DOCS_JSON, 'changed');
  const structural = await service.getSiteState(ROOT, NOT_CANCELLED);
  assert.notEqual(structural.configDocuments.get(DOCS_JSON)!.root, root, 'a new group: parsed again');
  assert.deepEqual(
    (await service.getDiagnostics(DOCS_JSON, NOT_CANCELLED))!.map((d) => d.code),
    ['nav/duplicate-page'],
  );

  workspace.set('intro.mdx', '# changed');
  service.didChange(`${ROOT}/intro.mdx`, 'changed');
  workspace.set('spec.json', '{}');
  service.didChange(`${ROOT}/spec.json`, 'created');
  workspace.set('docs.json', text.replace('"guide"', '"guide", { "group": "H", "pages": ["introx"] }'));
  service.didChange(DOCS_JSON, 'changed');
  const afterCreate = await service.getSiteState(ROOT, NOT_CANCELLED);
  assert.notEqual(afterCreate.configDocuments.get(DOCS_JSON)!.root, structural.configDocuments.get(DOCS_JSON)!.root);
});

test('an unchanged text, a key, a number, a quote typed: not a page entry edit', async () => {
  const text = JSON.stringify({ name: 'x', navigation: { pages: ['intro'] }, n: 1 });
  const workspace = new MemoryWorkspace({ 'docs.json': text, 'intro.mdx': '' });
  const state = await loadSiteState(ROOT, { workspace, specs: new SpecStore(workspace), settings: {} });
  for (const next of [
    text,
    text.replace('"name"', '"namex"'),
    text.replace('1}', '12}'),
    text.replace('"intro"', '"in"tro"'),
    text.replace('"x"', '"y"'),
  ])
    assert.equal(updateForPageEntryEdit(state, next), undefined, next);
});

test('an entry added before a schema problem of its list loads again: the problem names its place by index', async () => {
  // Found by the property above on a real site: `pages[1] must not be empty` stayed `pages[1]` after an
  // entry was added before it, where a full load says `pages[2]`.
  const text = JSON.stringify({ theme: 'mint', name: 'x', colors: { primary: '#000000' }, navigation: { pages: ['intro', ''] } }, null, 2);
  const workspace = new MemoryWorkspace({ 'docs.json': text, 'intro.mdx': '# I', 'guide.mdx': '# G' });
  const state = await loadSiteState(ROOT, { workspace, specs: new SpecStore(workspace), settings: {} });
  const edited = text.replace('"intro",', '"intro", "guide",');
  assert.equal(updateForPageEntryEdit(state, edited), undefined, 'not applied in place');
  const service = createLanguageService({ workspace });
  await service.getDiagnostics(DOCS_JSON, NOT_CANCELLED);
  workspace.set('docs.json', edited);
  service.didChange(DOCS_JSON, 'changed');
  const messages = ((await service.getDiagnostics(DOCS_JSON, NOT_CANCELLED)) ?? []).map((d) => d.message);
  assert.ok(
    messages.some((message) => message.includes('`navigation.pages[2]` must not be empty')),
    messages.join('\n'),
  );
  // On one line, `"intro", ""` to `"intro", "index", ""`: the changed text starts inside the quotes of `""`.
  const oneLine = text.replace(/"intro",\s+""/, '"intro", ""');
  workspace.set('docs.json', oneLine);
  const before = await loadSiteState(ROOT, { workspace, specs: new SpecStore(workspace), settings: {} });
  assert.equal(updateForPageEntryEdit(before, oneLine.replace('"intro", ""', '"intro", "index", ""')), undefined, 'not applied in place');
  workspace.set('docs.json', edited);
  // An entry added after the problem moves nothing: applied in place.
  assert.ok(
    updateForPageEntryEdit(
      await loadSiteState(ROOT, { workspace, specs: new SpecStore(workspace), settings: {} }),
      edited.replace('""', '"", "intro"'),
    ),
  );
});
