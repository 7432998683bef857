import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createScanner } from 'jsonc-parser';
import type { TextDocumentEdit } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';
import type { NavigationNode } from '../../server/src/service/docsJson/navigation';
import type { NavigationEdit } from '../../server/src/service';
import { corpusSites, CORPUS } from '../helpers/corpus';
import { memorySite } from '../helpers/memorySite';
import { ROOT, type MemoryWorkspace } from '../helpers/memoryWorkspace';
import { oracleUnavailable, platformValidation } from '../helpers/oracle';
import { applyWorkspaceEdit } from '../helpers/workspaceEdit';

/**
 * Edits of the navigation are safe (issue 62), a property over every corpus site: random moves (of
 * pages and groups, to the end of another list), additions of orphans, removals and group renames,
 * made through the service one after the other. After each one it accepts: the platform's validator
 * accepts the configuration (its `$ref`s resolved by the platform's resolver); the navigation read
 * again is the intended one (the tree before, with the node moved, added, removed or renamed); the
 * JSON tokens of each edited file are those before but for the entry the edit is about (nothing else
 * rewritten), and nothing else of the configuration changed. Refusals are counted, with their reasons.
 */
const unavailable = oracleUnavailable();
const sites = corpusSites();
const tally = { accepted: new Map<string, number>(), refused: new Map<string, number>() };
after(() => {
  const show = (counts: Map<string, number>) => [...counts].map(([kind, count]) => `${kind} ${count}`).join(', ') || 'none';
  console.log(`# navigation edits on the corpus: accepted ${show(tally.accepted)}; refused ${show(tally.refused)}`);
});

/** A node's key as the view shows it, and its children's: the shape an edit must leave. */
type KeyTree = { key: string; children: KeyTree[] };
const keyTree = (node: NavigationNode): KeyTree => ({ key: `${node.kind}:${node.label}`, children: node.children.map(keyTree) });
const at = (tree: KeyTree, id: string) =>
  id
    .split('/')
    .filter(Boolean)
    .reduce((node, part) => node.children[Number(part)], tree);
const parentOf = (id: string) => id.split('/').slice(0, -1).join('/');

