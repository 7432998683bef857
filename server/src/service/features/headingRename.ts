import type { PageVariables } from '../mdx/variables';
import type { Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { parsePageDocument, type PageDocument } from '../documents/pageDocument';
import { bodyLinkPath, type LinkPath } from '../links/linkPath';
import { cleanHeadingId } from '../mdx/slug';
import { snippetFiles } from '../site/siteFiles';
import type { SiteState } from '../session/siteState';
import { joinUri, relativeUri } from '../uri';

/** An ATX heading's title as written (`## Rate limits` → `Rate limits`), without a custom id. */
interface HeadingTitle {
  offset: number;
  length: number;
  /** Its place among the page's headings, to find it again in the renamed text. */
  index: number;
}

/** The heading title under the cursor, when renaming it would change its anchor (no custom `{#id}`). */
function headingTitleAt(document: PageDocument, offset: number): HeadingTitle | undefined {
  const headings = document.body().headings;
  for (const [index, heading] of headings.entries()) {
    if (heading.customId !== undefined || offset < heading.offset || offset > heading.offset + heading.length) continue;
    // The title's span as the scan (or the parser) read it; a setext heading has none.
    return heading.titleSpan && { ...heading.titleSpan, index };
  }
  return undefined;
}

/** `prepareRename` on a heading: the range of its title. */
export function prepareHeadingRename(document: PageDocument, offset: number): { range: Range; placeholder: string } | undefined {
  const title = headingTitleAt(document, offset);
  if (!title) return undefined;
  const range = { start: document.lines.positionAt(title.offset), end: document.lines.positionAt(title.offset + title.length) };
  return { range, placeholder: document.text.slice(title.offset, title.offset + title.length) };
}

/**
 * Renaming a heading: its title, and every `#anchor` that links to it, on this page and in every
 * other page and snippet of the site, to the anchor the new title gets. A later heading of the same
 * title changes anchor too (`setup-2` becomes `setup` when the first "Setup" is renamed): the links to
 * it follow it. A link inside the title itself (`## Format[](#format)`) is rewritten in the new title.
 */
export async function renameHeading(
  document: PageDocument,
  offset: number,
  newTitle: string,
  state: SiteState,
  readPage: (uri: string) => Promise<PageDocument | undefined>,
): Promise<WorkspaceEdit | undefined> {
  const title = headingTitleAt(document, offset);
  const site = state.context;
  const here = relativeUri(state.rootUri, document.uri);
  if (!title || !site || here === undefined) return undefined;
  const renamedText = document.text.slice(0, title.offset) + newTitle + document.text.slice(title.offset + title.length);
  const moved = movedAnchors(
    headingAnchors(document.uri, document.text, document.variables),
    headingAnchors(document.uri, renamedText, document.variables),
  );
  const links: Record<string, { offset: number; length: number; newText: string; page: PageDocument }[]> = {};
  // Links to the heading written through escapes or docs.json's variables: no edit can rewrite them in place.
  const skipped: string[] = [];
  if (moved.size)
    for (const relative of [...site.files.pages.values(), ...snippetFiles(site.files)]) {
      const uri = joinUri(state.rootUri, relative);
      const page = uri === document.uri ? document : await readPage(uri);
      if (!page) continue;
      for (const link of page.body().links) {
        const url = link.url.trim();
        const path = bodyLinkPath(url, relative);
        const newAnchor = path?.anchor === undefined ? undefined : moved.get(cleanHeadingId(path.anchor));
        if (!path || newAnchor === undefined) continue;
        const reaches = path.samePage ? relative === here : (await pageFile(state, path)) === here;
        if (!reaches) continue;
        if (link.length !== link.url.length) {
          skipped.push(`${relative}:${page.lines.positionAt(link.offset).line + 1}`);
          continue;
        }
        const hash = link.url.indexOf('#') + 1;
        (links[uri] ??= []).push({ offset: link.offset + hash, length: link.length - hash, newText: newAnchor, page });
      }
    }
  // The title's own links are rewritten in the new title, where it kept their text: two edits may not overlap.
  let written = newTitle;
  const own = (links[document.uri] ?? []).filter(
    (edit) => edit.offset >= title.offset && edit.offset + edit.length <= title.offset + title.length,
  );
  for (const edit of own.sort((a, b) => b.offset - a.offset)) {
    const at = edit.offset - title.offset;
    if (written.slice(at, at + edit.length) === document.text.slice(edit.offset, edit.offset + edit.length))
      written = written.slice(0, at) + edit.newText + written.slice(at + edit.length);
  }
  const titleEdit = {
    range: { start: document.lines.positionAt(title.offset), end: document.lines.positionAt(title.offset + title.length) },
    newText: written,
  };
  const changes: Record<string, TextEdit[]> = { [document.uri]: [titleEdit] };
  for (const [uri, edits] of Object.entries(links))
    for (const edit of edits) {
      if (own.includes(edit)) continue;
      const range = { start: edit.page.lines.positionAt(edit.offset), end: edit.page.lines.positionAt(edit.offset + edit.length) };
      (changes[uri] ??= []).push({ range, newText: edit.newText });
    }
  return skipped.length ? withSkipped(changes, document.uri, skipped) : { changes };
}

/**
 * The rename's edit when some links could not be rewritten, said in the answer itself: the title's edit
 * carries a change annotation that names them and asks for confirmation, so the editor shows the
 * preview with that note instead of leaving those links broken without a word.
 */
function withSkipped(changes: Record<string, TextEdit[]>, titleUri: string, skipped: string[]): WorkspaceEdit {
  const id = 'docsmith.linksLeft';
  const named = skipped.slice(0, 5).join(', ') + (skipped.length > 5 ? ` and ${skipped.length - 5} more` : '');
  return {
    documentChanges: Object.entries(changes).map(([uri, edits]) => ({
      textDocument: { uri, version: null },
      edits: uri === titleUri ? edits.map((edit, index) => (index === 0 ? { ...edit, annotationId: id } : edit)) : edits,
    })),
    changeAnnotations: {
      [id]: {
        label: 'Links left as they are',
        description: `${skipped.length} link${skipped.length === 1 ? '' : 's'} to this heading ${skipped.length === 1 ? 'is' : 'are'} written through escapes or docs.json variables and cannot be rewritten: ${named}. Update ${skipped.length === 1 ? 'it' : 'them'} by hand.`,
        needsConfirmation: true,
      },
    },
  };
}

/** Each heading anchor the renamed text changes: its old anchor → its new one. */
function movedAnchors(before: (string | undefined)[], after: (string | undefined)[]): Map<string, string> {
  const moved = new Map<string, string>();
  if (before.length !== after.length) return moved;
  before.forEach((old, index) => {
    const anchor = after[index];
    if (old !== undefined && anchor !== undefined && old !== anchor) moved.set(old, anchor);
  });
  return moved;
}

async function pageFile(state: SiteState, path: LinkPath): Promise<string | undefined> {
  const target = await state.links?.resolveLink(path);
  return target?.kind === 'page' ? target.file : undefined;
}

/** The anchor the page gives each heading (repeated titles numbered: `a`, `a-2`); undefined for a custom id, which a new title does not change. */
function headingAnchors(uri: string, text: string, variables: PageVariables | undefined): (string | undefined)[] {
  const document = parsePageDocument(uri, text, variables);
  const headings = document.body().headings;
  return document.headings().map((heading, index) => (headings[index]?.customId !== undefined ? undefined : heading.anchor));
}
