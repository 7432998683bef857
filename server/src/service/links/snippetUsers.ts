import { resolveImport } from '../pages/importPath';

/** An import of a file at the start of a line: `import A from "x"`, `import { B } from "x"` (over several lines, too). */
const IMPORT = /^import\s+[^'"]{0,500}?from\s*['"]([^'"\n]+)['"]/gm;

/**
 * Which pages use each snippet: a page imports it (`import Steps from '/snippets/steps.mdx'`, then
 * `<Steps />`; or a component it exports, by name), directly or through snippets that import it in
 * turn. Read from the import lines of every page and snippet (a cheap reading: imports are lines of
 * their own, and a file with no `import` is passed over), once per site state.
 */
export async function snippetUsers(
  files: { pages: Iterable<string>; snippets: Iterable<string> },
  read: (relative: string) => Promise<string | undefined>,
): Promise<Map<string, string[]>> {
  const pages = new Set(files.pages);
  // Each snippet, and the files (pages or snippets) that show it directly.
  const shownBy = new Map<string, Set<string>>();
  for (const file of [...pages, ...files.snippets]) {
    const text = await read(file).catch(() => undefined);
    if (!text || !text.includes('import')) continue;
    for (const [, source] of text.matchAll(IMPORT)) {
      if (!/\.mdx?$/i.test(source)) continue;
      const snippet = resolveImport(source, file);
      if (snippet === undefined || snippet === file) continue;
      let users = shownBy.get(snippet);
      if (!users) shownBy.set(snippet, (users = new Set()));
      users.add(file);
    }
  }
  // The pages at the end of each chain of snippets.
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
  for (const snippet of shownBy.keys()) pagesOf(snippet, new Set([snippet]));
  return result;
}
