import { pathOfChain, type Segment } from '../docsJson/jsonLocation';
import type { JsonNode } from '../docsJson/jsonTree';
import { parseOperation, type NavigationModel, type PageEntry } from '../docsJson/navigation';
import { normalisePageEntry } from '../docsJson/pageEntry';
import { duplicateKey, reportDuplicates } from '../docsJson/rules/duplicatePageRule';
import { checkPageExists } from '../docsJson/rules/pageExistsRule';
import { checkPageForm } from '../docsJson/rules/pageFormRule';
import type { ConfigDocument } from '../documents/configDocument';
import { resolvePageId } from '../siteFiles';
import { nextPageInputs, type SiteState } from '../siteState';
import { applyLeafEdit, findLeafEdit } from './leafEdit';

/**
 * The state after an edit of docs.json that only changed one navigation page entry into another page
 * entry (typing a page name, fixing a typo): the most common edit of a large docs.json, made without
 * parsing, validating or walking the navigation again. Undefined for any other edit: load again.
 *
 * Nothing else the state holds can change with such an edit:
 * - the schema's verdict: a page entry is any non-empty string, and a string stays a string;
 * - the navigation's shape: neither value reads as an operation (`GET /x`), so the entry stays a page;
 * - the operation, spec, authentication and integration rules read no page entry.
 * So only the entry's own checks (its form, its file), the duplicates of its old and new page, and
 * the set of listed pages are done again; of the pages, only the old and the new one are checked
 * again (their orphan and title rules read the listed pages), as the new state's pageInputs say. The tree is patched in place, and `state` is used up: the
 * caller keeps the returned state instead (a test checks the result equals a full load, edit by edit).
 */
export function updateForPageEntryEdit(state: SiteState, text: string): { state: SiteState; document: ConfigDocument } | undefined {
  const context = state.context;
  const document = state.configDocuments.get(state.docsJsonUri);
  if (!context || !document || state.configBroken || state.configFiles.length !== 1) return undefined;
  const edit = findLeafEdit(document, text);
  if (!edit) return undefined;
  const entry = entryOfNode(context.navigation, edit.leaf);
  if (!entry || !isPageValue(edit.oldValue, entry.isRoot) || !isPageValue(edit.newValue, entry.isRoot)) return undefined;

  const page = normalisePageEntry(edit.newValue);
  const listed = (id: string) => resolvePageId(context.files.pages, id) ?? id;
  // The only pages whose checks read something this edit changes: whether navigation lists them.
  const changedPages = new Set([listed(entry.page.id), listed(page.id)]);
  state.inNavigation.replace(listed(entry.page.id), listed(page.id));
  const oldKey = duplicateKey(entry);
  applyLeafEdit(edit);
  entry.value = edit.newValue;
  entry.page = page;
  setValueAt(context.value, pathOfChain(edit.chain), edit.newValue);

  const lines = document.lines.withinLineEdit(text, edit.window.start, edit.delta);
  const next: ConfigDocument = { uri: document.uri, text, lines, root: document.root, errors: [] };
  const { sink } = context;
  sink.sources.addLines(document.uri, lines);
  const keys = new Set([oldKey, duplicateKey(entry)].filter((key): key is string => key !== undefined));
  sink.forget(new Set<unknown>([entry, ...keys]));
  sink.edited(document.uri, edit.window.start, edit.delta);
  checkPageForm(entry, context);
  checkPageExists(entry, context);
  reportDuplicates(context, keys);
  return {
    state: {
      ...state,
      configDocuments: new Map([[document.uri, next]]),
      configDiagnostics: sink.result(),
      pageInputs: nextPageInputs(state.pageInputs, changedPages),
    },
    document: next,
  };
}

/** A value that stays a page entry wherever it is: not empty, and (except as a `root`) not an operation. */
function isPageValue(value: string, isRoot: boolean): boolean {
  return value !== '' && (isRoot || parseOperation(value) === undefined);
}

/** The page entry of each string node of the navigation (built once per navigation model). */
const entriesByNode = new WeakMap<NavigationModel, Map<JsonNode, PageEntry>>();

function entryOfNode(navigation: NavigationModel, node: JsonNode): PageEntry | undefined {
  let entries = entriesByNode.get(navigation);
  if (!entries) entriesByNode.set(navigation, (entries = new Map(navigation.pages.map((entry) => [entry.node, entry]))));
  return entries.get(node);
}

function setValueAt(root: Record<string, any>, path: Segment[], value: string): void {
  let holder: any = root;
  for (const segment of path.slice(0, -1)) holder = holder?.[segment];
  if (holder && typeof holder === 'object') holder[path[path.length - 1]] = value;
}
