import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { child, type JsonNode } from '../json/jsonTree';
import type { NavigationNode } from '../docsJson/navigation';
import { normalisePageEntry } from '../docsJson/pageEntry';
import { isSafePageId } from '../features/draftPage';
import { toTextEdits, type OffsetEdit } from '../features/jsonEdits';
import { mainFolder } from '../features/navigationGroups';
import { redirectEdits } from '../features/rename';
import type { SiteState } from '../session/siteState';
import { resolvePageId } from '../site/siteFiles';
import { joinUri } from '../uri';
import { insertItem, itemIndent, itemText, moveWithin, removeItem } from './listEdits';
import { idChain, keyOf, nodeAt, treeOf } from './navigationItems';
import type { EditedSite } from './editCheck';

/**
 * An edit of the navigation, as the Navigation view (or any LSP client) asks for it. Nodes are named
 * by their ids in the view; `parent` is where a page or group goes: a node that lists pages or groups,
 * or a page entry (the item goes right after it). `index` is the position in the parent's list
 * (default: the end).
 */
export type NavigationEdit = (
  | { kind: 'move'; id: string; parent: string; index?: number }
  | { kind: 'add'; pageId: string; parent: string; index?: number }
  | { kind: 'remove'; id: string }
  | { kind: 'renameGroup'; id: string; name: string }
  | { kind: 'newPage'; parent: string; title: string }
  | { kind: 'deletePage'; pageId: string; redirectTo?: string }
) & {
  /** The keys the view showed for the nodes it names (`id`, `parent`): the edit is refused when the navigation changed under them. */
  keys?: { id?: string; parent?: string };
};

/** The edit to apply (one undoable change), with what it does to the site; or why it is refused. */
export type PlannedEdit = { edit: WorkspaceEdit; site: EditedSite; created?: string } | { refused: string };

/** Plans an edit of the navigation as minimal text edits of the file that holds each node. */
export function planNavigationEdit(state: SiteState, request: NavigationEdit): PlannedEdit {
  const site = state.context;
  if (!site || state.configBroken) return { refused: 'docs.json cannot be read as it is (fix its syntax errors first)' };
  const plan = new EditPlan(state);
  const stale = staleNode(plan.tree, request);
  if (stale) return { refused: stale };
  switch (request.kind) {
    case 'move':
      return plan.move(request.id, request.parent, request.index);
    case 'add':
      return plan.add(request.pageId, request.parent, request.index);
    case 'remove':
      return plan.remove(request.id);
    case 'renameGroup':
      return plan.renameGroup(request.id, request.name);
    case 'newPage':
      return plan.newPage(request.parent, request.title);
    case 'deletePage':
      return plan.deletePage(request.pageId, request.redirectTo);
    default:
      return { refused: 'unknown navigation edit' };
  }
}

/** Where an item goes: a list, and the position in it. */
interface Target {
  list: JsonNode;
  index: number;
  node: NavigationNode;
  id: string;
}

class EditPlan {
  private readonly edits = new Map<string, OffsetEdit[]>();
  readonly tree: NavigationNode;

  constructor(private readonly state: SiteState) {
    this.tree = treeOf(state);
  }

  move(id: string, parentId: string, index: number | undefined): PlannedEdit {
    const node = nodeAt(this.tree, id);
    if (!node || !node.list) return { refused: 'that entry is no longer in the navigation (refresh the view)' };
    if (node.page?.isRoot) return { refused: "a group's root page is set by its `root` key: edit it in docs.json" };
    if (node.kind !== 'page' && node.kind !== 'operation' && node.kind !== 'group')
      return { refused: 'only pages and groups can be moved' };
    const target = this.target(parentId, index, node.kind === 'group' ? ['pages', 'groups'] : ['pages']);
    if ('refused' in target) return target;
    if (target.id === id || target.id.startsWith(`${id}/`)) return { refused: 'a group cannot be moved into itself' };
    const from = node.list.children!.indexOf(node.node);
    if (from < 0 || node.node.uri !== node.list.uri)
      return { refused: `that entry is written through a \`$ref\`: move it in ${node.node.uri}` };
    if (target.list === node.list) {
      const edit = moveWithin(this.text(node.list.uri), node.list, from, target.index);
      if (!edit) return { refused: 'the entry is already there' };
      this.push(node.list.uri, edit);
    } else {
      this.push(node.list.uri, removeItem(node.list, from));
      const text = itemText(this.text(node.list.uri), node.node, itemIndent(this.text(target.list.uri), target.list));
      this.push(target.list.uri, insertItem(this.text(target.list.uri), target.list, target.index, text));
    }
    return this.done();
  }

