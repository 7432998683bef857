import { parsePageDocument, type PageDocument } from '../documents/pageDocument';
import { resolveImport } from '../mdx/importPath';

/** Snippets that show snippets are followed this deep. */
const DEPTH = 3;
/** A page takes at most this much snippet text: the index crosses to the editor, and a snippet shown in every page is in each. */
const MAX_SHOWN = 200_000;

/** Text a page shows at `offset` (where it uses a snippet), though the page's own file does not hold it. */
export interface ShownText {
  offset: number;
  text: string;
}

/**
 * The text of the MDX snippets a page shows, for finding where an answer belongs: many pages are
 * mostly snippets (`import Install from '/snippets/install.mdx'`, then `<Install />`), and a reader
 * sees their text as the page's. Each snippet the page imports by default and uses as an element
 * gives its body (front matter left out), with the snippets it shows in turn; each file is read once
 * per index, a snippet shown twice in a page counts once, a snippet that shows itself, however
 * indirectly, is not followed round, and a page takes at most {@link MAX_SHOWN} characters of them.
 */
export class SnippetTexts {
  private readonly texts = new Map<string, Promise<string | undefined>>();
  private readonly following = new Set<string>();

  /** `read`: a file's text by its path relative to the docs root (undefined when there is none). */
  constructor(private readonly read: (relative: string) => Promise<string | undefined>) {}

  /** What the snippets a page shows add to it, each where it is shown. `file`: the page, relative to the docs root. */
  async shownIn(document: PageDocument, file: string, depth = 0): Promise<ShownText[]> {
    const body = document.body();
    const snippets = new Map<string, string>();
    for (const item of body.imports) {
      if (!/\.mdx?$/i.test(item.source)) continue;
      const relative = resolveImport(item.source, file);
      if (relative === undefined) continue;
      for (const name of item.names) if (name.imported === 'default') snippets.set(name.local, relative);
    }
    if (snippets.size === 0) return [];
    const shown: ShownText[] = [];
    // A snippet shown twice in a page says nothing new the second time.
    const taken = new Set<string>();
    let length = 0;
    for (const element of body.elements) {
      const relative = snippets.get(element.name);
      if (relative === undefined || taken.has(relative) || this.following.has(relative)) continue;
      taken.add(relative);
      const text = await this.textOf(relative, depth);
      if (!text || length + text.length > MAX_SHOWN) continue;
      length += text.length;
      shown.push({ offset: element.offset, text });
    }
    return shown;
  }

  private textOf(relative: string, depth: number): Promise<string | undefined> {
    let text = this.texts.get(relative);
    if (!text) this.texts.set(relative, (text = this.load(relative, depth)));
    return text;
  }

  private async load(relative: string, depth: number): Promise<string | undefined> {
    const text = await this.read(relative);
    if (text === undefined) return undefined;
    const document = parsePageDocument(relative, text);
    const own = text.slice(document.frontMatter.bodyOffset);
    if (depth + 1 >= DEPTH) return own;
    this.following.add(relative);
    try {
      const nested = await this.shownIn(document, relative, depth + 1);
      return [own, ...nested.map((shown) => shown.text)].join('\n');
    } finally {
      this.following.delete(relative);
    }
  }
}
