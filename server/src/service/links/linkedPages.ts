import { parsePageDocument, type PageDocument } from '../documents/pageDocument';
import type { PageAnchors } from '../mdx/anchors';
import { linkedAnchors, type LinkedAnchors } from './linkedAnchors';
import type { DocsWorkspace } from '../workspace';
import type { PageVariables } from '../mdx/variables';

/** What a page importing a snippet needs of it: the names it exports, and whether it has content to show. */
export interface SnippetFacts {
  exported: Set<string>;
  /** The snippet has more than imports and exports: a default import shows that content. */
  hasContent: boolean;
}

/** What was read of a file, and with which variables (their key). */
interface Kept<T> {
  key: string | undefined;
  value: T;
}

/** `export const X`, `export function X`, `export class X` (and `let`, `var`, `async function`) in JavaScript. */
const JS_EXPORT = /\bexport\s+(?:const|let|var|class|(?:async\s+)?function\*?)\s+([A-Za-z_$][\w$]*)/g;
const JS_EXPORT_LIST = /\bexport\s*\{([^}]*)\}/g;

/**
 * The linked pages: what the rules of one page read of other files of the site, by URI, on demand (the
 * anchors of the pages it links into, the exports of the snippets it imports), over a way to read files
 * and parse them. What it read is kept (anchors and exports only, not the text: a run over 25,000 pages
 * keeps a few MB); `remember` takes the anchors of a page parsed for another reason. A CLI run keeps
 * what it read; the editor parses through the service's one parse cache (a page open and parsed there
 * is not parsed again), and keeps the facts it derives until the file changes.
 */
export class LinkedPages {
  private readonly anchorsKept = new Map<string, Kept<Promise<LinkedAnchors | undefined>>>();
  /** Anchors of pages parsed for another reason (`remember`): kept as they are, without a promise each. */
  private readonly anchorsKnown = new Map<string, Kept<LinkedAnchors>>();
  private readonly snippetsKept = new Map<string, Kept<Promise<SnippetFacts | undefined>>>();

  constructor(
    private readonly readText: (uri: string) => Promise<string | undefined>,
    private readonly parse: (uri: string, text: string, variables?: PageVariables) => PageDocument = parsePageDocument,
  ) {}

  private async read(uri: string, variables: PageVariables | undefined): Promise<PageDocument | undefined> {
    const text = await this.readText(uri);
    if (text === undefined) return undefined;
    const document = this.parse(uri, text, variables);
    // Parsed off the calling thread where the process can; a newer version of it taking its place in
    // the parser's queue leaves it to be parsed when read (this page's findings are found again then).
    await document.prepare().catch(() => undefined);
    return document;
  }

  anchors(uri: string, variables?: PageVariables): Promise<LinkedAnchors | undefined> {
    const key = variables?.key;
    const known = this.anchorsKnown.get(uri);
    if (known && known.key === key) return Promise.resolve(known.value);
    let found = this.anchorsKept.get(uri);
    if (!found || found.key !== key) {
      const value = this.read(uri, variables).then((document) => document && linkedAnchors(document.anchors()));
      this.anchorsKept.set(uri, (found = { key, value }));
    }
    return found!.value;
  }

  async exactAnchors(uri: string, variables?: PageVariables): Promise<Set<string> | undefined> {
    return (await this.read(uri, variables))?.exactAnchors();
  }

  snippet(uri: string, variables?: PageVariables): Promise<SnippetFacts | undefined> {
    const key = variables?.key;
    let found = this.snippetsKept.get(uri);
    if (!found || found.key !== key) this.snippetsKept.set(uri, (found = { key, value: this.readSnippet(uri, variables) }));
    return found!.value;
  }

  private async readSnippet(uri: string, variables: PageVariables | undefined): Promise<SnippetFacts | undefined> {
    const text = await this.readText(uri);
    if (text === undefined) return undefined;
    if (/\.[jt]sx$/i.test(uri)) return { exported: javascriptExports(text), hasContent: false };
    const body = this.parse(uri, text, variables).body();
    return { exported: new Set(body.exported), hasContent: body.hasContent };
  }

  /** Takes the anchors of a page parsed for another reason (with these variables). */
  remember(uri: string, anchors: PageAnchors, variables?: PageVariables): void {
    this.rememberLinked(uri, linkedAnchors(anchors), variables);
  }

  /** Takes what links need of a page's anchors, as another thread sent them. */
  rememberLinked(uri: string, anchors: LinkedAnchors, variables?: PageVariables): void {
    this.anchorsKept.delete(uri);
    this.anchorsKnown.set(uri, { key: variables?.key, value: anchors });
  }

  /** The anchors {@link remember} was given for a page. */
  remembered(uri: string): LinkedAnchors | undefined {
    return this.anchorsKnown.get(uri)?.value;
  }

  forget(uri: string): void {
    this.anchorsKept.delete(uri);
    this.anchorsKnown.delete(uri);
    this.snippetsKept.delete(uri);
  }

  clear(): void {
    this.anchorsKept.clear();
    this.anchorsKnown.clear();
    this.snippetsKept.clear();
  }
}

/** Linked pages read from a workspace (and kept until told a file changed), parsed by `parse` when given. */
export function linkedPagesOf(
  workspace: DocsWorkspace,
  parse?: (uri: string, text: string, variables?: PageVariables) => PageDocument,
): LinkedPages {
  return new LinkedPages((uri) => workspace.readFile(uri).catch(() => undefined), parse);
}

/** The names a JSX or TSX snippet exports (read by pattern: TypeScript is not parsed here). */
function javascriptExports(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(JS_EXPORT)) names.add(match[1]);
  for (const match of text.matchAll(JS_EXPORT_LIST))
    for (const item of match[1].split(',')) {
      const name = item.trim().replace(/\s+/g, ' ').split(' as ').pop();
      if (name) names.add(name);
    }
  if (/\bexport\s+default\b/.test(text)) names.add('default');
  return names;
}