  add(pageId: string, parentId: string, index: number | undefined): PlannedEdit {
    const id = normalisePageEntry(pageId).id;
    if (!isSafePageId(id)) return { refused: `"${pageId}" is no page path inside the docs root` };
    const files = this.state.context!.files;
    if (resolvePageId(files.pages, id) === undefined) return { refused: `there is no page ${id}.mdx or ${id}.md` };
    const target = this.target(parentId, index, ['pages']);
    if ('refused' in target) return target;
    if (target.node.children.some((entry) => entry.page && entry.page.page.id === id)) return { refused: `${id} is already listed there` };
    const text = this.text(target.list.uri);
    this.push(target.list.uri, insertItem(text, target.list, target.index, JSON.stringify(id)));
    return this.done();
  }

  remove(id: string): PlannedEdit {
    const node = nodeAt(this.tree, id);
    if (!node || !node.list) return { refused: 'that entry is no longer in the navigation (refresh the view)' };
    if (node.page?.isRoot) return { refused: "a group's root page is set by its `root` key: edit it in docs.json" };
    if (node.kind !== 'page' && node.kind !== 'operation' && node.kind !== 'group')
      return { refused: 'only pages and groups can be removed here' };
    const from = node.list.children!.indexOf(node.node);
    if (from < 0 || node.node.uri !== node.list.uri)
      return { refused: `that entry is written through a \`$ref\`: remove it in ${node.node.uri}` };
    this.push(node.list.uri, removeItem(node.list, from));
    return this.done();
  }

  renameGroup(id: string, name: string): PlannedEdit {
    const node = nodeAt(this.tree, id);
    const label = node?.kind === 'group' ? child(node.node, 'group') : undefined;
    if (!node || !label) return { refused: 'that group is no longer in the navigation (refresh the view)' };
    if (name.trim() === '') return { refused: 'a group needs a name' };
    this.push(label.uri, { offset: label.offset, length: label.length, content: JSON.stringify(name.trim()) });
    return this.done();
  }

  newPage(parentId: string, title: string): PlannedEdit {
    if (title.trim() === '') return { refused: 'a page needs a title' };
    const target = this.target(parentId, undefined, ['pages']);
    if ('refused' in target) return target;
    const files = this.state.context!.files;
    const folder = mainFolder({ pages: target.list });
    const slug = slugOf(title) || 'page';
    let pageId = folder ? `${folder}/${slug}` : slug;
    for (let count = 2; files.pages.has(pageId) || files.files.has(`${pageId}.mdx`) || files.files.has(`${pageId}.md`); count++)
      pageId = `${folder ? `${folder}/` : ''}${slug}-${count}`;
    if (!isSafePageId(pageId)) return { refused: `"${pageId}" is no page path inside the docs root` };
    const uri = joinUri(this.state.rootUri, `${pageId}.mdx`);
    const content = `---\ntitle: ${JSON.stringify(title.trim())}\n---\n\n`;
    this.push(target.list.uri, insertItem(this.text(target.list.uri), target.list, target.index, JSON.stringify(pageId)));
    return this.done({ create: { uri, content, pageId, file: `${pageId}.mdx` } });
  }

  deletePage(pageId: string, redirectTo: string | undefined): PlannedEdit {
    const files = this.state.context!.files;
    const id = resolvePageId(files.pages, normalisePageEntry(pageId).id);
    if (id === undefined) return { refused: `there is no page ${pageId}` };
    const file = files.pages.get(id)!;
    // Every entry that lists the page goes with it, so no entry is left naming a missing page.
    const byList = new Map<JsonNode, number[]>();
    for (const entry of this.state.context!.navigation.pages) {
      if (resolvePageId(files.pages, entry.page.id) !== id) continue;
      if (entry.isRoot) return { refused: `${id} is a group's root page: choose another root in docs.json first` };
      const list = listHolding(this.tree, entry.node);
      if (!list) return { refused: `an entry of ${id} is written through a \`$ref\`: remove it there first` };
      byList.set(list, [...(byList.get(list) ?? []), list.children!.indexOf(entry.node)]);
    }
    for (const [list, indexes] of byList) this.push(list.uri, ...removeItems(this.text(list.uri), list, indexes));
    const redirect =
      redirectTo === undefined
        ? []
        : redirectEdits(this.state, [{ from: servedPath(id), to: servedPath(normalisePageEntry(redirectTo).id) }]);
    return this.done({ remove: { uri: joinUri(this.state.rootUri, file), pageId: id }, redirect });
  }

