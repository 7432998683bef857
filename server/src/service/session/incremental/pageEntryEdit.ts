import { pathOfChain, type Segment } from '../../docsJson/jsonLocation';
import type { JsonNode } from '../../json/jsonTree';
import { parseOperation, type NavigationModel, type PageEntry } from '../../docsJson/navigation';
import { normalisePageEntry } from '../../docsJson/pageEntry';
import { duplicateKey } from '../../configRules/duplicatePageRule';
import { pageEntryRechecks } from '../../configRules/registry';
import type { ConfigDocument } from '../../docsJson/configDocument';
import { LineTable } from '../../text/lineTable';
import type { SiteContext } from '../../configRules/siteContext';
import { resolvePageId } from '../../site/siteFiles';
import { nextPageInputs, type SiteState } from '../siteState';
import { applyLeafEdit, findLeafEdit, type TextWindow } from './leafEdit';
import { applyListEdit, findListEdit } from './listEdit';

/** An edit of the navigation's page entries, found and ready to apply. */
interface EntryEdit {
  window: TextWindow;
  /** Entries whose findings are taken back: the edited or removed one. */
  forgotten: PageEntry[];
  /** Entries checked again after the edit: the edited or added one. */
  checked: () => PageEntry[];
  /** The duplicate keys the edit touched (old and new). */
  keys: () => Set<string>;
  /** The listed page ids before and after (a page whose listing changes is checked again). */
  pages: () => Set<string>;
  /** Changes the tree, the navigation model, the plain value and the listed pages. */
  apply(): void;
}

/**
 * The state after an edit of docs.json that only changed the navigation's page entries: one entry
 * turned into another (typing a page name, fixing a typo), or one added to or removed from a `pages`
 * array (a page listed or unlisted). These are the common edits of a large docs.json, made without
 * parsing, validating or walking the navigation again. Undefined for any other edit: load again.
 *
 * Nothing else the state holds can change with such an edit:
 * - the schema's verdict: a page entry is any non-empty string, and a `pages` array takes any number;
 * - the navigation's shape: no value read as an operation (`GET /x`), so every entry stays a page;
 * - the rules that do not read page entries (the registry says which do) keep their findings;
 *   those that do are run again for the entries and duplicate keys the edit touched.
 * Of the pages, only those whose listing changed are checked again (their orphan and title rules read
 * the listed pages), as the new state's pageInputs say. The tree is patched in place, and `state` is
 * used up: the caller keeps the returned state instead (a test checks that the result equals a full
 * load, edit by edit).
 */
export function updateForPageEntryEdit(state: SiteState, text: string): { state: SiteState; document: ConfigDocument } | undefined {
  const context = state.context;
  const document = state.configDocuments.get(state.docsJsonUri);
  // While an entry is being typed, the verdict depends on where the last edit was: load again.
  if (!context || !document || state.configBroken || state.configFiles.length !== 1 || context.typing) return undefined;
  const recheck = pageEntryRechecks();
  const edit = recheck && (leafEntryEdit(state, context, document, text) ?? listEntryEdit(state, context, document, text));
  if (!recheck || !edit) return undefined;

  const keys = edit.keys();
  const pages = edit.pages();
  const { sink } = context;
  sink.forget(new Set<unknown>([...edit.forgotten, ...keys]));
  edit.apply();
  const keysAfter = new Set([...keys, ...edit.keys()]);
  const pagesAfter = new Set([...pages, ...edit.pages()]);

  const { window } = edit;
  const delta = window.newEnd - window.oldEnd;
  const oneLine =
    !document.text.slice(window.start, window.oldEnd).includes('\n') && !text.slice(window.start, window.newEnd).includes('\n');
  const lines = oneLine ? document.lines.withinLineEdit(text, window.start, delta) : new LineTable(text);
  const next: ConfigDocument = { uri: document.uri, text, lines, root: document.root, errors: [] };
  sink.sources.addLines(document.uri, lines);
  sink.forget(keysAfter);
  sink.edited(document.uri, window.start, delta);
  recheck(context, { entries: edit.checked(), keys: keysAfter });
  return {
    state: {
      ...state,
      configDocuments: new Map([[document.uri, next]]),
      configDiagnostics: sink.result(),
      pageInputs: nextPageInputs(state.pageInputs, pagesAfter),
    },
    document: next,
  };
}

/** One entry's text changed, and it is still a page entry. */
function leafEntryEdit(state: SiteState, context: SiteContext, document: ConfigDocument, text: string): EntryEdit | undefined {
  const edit = findLeafEdit(document, text);
  if (!edit) return undefined;
  const entry = entriesOf(context.navigation).get(edit.leaf);
  if (!entry || !isPageValue(edit.oldValue, entry.isRoot) || !isPageValue(edit.newValue, entry.isRoot)) return undefined;
  const listed = (entry: PageEntry) => resolvePageId(context.files.pages, entry.page.id) ?? entry.page.id;
  return {
    window: edit.window,
    forgotten: [entry],
    checked: () => [entry],
    keys: () => keysOf([entry]),
    pages: () => new Set([listed(entry)]),
    apply() {
      const page = normalisePageEntry(edit.newValue);
      state.inNavigation.replace(listed(entry), resolvePageId(context.files.pages, page.id) ?? page.id);
      applyLeafEdit(edit);
      entry.value = edit.newValue;
      entry.page = page;
      setValueAt(context.value, pathOfChain(edit.chain), (holder, key) => (holder[key] = edit.newValue));
    },
  };
}

