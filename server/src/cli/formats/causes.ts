import schema from '../../../../schemas/docs.schema.json';
import type { Report, ReportEntry } from '../report';

/** Codes whose findings name a target (`Link "/x"`, `Import "/snippets/y.mdx"`) that many places can share. */
const TARGETED = new Set(['links/page-not-found', 'links/file-not-found', 'links/anchor-not-found', 'snippets/not-found']);
/** Below this many such places, the details are short enough to read as they are. */
const MIN_PLACES = 20;
/** A target is a cause worth leading with when this many places name it. */
const MIN_SHARED = 3;
const SHOWN = 10;

export interface Cause {
  target: string;
  code: string;
  places: number;
  files: number;
}

/**
 * The missing targets most places link to, most first: a half-migrated site has thousands of broken
 * links and a few dozen causes (one missing page linked 847 times from 36 files). The text and GitHub
 * outputs lead with them; every place is still listed after them, and kept in JSON and SARIF.
 */
export function leadingCauses(report: Report, skip: ReadonlySet<ReportEntry> = new Set()): Cause[] {
  const byTarget = new Map<string, { target: string; code: string; places: number; files: Set<string> }>();
  let places = 0;
  for (const entry of report.entries) {
    if (!TARGETED.has(entry.code) || skip.has(entry)) continue;
    const target = /"([^"]+)"/.exec(entry.message)?.[1];
    if (target === undefined) continue;
    const count = entry.count ?? 1;
    places += count;
    const key = `${entry.code}\u0000${target}`;
    const cause = byTarget.get(key) ?? { target, code: entry.code, places: 0, files: new Set<string>() };
    cause.places += count;
    cause.files.add(entry.file);
    byTarget.set(key, cause);
  }
  if (places < MIN_PLACES) return [];
  return [...byTarget.values()]
    .filter((cause) => cause.places >= MIN_SHARED)
    .sort((a, b) => b.places - a.places || b.files.size - a.files.size || (a.target < b.target ? -1 : 1))
    .slice(0, SHOWN)
    .map(({ target, code, places: count, files }) => ({ target, code, places: count, files: files.size }));
}

/** The language codes docs.json's `languages` take: a path's folder of that name holds one translation. */
const LANGUAGES = new Set<string>(schema.definitions.languageCode.enum);

/** One page set (a page and its translations) whose link keeps an anchor its translations renamed. */
export interface TranslatedAnchor {
  /** The page, the anchor and the target, as written in each translation with the language folder left out. */
  page: string;
  anchor: string;
  target: string;
  languages: string[];
  places: number;
}

/** A path without its language folder (`fr/guide.mdx` → `guide.mdx`), and the language ('' when none). */
function withoutLanguage(path: string): { path: string; language: string } {
  const parts = path.split('/');
  const at = parts.findIndex((part) => LANGUAGES.has(part));
  if (at < 0) return { path, language: '' };
  return { path: [...parts.slice(0, at), ...parts.slice(at + 1)].join('/'), language: parts[at] };
}

/**
 * Missing anchors that repeat across the translations of one page: a site whose translated pages keep
 * the English anchors, while their headings (so their anchors) were translated, has one such finding
 * per link per language (11,054 on one site). Each page set is named once, with its languages.
 */
export function translatedAnchors(report: Report): { sets: TranslatedAnchor[]; places: number; entries: Set<ReportEntry> } {
  const sets = new Map<string, TranslatedAnchor & { entries: ReportEntry[] }>();
  for (const entry of report.entries) {
    if (entry.code !== 'links/anchor-not-found') continue;
    const found = /^"#([^"]*)" is not an anchor of (.+?)\.(?: |$)/.exec(entry.message);
    if (!found) continue;
    const page = withoutLanguage(entry.file);
    const target = withoutLanguage(found[2]);
    if (page.language === '' && target.language === '') continue;
    const key = `${page.path}\u0000${found[1]}\u0000${target.path}`;
    const set = sets.get(key) ?? { page: page.path, anchor: found[1], target: target.path, languages: [], places: 0, entries: [] };
    if (!set.languages.includes(page.language)) set.languages.push(page.language);
    set.entries.push(entry);
    set.places += entry.count ?? 1;
    sets.set(key, set);
  }
  const repeated = [...sets.values()].filter((set) => set.languages.length >= 2);
  repeated.sort((a, b) => b.places - a.places || (a.page < b.page ? -1 : a.page > b.page ? 1 : a.anchor < b.anchor ? -1 : 1));
  for (const set of repeated) set.languages.sort();
  const places = repeated.reduce((sum, set) => sum + set.places, 0);
  return { sets: repeated.map(({ entries: _, ...set }) => set), places, entries: new Set(repeated.flatMap((set) => set.entries)) };
}

/** The causes, then the translated page sets, as the lines the text and GitHub outputs lead with. */
export function leadingLines(report: Report, quote: (text: string) => string): string[] {
  const { sets, places, entries } = translatedAnchors(report);
  if (places < MIN_PLACES) return causeLines(leadingCauses(report), quote);
  // Those places are named by page set: not again as causes of their own.
  const causes = causeLines(leadingCauses(report, entries), quote);
  const shown = sets.slice(0, SHOWN).map((set) => {
    const languages = set.languages.map((language) => language || 'no language folder').join(', ');
    return `  ${quote(set.page)}  "#${quote(set.anchor)}" into ${quote(set.target)}: missing in ${set.languages.length} languages (${languages})`;
  });
  return [
    ...causes,
    ...(causes.length ? [''] : []),
    `Translated pages that keep an anchor their translations renamed: ${places} places in ${sets.length} page sets (keep one id in every language with \`## Heading {#id}\`):`,
    ...shown,
    ...(sets.length > SHOWN ? [`  and ${sets.length - SHOWN} more page sets`] : []),
  ];
}

/** The causes as lines: `  847 places in 36 files  links/page-not-found  "/knowledgebase/x"`. */
export function causeLines(causes: readonly Cause[], quote: (text: string) => string): string[] {
  if (causes.length === 0) return [];
  const width = String(causes[0].places).length;
  return [
    `Most linked missing targets (fixing each mends every place that names it):`,
    ...causes.map(
      (cause) =>
        `  ${String(cause.places).padStart(width)} place${cause.places === 1 ? '' : 's'} in ${cause.files} file${cause.files === 1 ? '' : 's'}  ${cause.code}  "${quote(cause.target)}"`,
    ),
  ];
}
