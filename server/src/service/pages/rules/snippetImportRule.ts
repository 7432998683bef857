import type { BodyImport } from '../../mdx/bodyScan';
import { closest } from '../../check/suggest';
import { resolveImport } from '../../mdx/importPath';
import type { PageContext } from '../pageContext';

/** What the platform imports as a snippet. */
const SNIPPET_EXTENSION = /\.(?:mdx|md|jsx|tsx)$/i;

/**
 * Imports resolve as the platform resolves them: only local files (`/snippets/x.mdx` from the root,
 * `./x.mdx` or `../x.mdx` from the page's folder), named with their extension; a named import is
 * exported by the snippet; a default import of a snippet made only of exports shows nothing.
 */
export async function snippetImportRule(page: PageContext): Promise<void> {
  for (const item of page.document.body().imports) await checkImport(page, item);
}

/**
 * React and what it exports are in scope in every page (the platform's own documentation of React
 * components uses `useState` with no import): importing them from `react` is dropped and harmless.
 */
const REACT = new Set(['react', 'react/jsx-runtime']);

async function checkImport(page: PageContext, item: BodyImport): Promise<void> {
  const source = item.source;
  if (REACT.has(source)) return;
  if (!source.startsWith('/') && !source.startsWith('./') && !source.startsWith('../')) {
    // A dropped import breaks what the page renders with its names; of names it never uses, it is only dead: a warning.
    const unused = isUnused(page, item);
    page.report(
      unused ? 'snippets/unused-import' : 'snippets/not-found',
      item.offset,
      item.length,
      `The platform imports only files of the docs root ("/snippets/name.mdx", "./name.mdx"), not "${source}": this import is dropped.${unused ? ` The page never uses ${namesOf(item)}, so nothing renders differently: remove the import.` : ''}`,
    );
    return;
  }
  const relative = resolveImport(source, page.relative);
  if (relative === undefined) {
    page.report('snippets/not-found', item.offset, item.length, `Import "${source}" climbs out of the docs root.`);
    return;
  }
  const facts = SNIPPET_EXTENSION.test(relative) ? await page.snippetOf(relative) : undefined;
  if (!facts) {
    const files = page.site.files.files;
    const withExtension = ['.mdx', '.md', '.jsx', '.tsx'].map((extension) => relative + extension).find((file) => files.has(file));
    const hint = withExtension
      ? ` ${withExtension} exists: the platform needs the extension in the import.`
      : ` Create ${relative}, or fix the path.${suggestion(relative, files)}`;
    const fixed = withExtension && `${source}${withExtension.slice(relative.length)}`;
    const quote = page.text[item.offset];
    // The platform's link checker calls a missing local snippet broken, used or not: an error either way.
    const unused = isUnused(page, item) ? ` The page never uses ${namesOf(item)}: remove the import.` : '';
    page.report('snippets/not-found', item.offset, item.length, `Import "${source}": there is no file ${relative}.${hint}${unused}`, {
      data: fixed ? { replace: `${quote}${fixed}${quote}`, replaceLabel: fixed } : undefined,
    });
    return;
  }
  for (const name of item.names) {
    if (name.imported === '*') continue;
    if (name.imported === 'default') {
      if (!facts.hasContent && facts.exported.size > 0 && !facts.exported.has('default')) {
        // Of a name the page never uses, nothing renders differently: a dead line, not a broken page.
        const unused = isUnused(page, item);
        page.report(
          unused ? 'snippets/unused-import' : 'snippets/not-found',
          item.offset,
          item.length,
          `${relative} has no default export and no content, so "${name.local}" ${unused ? 'would show' : 'shows'} nothing. ` +
            (unused
              ? `The page never uses ${namesOf(item)}: remove the import.`
              : `Import one of its exports by name: import { ${[...facts.exported][0]} } from "${source}".`),
        );
      }
      continue;
    }
    if (facts.exported.has(name.imported)) continue;
    const near = closest(name.imported, facts.exported);
    page.report(
      'snippets/not-found',
      item.offset,
      item.length,
      `${relative} does not export "${name.imported}".${near ? ` Did you mean "${near}"?` : facts.exported.size ? ` It exports ${[...facts.exported].map((x) => `"${x}"`).join(', ')}.` : ' It exports nothing.'}`,
    );
  }
}

const namesOf = (item: BodyImport) => item.names.map((name) => `"${name.local}"`).join(', ');

/** Whether the page never uses what the import names: each name appears once in the page, in the import. */
function isUnused(page: PageContext, item: BodyImport): boolean {
  return (
    item.names.length > 0 &&
    item.names.every((name) => {
      const word = new RegExp(`(?<![\\w$])${name.local.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');
      let count = 0;
      while (word.exec(page.text) && ++count < 2);
      return count < 2;
    })
  );
}

function suggestion(relative: string, files: ReadonlySet<string>): string {
  const folder = relative.slice(0, relative.lastIndexOf('/') + 1);
  const near = closest(
    relative,
    [...files].filter((file) => file.startsWith(folder) && SNIPPET_EXTENSION.test(file)),
  );
  return near ? ` Did you mean "/${near}"?` : '';
}
