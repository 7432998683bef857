// Drafts for a gap cluster (no vscode, no fs): the questions as an MDX comment, a new section of a
// page, a new page. The Docs Gaps view applies them as ordinary, undoable edits.
import { forEachProseLine } from '../../common/markdownLines';
import { oneLine, trimEndOf } from '../../common/text';

/** At most this many questions are listed in a draft; the rest are counted. */
const LISTED = 20;
/** A question longer than this is cut in a draft (a comment is a reminder, not the transcript). */
const QUESTION_MAX = 200;

/**
 * The questions as one MDX comment (`{/* … *\/}`), each once, in order: nothing in a question can end
 * the comment early (`*\/` is broken up) or spill onto a line of its own.
 */
export function questionsComment(queries: readonly string[]): string {
  const seen = new Set<string>();
  const listed: string[] = [];
  for (const query of queries) {
    const line = commentLine(query);
    const key = line.toLowerCase();
    if (!line || seen.has(key)) continue;
    seen.add(key);
    listed.push(line);
  }
  const shown = listed.slice(0, LISTED).map((line) => `  - ${line}`);
  if (listed.length > LISTED) shown.push(`  - …and ${listed.length - LISTED} more`);
  return ['{/*', '  Questions readers asked that the docs did not answer (from Docsmith: Docs Gaps):', ...shown, '*/}'].join('\n');
}

/** A question as one line of a comment: nothing in it can end the comment (`*\/` is broken up). */
function commentLine(text: string): string {
  const flat = oneLine(text).replace(/\*\//g, '* /');
  return flat.length > QUESTION_MAX ? `${flat.slice(0, QUESTION_MAX - 1)}…` : flat;
}

/** The words a yes/no question opens with: its label without them reads as a fragment ("Failed webhooks retried"). */
const YES_NO = /^(?:is|are|was|were|do|does|did|can|could|will|would|should|may)\s/i;
/** A question short enough to be a heading as it is. */
const QUESTION_HEADING_MAX = 60;

/**
 * A heading's text from a cluster label, one a writer would keep: the label ("Get a single user", "Go
 * SDK"), or, where the label is a yes/no question without its opening ("Failed webhooks retried"),
 * that question whole, as a FAQ heading ("Are failed webhooks retried?"). One line, no Markdown or
 * JSX that would change what it is.
 */
export function draftTitle(label: string, queries: readonly string[] = []): string {
  const bare = label.replace(/…$/, '').trim().toLowerCase();
  const question = queries
    .map((query) => trimEndOf(oneLine(query), ' ?.!'))
    .find((query) => query.length < QUESTION_HEADING_MAX && fragmentOf(query, bare));
  const text = commentLine(question ? `${question}?` : label.replace(/…$/, ''))
    .replace(/[#<>{}[\]`*_|\\]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Unanswered questions';
}

/**
 * Whether `label` is what is left of the yes/no question `query` without its opening, and reads as a
 * fragment: "Are failed webhooks retried" → "failed webhooks retried". Not when a pronoun or a "to"
 * came before it, since what follows is then a verb, and the label an instruction ("Do you retry
 * failed webhooks" → "retry failed webhooks", "Is there a way to list users" → "list users").
 */
function fragmentOf(query: string, label: string): boolean {
  const lower = query.toLowerCase();
  if (!YES_NO.test(query) || !lower.endsWith(` ${label}`)) return false;
  const opening = lower
    .slice(0, lower.length - label.length)
    .trim()
    .split(/\s+/)
    .slice(1);
  return !opening.some((word) => /^(?:i|you|we|they|to)$/.test(word));
}

export interface SectionDraft {
  /** Where the draft is inserted: a character offset of the page's text. */
  offset: number;
  text: string;
  /** The 0-based line of the new heading once inserted. */
  headingLine: number;
}

/**
 * A new heading with the questions below it, placed at the end of the section that starts at
 * `sectionLine` (before the next heading of the same or a higher level), one level below it; with
 * no section, at the end of the page as a `##`. Headings inside code fences are not sections.
 */
export function sectionDraft(text: string, sectionLine: number | undefined, label: string, queries: readonly string[]): SectionDraft {
  const lines = text.split('\n');
  const headings = headingLevels(text);
  const level = sectionLine === undefined ? undefined : headings.get(sectionLine);
  let end = lines.length;
  if (level !== undefined)
    for (const [line, other] of headings)
      if (line > sectionLine! && other <= level) {
        end = line;
        break;
      }
  // Insert after the section's last non-blank line, so blank lines before the next heading stay there.
  while (end > 0 && lines[end - 1].trim() === '') end--;
  const depth = Math.min(6, Math.max(2, (level ?? 1) + 1));
  const block = [`${'#'.repeat(depth)} ${draftTitle(label, queries)}`, '', questionsComment(queries)];
  // A blank line before the next heading is kept after the draft; with none, the draft brings one.
  const gap = end < lines.length && lines[end].trim() !== '';
  const offset = Math.min(
    text.length,
    lines.slice(0, end).reduce((sum, line) => sum + line.length + 1, 0),
  );
  // A page without a final newline gets one before the draft.
  const newline = offset === text.length && text !== '' && !text.endsWith('\n') ? '\n' : '';
  return {
    offset,
    text: newline + ['', ...block, ...(gap ? [''] : [])].map((line) => `${line}\n`).join(''),
    headingLine: end + 1,
  };
}

/** ATX headings outside code fences and front matter: 0-based line → level. */
function headingLevels(text: string): Map<number, number> {
  const found = new Map<number, number>();
  forEachProseLine(text, (_line, index, heading) => void (heading && found.set(index, heading.level)));
  return found;
}

export interface PageDraft {
  /** The new page's id: the folder of the page it sits beside, and a slug of the label. */
  pageId: string;
  content: string;
}

/**
 * A new page for a cluster: front matter title from the label, the questions as a comment. It sits in
 * the folder of `nearFile` (the suggested page); its id is not one of `taken` (page ids and files).
 */
export function pageDraft(label: string, queries: readonly string[], nearFile: string | undefined, taken: ReadonlySet<string>): PageDraft {
  const title = draftTitle(label, queries);
  const folder = nearFile && nearFile.includes('/') ? `${nearFile.slice(0, nearFile.lastIndexOf('/'))}/` : '';
  const base = pageFileNameOf(draftTitle(label)) || 'unanswered-questions';
  let pageId = `${folder}${base}`;
  for (let n = 2; taken.has(pageId) || taken.has(`${pageId}.mdx`) || taken.has(`${pageId}.md`); n++) pageId = `${folder}${base}-${n}`;
  const content = ['---', `title: ${JSON.stringify(title)}`, '---', '', questionsComment(queries), ''].join('\n');
  return { pageId, content };
}

/** A new page's file name (not an anchor): lower-case ASCII words joined by hyphens, at most 60 characters, cut at a word. */
function pageFileNameOf(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 60) break;
    slug = next;
  }
  return slug || (words[0] ?? '').slice(0, 60);
}
