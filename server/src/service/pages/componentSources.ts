import type { SiteFiles } from '../site/siteFiles';
import type { PageContext } from './pageContext';

/** The files a page can import components from, as the platform imports snippets. */
const SOURCE_EXTENSION = /\.(?:jsx|tsx|mdx|md)$/i;

/** Per listing of a site: the files that can hold a component, by their name read as one (see {@link nameKey}). */
const bySiteFiles = new WeakMap<SiteFiles, Map<string, string[]>>();

/** `PreviewButton`, `previewbutton.jsx`, `preview-button.tsx` and `preview_button.mdx` all read `previewbutton`. */
function nameKey(name: string): string {
  return name.replace(/[-_]/g, '').toLowerCase();
}

function filesByName(files: SiteFiles): Map<string, string[]> {
  let index = bySiteFiles.get(files);
  if (index) return index;
  index = new Map();
  for (const file of files.files) {
    const extension = SOURCE_EXTENSION.exec(file);
    if (!extension || files.isIgnored(file)) continue;
    const key = nameKey(file.slice(file.lastIndexOf('/') + 1, extension.index));
    const list = index.get(key);
    if (list) list.push(file);
    else index.set(key, [file]);
  }
  bySiteFiles.set(files, index);
  return index;
}

/**
 * A file of the site named after the component that exports it, to import it from: the one that
 * shares most folder names with the page (`snippets/es/button.jsx` for a page under `es/`, as a
 * translated site keeps a copy per language), then one under `snippets/`, then the shallowest.
 * Undefined when no such file exports it. The page depends on each file it reads.
 */
export async function componentSource(page: PageContext, name: string): Promise<string | undefined> {
  const candidates = filesByName(page.site.files).get(nameKey(name));
  if (!candidates) return undefined;
  const pageFolders = new Set(page.relative.split('/').slice(0, -1));
  const rank = (file: string) => {
    const folders = file.split('/').slice(0, -1);
    return [-folders.filter((folder) => pageFolders.has(folder)).length, /^_?snippets$/i.test(folders[0] ?? '') ? 0 : 1, folders.length];
  };
  const ordered = candidates
    .filter((file) => file !== page.relative)
    .map((file) => ({ file, rank: rank(file) }))
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2] || (a.file < b.file ? -1 : 1));
  for (const { file } of ordered) if ((await page.snippetOf(file))?.exported.has(name)) return file;
  return undefined;
}

/**
 * Where an import goes in a page: after the line of its last import, or at the top of the body
 * (after the front matter). The text keeps the import a block of its own, as MDX reads it.
 */
export function importInsertion(page: PageContext, statement: string): { offset: number; text: string } {
  const imports = page.document.body().imports;
  const last = imports[imports.length - 1];
  if (last) {
    const end = page.text.indexOf('\n', last.offset + last.length);
    return end < 0 ? { offset: page.text.length, text: `\n${statement}` } : { offset: end, text: `\n${statement}` };
  }
  const offset = page.frontMatter.bodyOffset;
  const blankFollows = /^\r?\n/.test(page.text.slice(offset, offset + 2)) || offset >= page.text.length;
  return { offset, text: `${offset > 0 ? '\n' : ''}${statement}\n${blankFollows ? '' : '\n'}` };
}