/** A page entry added to a `pages` array that lists pages already, or one taken out of it. */
function listEntryEdit(state: SiteState, context: SiteContext, document: ConfigDocument, text: string): EntryEdit | undefined {
  const edit = findListEdit(document, text);
  if (!edit) return undefined;
  // The items from the edit's index on change their index: a problem reported there naming its place
  // by index (`pages[2] must not be empty`) would be stale, so the site is loaded again. From the item,
  // not from the changed text: `"a", ""` to `"a", "b", ""` changes the text inside the quotes of `""`.
  const { array } = edit;
  const end = array.offset + array.length;
  const from = Math.min(edit.window.start, array.children?.[edit.index]?.offset ?? end);
  if (context.sink.hasFixedWithin(array.uri, from, end)) return undefined;
  const { navigation, files } = context;
  const entries = entriesOf(navigation);
  const value = edit.item.value as string;
  const listed = (entry: PageEntry) => resolvePageId(files.pages, entry.page.id) ?? entry.page.id;
  const path = pathOfChain(edit.chain);
  if (edit.kind === 'remove') {
    const entry = entries.get(edit.item);
    if (!entry || entry.isRoot || !isPageValue(value, false)) return undefined;
    return {
      window: edit.window,
      forgotten: [entry],
      checked: () => [],
      keys: () => keysOf([entry]),
      pages: () => new Set([listed(entry)]),
      apply() {
        state.inNavigation.remove(listed(entry));
        navigation.pages.splice(navigation.pages.indexOf(entry), 1);
        entries.delete(edit.item);
        applyListEdit(edit);
        setValueAt(context.value, path, (holder, key) => (holder[key] as unknown[]).splice(edit.index, 1));
      },
    };
  }
  // The new entry is listed where its neighbours are: their scope, section, version and language.
  const sibling = (edit.array.children ?? []).map((node) => entries.get(node)).find((entry) => entry && !entry.isRoot);
  if (!sibling || !isPageValue(value, false)) return undefined;
  const entry: PageEntry = {
    value,
    node: edit.item,
    page: normalisePageEntry(value),
    scope: sibling.scope,
    section: sibling.section,
    isRoot: false,
    otherVersion: sibling.otherVersion,
    ...(sibling.language === undefined ? {} : { language: sibling.language }),
  };
  return {
    window: edit.window,
    forgotten: [],
    checked: () => [entry],
    keys: () => keysOf([entry]),
    pages: () => new Set([listed(entry)]),
    apply() {
      state.inNavigation.add(listed(entry));
      applyListEdit(edit);
      navigation.pages.splice(insertionIndex(navigation.pages, edit.array, edit.item), 0, entry);
      entries.set(edit.item, entry);
      setValueAt(context.value, path, (holder, key) => (holder[key] as unknown[]).splice(edit.index, 0, value));
    },
  };
}

/**
 * Where an entry added to `array` goes in the navigation's list of entries: the entries of an array's
 * items are together and in the items' order, so before the first of them that comes after it in the
 * text, else after the last of them.
 */
function insertionIndex(pages: PageEntry[], array: JsonNode, item: JsonNode): number {
  const end = array.offset + array.length;
  let last = -1;
  for (let i = 0; i < pages.length; i++) {
    const { offset, uri } = pages[i].node;
    if (uri !== array.uri || offset <= array.offset || offset >= end) continue;
    if (offset > item.offset) return i;
    last = i;
  }
  return last + 1;
}

function keysOf(entries: PageEntry[]): Set<string> {
  return new Set(entries.map(duplicateKey).filter((key): key is string => key !== undefined));
}

/** A value that stays a page entry wherever it is: not empty, and (except as a `root`) not an operation. */
function isPageValue(value: string, isRoot: boolean): boolean {
  return value !== '' && (isRoot || parseOperation(value) === undefined);
}

/** The page entry of each string node of the navigation (built once per navigation model, kept up to date by edits). */
const entriesByNode = new WeakMap<NavigationModel, Map<JsonNode, PageEntry>>();

function entriesOf(navigation: NavigationModel): Map<JsonNode, PageEntry> {
  let entries = entriesByNode.get(navigation);
  if (!entries) entriesByNode.set(navigation, (entries = new Map(navigation.pages.map((entry) => [entry.node, entry]))));
  return entries;
}

/** Calls `change` with the object or array holding the value at `path`, and its key there. */
function setValueAt(root: Record<string, any>, path: Segment[], change: (holder: any, key: Segment) => void): void {
  let holder: any = root;
  for (const segment of path.slice(0, -1)) holder = holder?.[segment];
  if (holder && typeof holder === 'object') change(holder, path[path.length - 1]);
}
