/** The extensions of page files, `.mdx` first: a navigation entry names a page without one. */
export const PAGE_EXTENSIONS = ['.mdx', '.md'] as const;

export interface NormalisedPageEntry {
  /** The page id the platform looks up: no leading `/` or `./`, no extension. */
  id: string;
  /** The leading `/` or `./` that the platform tolerates, when present. */
  leading?: string;
  /** `.mdx` or `.md` when the entry carries it. */
  extension?: string;
  /** The entry climbs above the docs root (`../x`). */
  climbsOut: boolean;
}

/** What an entry needs before it is an id as written: a leading `/`, `.` segments, `//`, an extension, spaces. */
const NEEDS_WORK = /^(?:\.{1,2}(?:\/|$)|\/)|\/\.{0,2}(?:\/|$)|\.mdx?$|^\s|\s$/i;

/** Reads a navigation page entry the way the platform does. */
export function normalisePageEntry(value: string): NormalisedPageEntry {
  if (!NEEDS_WORK.test(value)) return { id: value, leading: undefined, extension: undefined, climbsOut: false };
  const trimmed = value.trim();
  const leading = /^(?:\.\/|\/)+/.exec(trimmed)?.[0];
  let rest = leading ? trimmed.slice(leading.length) : trimmed;
  const extension = PAGE_EXTENSIONS.find((ext) => rest.toLowerCase().endsWith(ext));
  if (extension) rest = rest.slice(0, -extension.length);
  const parts: string[] = [];
  let climbsOut = false;
  for (const segment of rest.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) climbsOut = true;
      else parts.pop();
    } else {
      parts.push(segment);
    }
  }
  return { id: parts.join('/'), leading, extension, climbsOut };
}
