import type { AnchorIds } from '../links/linkedAnchors';
import { CompletionItemKind, type CompletionItem, type Range } from 'vscode-languageserver-types';
import catalogue from '../../../../schemas/components.json';
import type { PageDocument } from '../documents/pageDocument';
import type { PageReader } from '../documents/parsedDocuments';
import { bodyLinkPath } from '../links/linkPath';
import { snippetFiles } from '../site/siteFiles';
import type { SiteState } from '../session/siteState';
import { joinUri, relativeUri } from '../uri';

interface ComponentInfo {
  doc?: string;
  props?: Record<string, { values?: string[]; description?: string }>;
}
const COMPONENTS = catalogue.components as Record<string, ComponentInfo>;
const MEDIA = /\.(?:png|jpe?g|gif|svg|webp|avif|ico|bmp|mp4|webm|mov)$/i;

/** What the cursor is in: a link URL (after `](`, in `href="`, `src="`), an import source, a tag name, or a tag's props. */
type BodyContext =
  | { kind: 'url'; typed: string; media: boolean }
  | { kind: 'import'; typed: string }
  | { kind: 'tag'; typed: string }
  | { kind: 'prop'; component: string; typed: string };

/** Reads the text before the cursor on its line (and the tag it is in, which may span lines). */
function contextAt(text: string, offset: number, lineStart: number): BodyContext | undefined {
  const before = text.slice(lineStart, offset);
  const markdown = /(!?)\]\(([^)\s]*)$/.exec(before);
  if (markdown) return { kind: 'url', typed: markdown[2], media: markdown[1] === '!' };
  const imported = /^\s*import\s[^'"]*\sfrom\s+["']([^"']*)$/.exec(before);
  if (imported) return { kind: 'import', typed: imported[1] };
  // Inside a tag: the last `<` before the cursor that no `>` closed (the tag may span lines).
  const open = text.lastIndexOf('<', offset - 1);
  if (open < 0 || open < offset - 2000 || text.slice(open, offset).includes('>')) return undefined;
  const inTag = text.slice(open, offset);
  const name = /^<([A-Za-z][\w.]*)?$/.exec(inTag);
  if (name) return { kind: 'tag', typed: name[1] ?? '' };
  const attribute = /^<[A-Za-z]/.test(inTag) ? /\s(href|src)=["']([^"']*)$/.exec(inTag) : null;
  if (attribute) return { kind: 'url', typed: attribute[2], media: attribute[1] === 'src' };
  const prop = /^<([A-Z][\w.]*)(?:\s+[\w-]+(?:=(?:"[^"]*"|'[^']*'|\{[^{}]*\}))?)*\s+([\w-]*)$/.exec(inTag);
  if (prop) return { kind: 'prop', component: prop[1], typed: prop[2] };
  return undefined;
}

/**
 * Completion in a page body: link targets after `](` and in `href="`/`src="` (pages, then the
 * `#anchors` of the page chosen; images and other files for `src` and `![`), snippet paths in
 * imports, component names after `<`, and the documented props of a component.
 */
export async function completeBody(document: PageDocument, offset: number, state: SiteState, read: PageReader): Promise<CompletionItem[]> {
  const lines = document.lines;
  const position = lines.positionAt(offset);
  const lineStart = lines.offsetAt({ line: position.line, character: 0 });
  const context = contextAt(document.text, offset, lineStart);
  const site = state.context;
  if (!context || !site) return [];
  const range = (typed: string): Range => ({ start: lines.positionAt(offset - typed.length), end: position });
  if (context.kind === 'tag') {
    const imported = document.body().imports.flatMap((item) => item.names.map((name) => name.local));
    return [...Object.keys(COMPONENTS).filter((name) => /^[A-Z]/.test(name)), ...imported].map((name) => ({
      label: name,
      kind: CompletionItemKind.Class,
      detail: COMPONENTS[name] ? 'platform component' : 'imported',
      textEdit: { range: range(context.typed), newText: name },
    }));
  }
  if (context.kind === 'prop') {
    const props = COMPONENTS[context.component]?.props ?? {};
    return Object.entries(props).map(([name, info]) => ({
      label: name,
      kind: CompletionItemKind.Property,
      detail: info.values ? info.values.map((value) => `"${value}"`).join(' | ') : undefined,
      documentation: info.description,
      textEdit: { range: range(context.typed), newText: name },
    }));
  }
  if (context.kind === 'import')
    return [...snippetFiles(site.files), ...[...site.files.files].filter((file) => /^snippets\/.*\.[jt]sx?$/.test(file)).sort()].map(
      (file) => ({
        label: `/${file}`,
        kind: CompletionItemKind.File,
        textEdit: { range: range(context.typed), newText: `/${file}` },
      }),
    );
  const hash = context.typed.indexOf('#');
  if (hash >= 0) return completeAnchors(document, context.typed, hash, range(context.typed.slice(hash + 1)), state, read);
  const pages = [...site.files.pages.keys()].map((id) => ({
    label: `/${id}`,
    kind: CompletionItemKind.File,
    detail: site.files.pages.get(id),
    sortText: context.media ? `1${id}` : `0${id}`,
    textEdit: { range: range(context.typed), newText: `/${id}` },
  }));
  const files = [...site.files.files]
    .filter((file) => MEDIA.test(file) && !site.files.isIgnored(file))
    .map((file) => ({
      label: `/${file}`,
      kind: CompletionItemKind.File,
      sortText: context.media ? `0${file}` : `1${file}`,
      textEdit: { range: range(context.typed), newText: `/${file}` },
    }));
  return context.media ? [...files, ...pages] : [...pages, ...files];
}

/** After `#`: the anchors of the page before it (this page when there is no path). */
async function completeAnchors(
  document: PageDocument,
  typed: string,
  hash: number,
  range: Range,
  state: SiteState,
  read: PageReader,
): Promise<CompletionItem[]> {
  const relative = relativeUri(state.rootUri, document.uri);
  if (relative === undefined || !state.links) return [];
  let anchors: AnchorIds | undefined;
  let file = relative;
  if (hash === 0) anchors = document.anchors().anchors;
  else {
    const path = bodyLinkPath(typed.slice(0, hash), relative);
    const target = path && (await state.links.resolve(path.path));
    if (target?.kind !== 'page') return [];
    file = target.file;
    anchors = (await state.links.anchorsOf(target.file))?.anchors;
  }
  if (!anchors) return [];
  const title = (file === relative ? document : await read(joinUri(state.rootUri, file)))?.frontMatter.data.title;
  return [...anchors].map((anchor) => ({
    label: `#${anchor}`,
    kind: CompletionItemKind.Reference,
    detail: typeof title === 'string' ? `${title} (${file})` : file,
    filterText: anchor,
    textEdit: { range, newText: anchor },
  }));
}
