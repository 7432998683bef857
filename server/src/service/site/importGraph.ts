import { resolveImport } from '../mdx/importPath';
import { readInOrder } from '../../common/arrays';

/** A line that starts an import, as the platform's build finds them (`import ` or `import<tab>` at the line's start). */
const IMPORT_LINE = /^import[ \t]/;
/** An import's source, over several lines when its names are listed on lines of their own. */
const IMPORT_SOURCE = /^import(?:\s[^'"]{0,2000}?from|\s)\s*['"]([^'"\n]+)['"]/;
/** A fence's opening run of backticks or tildes. */
const FENCE = /^(`{3,}|~{3,})/;

/** One import of an MDX file: the file it names, and whether the platform counts it as a local file. */
interface ImportEdge {
  target: string;
  /** Named from the root (`/x.mdx`) or relative (`./x.mdx`, `../x.mdx`): the only imports the platform resolves to a file. */
  local: boolean;
}

/**
 * The `.mdx`/`.md` files each MDX file of a site imports, read from its import lines as the platform's
 * build reads them (categorizeFilePaths in its prebuild: lines outside code fences that start with
 * `import`). Two answers come from it: which page files are imported, which the platform then treats
 * as snippets wherever they live (its file categories: "imported as a snippet"), and which pages show
 * each snippet. Built on first use, once per file index (kept across docs.json edits); a file whose
 * text changes is read again on the next question ({@link changed}).
 */
export class ImportGraph {
  private readonly edges = new Map<string, readonly ImportEdge[]>();
  private built: Promise<void> | undefined;
  /** Files changed since they were read. */
  private readonly stale = new Set<string>();
  private answers: Promise<ImportAnswers> | undefined;
  /**
   * The last answers made: asked without waiting by {@link importedPageNow}, and kept by the next
   * question when the files read again import what they did (an edit of a page's prose, the usual
   * edit, rebuilds nothing of the site's graph).
   */
  private settled: ImportAnswers | undefined;

  constructor(
    /** The MDX files of the site the platform reads: pages and snippets. */
    private readonly sources: () => Iterable<string>,
    /** Whether a file is a snippet by its folder (`snippets/`, `_snippets/`). */
    private readonly inSnippetFolder: (relative: string) => boolean,
    /** The published page files (before imports make snippets of some). */
    private readonly pageFiles: () => Iterable<string>,
    private readonly read: (relative: string) => Promise<string | undefined>,
    /** Files read at once while the graph is built (the workspace's `readsAtOnce`). */
    private readonly readsAtOnce = 1,
  ) {}

  /** A file's text changed: its imports are read again before the next answer. */
  changed(relative: string): void {
    if (!this.edges.has(relative) && !/\.mdx?$/i.test(relative)) return;
    this.stale.add(relative);
    this.answers = undefined;
  }

  /** Whether the platform takes this page file for a snippet: another file imports it, and it is outside the snippet folders. */
  async importedPage(relative: string): Promise<boolean> {
    return (await this.current()).importedPages.has(relative);
  }

  /**
   * {@link importedPage} without waiting: the answer when the graph is read, else false while it is read
   * (in the background, started here). The editor asks this for a page the navigation lists, so its
   * first diagnostics do not wait on every page of a large site being read for its imports.
   */
  importedPageNow(relative: string): boolean {
    if (this.settled) return this.settled.importedPages.has(relative);
    void this.current().catch(() => undefined);
    return false;
  }

  /** The page files other files import (each then a snippet on the platform). */
  async importedPages(): Promise<ReadonlySet<string>> {
    return (await this.current()).importedPages;
  }

  /** The pages that show a snippet (directly or through other snippets), sorted; [] when none does. */
  async usersOf(snippet: string): Promise<string[]> {
    return (await this.current()).users(snippet);
  }

  private current(): Promise<ImportAnswers> {
    if (!this.answers) {
      const made = (this.answers = this.answer());
      void made.then(
        (answers) => this.answers === made && (this.settled = answers),
        () => undefined,
      );
    }
    return this.answers;
  }

  private async answer(): Promise<ImportAnswers> {
    await (this.built ??= this.readAll());
    let moved = false;
    for (const file of [...this.stale]) {
      this.stale.delete(file);
      if (await this.readOne(file)) moved = true;
    }
    if (!moved && this.settled) return this.settled;
    // Compared without case, as the platform compares them (it lower-cases both sides).
    const localTargets = new Set<string>();
    for (const edges of this.edges.values()) for (const edge of edges) if (edge.local) localTargets.add(edge.target.toLowerCase());
    const importedPages = new Set<string>();
    for (const file of this.pageFiles()) if (!this.inSnippetFolder(file) && localTargets.has(file.toLowerCase())) importedPages.add(file);
    const pages = new Set([...this.pageFiles()].filter((file) => !importedPages.has(file)));
    return { importedPages, users: showingPages(pages, this.edges) };
  }

  private async readAll(): Promise<void> {
    await readInOrder(
      this.sources(),
      (file) => this.read(file).catch(() => undefined),
      (file, text) => this.take(file, text),
      this.readsAtOnce,
    );
  }

  /** Reads a file's imports; whether they differ from those it had. */
  private async readOne(file: string): Promise<boolean> {
    return this.take(file, await this.read(file).catch(() => undefined));
  }

  /** A file's imports, from its text; whether they differ from those it had. */
  private take(file: string, text: string | undefined): boolean {
    const edges = text === undefined ? [] : importsOf(text, file);
    const before = this.edges.get(file) ?? [];
    const moved =
      edges.length !== before.length ||
      edges.some((edge, index) => edge.target !== before[index].target || edge.local !== before[index].local);
    if (edges.length) this.edges.set(file, edges);
    else this.edges.delete(file);
    return moved;
  }
}

interface ImportAnswers {
  importedPages: ReadonlySet<string>;
  users(snippet: string): string[];
}

/** The `.mdx`/`.md` files a file's import lines name, outside code fences (a fence shows an import, it does not run one). */
export function importsOf(text: string, file: string): ImportEdge[] {
  if (!text.includes('import')) return [];
  const edges: ImportEdge[] = [];
  let fence: string | undefined;
  let offset = 0;
  while (offset <= text.length) {
    const end = text.indexOf('\n', offset);
    const line = text.slice(offset, end < 0 ? text.length : end);
    const run = FENCE.exec(line.trimStart())?.[1];
    if (fence !== undefined) {
      if (run !== undefined && run[0] === fence[0] && run.length >= fence.length) fence = undefined;
    } else if (run !== undefined) fence = run;
    else if (IMPORT_LINE.test(line)) {
      const source = IMPORT_SOURCE.exec(text.slice(offset, offset + 2500))?.[1];
      if (source && /\.mdx?$/i.test(source)) {
        const target = resolveImport(source, file);
        if (target !== undefined && target !== file) edges.push({ target, local: /^(?:\/|\.\.?\/)/.test(source) });
      }
    }
    if (end < 0) break;
    offset = end + 1;
  }
  return edges;
}

/** Which pages show each snippet, through chains of snippets that import each other. */
function showingPages(pages: ReadonlySet<string>, edges: ReadonlyMap<string, readonly ImportEdge[]>): (snippet: string) => string[] {
  // Each imported file, and the files (pages or snippets) that show it directly.
  const shownBy = new Map<string, Set<string>>();
  for (const [file, list] of edges)
    for (const { target } of list) {
      let users = shownBy.get(target);
      if (!users) shownBy.set(target, (users = new Set()));
      users.add(file);
    }
  const result = new Map<string, string[]>();
  const pagesOf = (snippet: string, seen: Set<string>): string[] => {
    const known = result.get(snippet);
    if (known) return known;
    const found = new Set<string>();
    for (const user of shownBy.get(snippet) ?? []) {
      if (pages.has(user)) found.add(user);
      else if (!seen.has(user)) for (const page of pagesOf(user, new Set(seen).add(user))) found.add(page);
    }
    const list = [...found].sort();
    if (seen.size === 1) result.set(snippet, list);
    return list;
  };
  return (snippet) => pagesOf(snippet, new Set([snippet]));
}