  /** Where an item goes in a node (its list), or after a page entry (in the page's list). */
  private target(parentId: string, index: number | undefined, keys: string[]): Target | { refused: string } {
    const node = nodeAt(this.tree, parentId);
    if (!node) return { refused: 'that place is no longer in the navigation (refresh the view)' };
    if ((node.kind === 'page' || node.kind === 'operation') && node.list) {
      const parentOfEntry = idChain(parentId).at(-2) ?? '';
      const holder = nodeAt(this.tree, parentOfEntry)!;
      return { list: node.list, index: node.list.children!.indexOf(node.node) + 1, node: holder, id: parentOfEntry };
    }
    const list = node.childList;
    if (!list || list.node.type !== 'array') return { refused: `${node.label || 'that node'} has no list of pages to put this in` };
    if (!keys.includes(list.key)) return { refused: `a ${list.key} list takes ${list.key === 'groups' ? 'groups' : list.key}, not pages` };
    const length = list.node.children?.length ?? 0;
    return { list: list.node, index: Math.max(0, Math.min(index ?? length, length)), node, id: parentId };
  }

  private text(uri: string): string {
    return this.state.configDocuments.get(uri)!.text;
  }

  private push(uri: string, ...edits: OffsetEdit[]): void {
    this.edits.set(uri, [...(this.edits.get(uri) ?? []), ...edits]);
  }

  private done(
    extra: {
      create?: { uri: string; content: string; pageId: string; file: string };
      remove?: { uri: string; pageId: string };
      redirect?: TextEdit[];
    } = {},
  ): PlannedEdit {
    const texts = new Map<string, string>();
    const documentChanges: NonNullable<WorkspaceEdit['documentChanges']> = [];
    if (extra.create) {
      documentChanges.push({ kind: 'create', uri: extra.create.uri, options: { ignoreIfExists: false } });
      const start = { line: 0, character: 0 };
      documentChanges.push({
        textDocument: { uri: extra.create.uri, version: null },
        edits: [{ range: { start, end: start }, newText: extra.create.content }],
      });
    }
    for (const [uri, edits] of this.edits) {
      const document = this.state.configDocuments.get(uri)!;
      const sorted = [...edits].sort((a, b) => b.offset - a.offset);
      let text = document.text;
      for (const edit of sorted) text = text.slice(0, edit.offset) + edit.content + text.slice(edit.offset + edit.length);
      texts.set(uri, text);
      const textEdits = toTextEdits(document.lines, edits);
      if (uri === this.state.docsJsonUri && extra.redirect?.length) textEdits.push(...extra.redirect);
      documentChanges.push({ textDocument: { uri, version: null }, edits: textEdits });
    }
    if (extra.remove) documentChanges.push({ kind: 'delete', uri: extra.remove.uri });
    return {
      edit: { documentChanges },
      site: {
        texts,
        ...(extra.create && { created: new Map([[extra.create.pageId, extra.create.file]]) }),
        ...(extra.remove && { deleted: [extra.remove.pageId] }),
      },
      ...(extra.create && { created: extra.create.uri }),
    };
  }
}

/** Why an edit names a node that is no longer the one the view showed, if it does. */
function staleNode(tree: NavigationNode, request: NavigationEdit): string | undefined {
  const named = [
    ['id' in request ? request.id : undefined, request.keys?.id],
    ['parent' in request ? request.parent : undefined, request.keys?.parent],
  ] as const;
  for (const [id, key] of named) {
    if (id === undefined || key === undefined) continue;
    const node = nodeAt(tree, id);
    if (!node || keyOf(node) !== key) return 'the navigation changed since the view showed it (the view is read again: try once more)';
  }
  return undefined;
}

/** Takes several items out of one array: one by one when none are neighbours, else the array's items written again without them. */
function removeItems(text: string, list: JsonNode, indexes: number[]): OffsetEdit[] {
  const unique = [...new Set(indexes)].sort((a, b) => a - b);
  if (unique.length === 1) return [removeItem(list, unique[0])];
  const children = list.children!;
  const kept = children.filter((_, at) => !unique.includes(at));
  if (kept.length === 0) return [{ offset: list.offset + 1, length: list.length - 2, content: '' }];
  const separator = text.slice(children[0].offset + children[0].length, children[1].offset);
  const start = children[0].offset;
  const last = children[children.length - 1];
  const content = kept.map((item) => text.slice(item.offset, item.offset + item.length)).join(separator);
  return [{ offset: start, length: last.offset + last.length - start, content }];
}

/** The list that holds an entry, when the entry is written in the list's own file. */
function listHolding(tree: NavigationNode, entry: JsonNode): JsonNode | undefined {
  const stack = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.node === entry) return node.list && node.list.uri === entry.uri ? node.list : undefined;
    stack.push(...node.children);
  }
  return undefined;
}

/** The path a page is served at (`guides/index` at `/guides`). */
function servedPath(id: string): string {
  return `/${id.replace(/(^|\/)index$/, '')}`;
}

/** A file name for a page title: lower case, letters and digits, `-` between words. */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join('-')
    .slice(0, 80);
}
