import { detached } from '../../common/text';
import { closestMatch, isTypo, type Match } from '../check/suggest';
import type { IgnoreReason, SiteFiles } from './siteFiles';

/**
 * What the messages about a missing page say, for navigation entries and links alike: why a file
 * that exists is no page, and the page that was probably meant.
 */
const NOT_PUBLISHED: Record<IgnoreReason, { why: (file: string) => string; fix: string }> = {
  mintignore: {
    why: (file) => `is excluded by .mintignore (${file}), so the platform does not build it.`,
    fix: 'from .mintignore',
  },
  default: {
    why: (file) =>
      `is a file the platform never publishes (${file}: node_modules, README.md, LICENSE.md, ` +
      'CHANGELOG.md, CONTRIBUTING.md and the folders .github, .agents, .claude, .cursor, .idea, .vscode and .mintlify are left out of every build).',
    fix: 'Rename the file',
  },
  repository: {
    why: (file) =>
      `is a file the platform never publishes (${file}: README, LICENSE and CONTRIBUTING Markdown files describe the repository, not the docs).`,
    fix: 'Rename it to .mdx',
  },
  snippet: {
    why: (file) => `is a snippet (${file}), which the platform includes into pages but never publishes as one.`,
    fix: 'Import it into a page, or move it out of the snippets folder',
  },
};

/**
 * Why the platform does not publish this page file, and what to do, as the end of a sentence about
 * it; `what` is what names it (`the entry`, `the link`).
 */
export function notPublished(files: SiteFiles, file: string, what: string): string {
  const reason = files.ignoredWhy.get(file) ?? 'default';
  const { why, fix } = NOT_PUBLISHED[reason];
  if (reason === 'mintignore')
    return `${why(file)} ${what === 'the entry' ? 'Remove it from navigation or from .mintignore' : `Remove ${what}, or the file ${fix}`}.`;
  return `${why(file)} ${fix}, or remove ${what}.`;
}

/**
 * Where a missing page has a Jupyter notebook of the same path (`tutorials/intro.ipynb`): a build step
 * makes the page from it before the site deploys (the platform does not read notebooks). Said as the
 * end of a sentence about the missing page; undefined when there is no such notebook.
 */
export function notebookNote(files: SiteFiles, id: string): string | undefined {
  const notebook = `${id}.ipynb`;
  if (!files.files.has(notebook)) return undefined;
  return ` ${notebook} is: if the site's build makes pages from notebooks before it deploys, this page is made then; check the docs root after that step.`;
}

/** The page (id) probably meant by a page id that does not exist: the same in another case, a close typo, a moved file. */
export function suggestPage(files: SiteFiles, id: string): string | undefined {
  return pageSuggester(files).suggest(id).best;
}

/** {@link suggestPage}, telling also whether it was the only page close enough. */
export function suggestPageMatch(files: SiteFiles, id: string): Match {
  return pageSuggester(files).suggest(id);
}

/** Above this many pages, did-you-mean only compares pages of the same folder or the same file name. */
const FULL_SCAN_LIMIT = 5000;

/** One suggester per file index: its maps depend on the files only, not on docs.json. */
const suggesters = new WeakMap<SiteFiles, PageSuggester>();

function pageSuggester(files: SiteFiles): PageSuggester {
  let suggester = suggesters.get(files);
  if (!suggester) suggesters.set(files, (suggester = new PageSuggester([...files.pages.keys()])));
  return suggester;
}

class PageSuggester {
  private readonly byLowerCase = new Map<string, string>();
  private readonly byFolder = new Map<string, string[]>();
  private readonly byName = new Map<string, string[]>();

  constructor(private readonly pages: string[]) {
    for (const page of pages) {
      this.byLowerCase.set(page.toLowerCase(), page);
      push(this.byFolder, folderOf(page), page);
      push(this.byName, nameOf(page), page);
    }
  }

  /**
   * The answers so far, by id: a site's broken links often name the same missing page many times
   * (a renamed page linked from every page of a section), and each answer may compare every page.
   * Keyed by a copy of the id: the id a link gives is a slice of its page's text, which it would keep.
   */
  private readonly answers = new Map<string, Match>();

  suggest(id: string): Match {
    let answer = this.answers.get(id);
    if (!answer) this.answers.set(detached(id), (answer = this.find(id)));
    return answer;
  }

  /**
   * The page meant, and whether it is sure enough to be written unasked (fix all on save): the id in
   * another case, or a typo of the file's name ({@link isTypo}) with no other candidate as close. A page in another
   * folder (moved, or another language's or product's copy: `ja/setup` for `setup`, `es/sdk/unity/x`
   * for `ja/sdk/unity/x`, `sdk/unreal/x` for `sdk/unity/x`) is only suggested.
   */
  private find(id: string): Match {
    const sameCase = this.byLowerCase.get(id.toLowerCase());
    if (sameCase) return { best: sameCase, only: true };
    // No page is the id in another case (just looked up): the scans below need not lower every page.
    const near = [...(this.byFolder.get(folderOf(id)) ?? []), ...(this.byName.get(nameOf(id)) ?? [])];
    const found = closestMatch(id, near, true);
    if (found.best) return sameFolder(id, found);
    const movedFile = this.byName.get(nameOf(id));
    if (movedFile?.length === 1) return { best: movedFile[0], only: false };
    return this.pages.length <= FULL_SCAN_LIMIT ? sameFolder(id, closestMatch(id, this.pages, true)) : { best: undefined, only: false };
  }
}

/** A match keeps its `only` when it is a typo of the file's name in the id's folder; another is a suggestion only. */
function sameFolder(id: string, match: Match): Match {
  const sure = match.best !== undefined && folderOf(match.best) === folderOf(id) && isTypo(nameOf(id), nameOf(match.best));
  return match.only && !sure ? { best: match.best, only: false } : match;
}

function folderOf(page: string): string {
  const slash = page.lastIndexOf('/');
  return slash < 0 ? '' : page.slice(0, slash);
}

function nameOf(page: string): string {
  return page.slice(page.lastIndexOf('/') + 1);
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