/** A small seeded generator, one per site, so a failure is reproduced by running the site again. */
function random(seed: string): () => number {
  let state = [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 2166136261);
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Every node of a tree with its id, depth first. */
function nodes(tree: NavigationNode, id = ''): { id: string; node: NavigationNode }[] {
  return tree.children.flatMap((child, index) => {
    const childId = id === '' ? String(index) : `${id}/${index}`;
    return [{ id: childId, node: child }, ...nodes(child, childId)];
  });
}

/** The JSON tokens of a text (whitespace and comments left out). */
function tokens(text: string): string[] {
  const scanner = createScanner(text, true);
  const found: string[] = [];
  // 17: SyntaxKind.EOF (a const enum, which an isolated module cannot read).
  for (let kind = scanner.scan(); kind !== 17; kind = scanner.scan()) found.push(scanner.getTokenValue());
  return found;
}

/** The configuration's value with `$ref`s resolved by the platform's resolver, from the files in memory. */
async function platformValue(site: MemoryWorkspace): Promise<unknown> {
  const { resolveRefs } = await platformValidation();
  const raw = JSON.parse(site.files.get(`${ROOT}/docs.json`)!);
  return (await resolveRefs(raw, async (path) => site.files.get(`${ROOT}/${path.replace(/^\.?\//, '')}`) ?? '')).resolved;
}

/** One random edit of a kind, with the tree it should leave; undefined when the site has nothing to do it to. */
function plan(kind: string, tree: NavigationNode, orphans: string[], next: () => number) {
  const all = nodes(tree);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const before = keyTree(tree);
  const movable = all.filter(
    ({ node }) => node.list && !node.page?.isRoot && (node.kind === 'page' || node.kind === 'group') && node.node.uri === node.list.uri,
  );
  const lists = (takes: string[]) =>
    all.filter(({ node }) => node.childList && takes.includes(node.childList.key) && node.childList.node.type === 'array');
  const expected = structuredClone(before);
  if (kind === 'move') {
    const source = pick(movable);
    const targets =
      source &&
      lists(source.node.kind === 'group' ? ['pages', 'groups'] : ['pages']).filter(
        ({ id }) => id !== source.id && !id.startsWith(`${source.id}/`),
      );
    const target = targets?.length ? pick(targets) : undefined;
    if (!source || !target) return undefined;
    const moved = at(expected, source.id);
    const from = at(expected, parentOf(source.id));
    const into = at(expected, target.id);
    from.children.splice(from.children.indexOf(moved), 1);
    into.children.push(moved);
    return { edit: { kind: 'move', id: source.id, parent: target.id } as NavigationEdit, expected, entry: source.node.node };
  }
  if (kind === 'add') {
    const pageId = pick(orphans);
    const target = pageId === undefined ? undefined : pick(lists(['pages']));
    if (!pageId || !target) return undefined;
    at(expected, target.id).children.push({ key: `page:${pageId}`, children: [] });
    return { edit: { kind: 'add', pageId, parent: target.id } as NavigationEdit, expected };
  }
  if (kind === 'remove') {
    const source = pick(movable);
    if (!source) return undefined;
    const from = at(expected, parentOf(source.id));
    from.children.splice(from.children.indexOf(at(expected, source.id)), 1);
    return { edit: { kind: 'remove', id: source.id } as NavigationEdit, expected, entry: source.node.node };
  }
  const group = pick(all.filter(({ node }) => node.kind === 'group' && node.label));
  if (!group) return undefined;
  at(expected, group.id).key = `group:${group.node.label} (renamed)`;
  return { edit: { kind: 'renameGroup', id: group.id, name: `${group.node.label} (renamed)` } as NavigationEdit, expected };
}

if (unavailable || sites.length === 0) {
  test('navigation edits are safe on the corpus', (t) => t.skip(`NOT RUN: ${unavailable ?? `no corpus at ${CORPUS}`}`));
} else {
  for (const name of sites) {
    test(`navigation edits keep the platform's validator content and touch only their entries: ${name}`, async () => {
      const site = memorySite(join(CORPUS, name));
      const next = random(name);
      for (const kind of ['move', 'add', 'remove', 'renameGroup']) {
        const service = createLanguageService({ workspace: site });
        const state = await service.getSiteState(ROOT, NOT_CANCELLED);
        if (!state.context || state.configBroken || !(await platformValidation()).validateDocsConfig(await platformValue(site)).success)
          return;
        const orphans = (await service.getNavigationLevel(ROOT, { parent: 'orphans' }, NOT_CANCELLED)).items.map((item) => item.pageId!);
        const planned = plan(kind, state.context.navigationTree(), orphans, next);
        if (!planned) continue;
        const answer = await service.getNavigationEdit(ROOT, planned.edit, NOT_CANCELLED);
        if ('refused' in answer) {
          const reason = `${kind}: ${answer.refused.replace(/"[^"]*"/g, '"…"').slice(0, 60)}`;
          tally.refused.set(reason, (tally.refused.get(reason) ?? 0) + 1);
          continue;
        }
        tally.accepted.set(kind, (tally.accepted.get(kind) ?? 0) + 1);
        const before = new Map(site.files);
        applyWorkspaceEdit(site, answer.edit);
        const what = `${kind} ${JSON.stringify(planned.edit)} on ${name}`;
        // The platform takes it.
        const verdict = (await platformValidation()).validateDocsConfig(await platformValue(site));
        assert.ok(
          verdict.success,
          `the platform's validator rejects docs.json after ${what}: ${JSON.stringify(verdict.error?.issues.slice(0, 2))}`,
        );
        // The navigation is the intended one.
        const after = await createLanguageService({ workspace: site }).getSiteState(ROOT, NOT_CANCELLED);
        assert.deepEqual(keyTree(after.context!.navigationTree()), planned.expected, `the navigation after ${what}`);
        // Each edited file's tokens are those before, but for the entry (and its comma) the edit is about.
        const edited = (answer.edit.documentChanges ?? []).flatMap((change) => (change as TextDocumentEdit).textDocument?.uri ?? []);
        for (const uri of edited) {
          const old = tokens(before.get(uri)!);
          const now = tokens(site.files.get(uri)!);
          const entry: string[] = planned.entry
            ? tokens(before.get(planned.entry.uri)!.slice(planned.entry.offset, planned.entry.offset + planned.entry.length))
            : [];
          const counted = (list: string[]) => list.filter((token) => token !== ',' && token !== '').sort();
          if (kind === 'renameGroup') assert.equal(now.length, old.length, `${what}: the tokens of ${uri}`);
          else if (planned.edit.kind === 'add')
            assert.deepEqual(counted(now), counted([...old, planned.edit.pageId]), `${what}: the tokens of ${uri}`);
          else if (kind === 'remove') assert.deepEqual(counted(now), counted(removeOnce(old, entry)), `${what}: the tokens of ${uri}`);
          else if (edited.length === 1) assert.deepEqual(counted(now), counted(old), `${what}: the tokens of ${uri}`);
          // Moved from one file (a `$ref` file) to another: it leaves the one, and comes into the other.
          else if (uri === planned.entry!.uri)
            assert.deepEqual(counted(now), counted(removeOnce(old, entry)), `${what}: the tokens of ${uri}`);
          else assert.deepEqual(counted(now), counted([...old, ...entry]), `${what}: the tokens of ${uri}`);
        }
      }
    });
  }
}

/** `list` without one occurrence of the run `part` (the removed entry's tokens). */
function removeOnce(list: string[], part: string[]): string[] {
  for (let start = 0; start + part.length <= list.length; start++)
    if (part.every((token, index) => list[start + index] === token)) return [...list.slice(0, start), ...list.slice(start + part.length)];
  return list;
}
