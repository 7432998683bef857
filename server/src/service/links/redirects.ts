import { detached, trimSlashes } from '../../common/text';
/**
 * docs.json `redirects`, matched as the platform matches them: a source is a path from the root,
 * `:name` matches one segment, `*` (as in `:slug*` or `article-*`) matches the rest, and a destination
 * may reuse what they matched.
 */
export interface Redirect {
  /** As written. */
  source: string;
  destination: string;
  /** Without the leading `/` (and, for the destination, without `#anchor` or `?query`). */
  sourcePath: string;
  destinationPath: string;
  wildcard: boolean;
}

export function readRedirect(source: string, destination: string): Redirect {
  return {
    source,
    destination,
    sourcePath: trimSlashes(source),
    destinationPath: trimSlashes(destination.split('#')[0].split('?')[0]),
    wildcard: /[:*]/.test(source),
  };
}

/** A wildcard source in parts: literal text, a named segment (`:name`), or the rest (`*`). */
type SourcePart = { kind: 'text'; text: string } | { kind: 'param'; name: string } | { kind: 'wildcard' };

/** Kept for the life of the process: its keys are copies, never slices of a docs.json text. */
const compiled = new Map<string, SourcePart[]>();

function compile(sourcePath: string): SourcePart[] {
  let parts = compiled.get(sourcePath);
  if (parts) return parts;
  parts = [];
  for (let at = 0; at < sourcePath.length; at++) {
    const char = sourcePath[at];
    if (char === ':' && /\w/.test(sourcePath[at + 1] ?? '')) {
      let end = at + 1;
      while (end < sourcePath.length && /\w/.test(sourcePath[end])) end++;
      parts.push({ kind: 'param', name: sourcePath.slice(at + 1, end) });
      at = end - 1;
    } else if (char === '*') parts.push({ kind: 'wildcard' });
    else {
      const last = parts[parts.length - 1];
      if (last?.kind === 'text') last.text += char;
      else parts.push({ kind: 'text', text: char });
    }
  }
  compiled.set(detached(sourcePath), parts);
  return parts;
}

/**
 * What each named segment and `*` of a source captures in a path, as the regular expression
 * `^text([^/]+)text(.*)...$` would (each capture as long as it can be, the first first), or undefined
 * when the path does not match. Found without backtracking: which parts can match which rest of the
 * path is worked out once, from the end (a table of parts by offsets), so a source of many `*` takes
 * time proportional to its parts times the path's length, not exponential in the `*`.
 */
function captures(parts: readonly SourcePart[], path: string): string[] | undefined {
  const n = path.length;
  // can[i][j]: parts i.. match path.slice(j) exactly.
  const can: Uint8Array[] = parts.map(() => new Uint8Array(n + 1));
  can.push(new Uint8Array(n + 1));
  can[parts.length][n] = 1;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    const next = can[i + 1];
    const here = can[i];
    if (part.kind === 'text') {
      for (let j = 0; j + part.text.length <= n; j++) if (next[j + part.text.length] && path.startsWith(part.text, j)) here[j] = 1;
    } else if (part.kind === 'wildcard') {
      // Any rest: j matches when some k >= j does.
      let any = 0;
      for (let j = n; j >= 0; j--) here[j] = any |= next[j];
    } else {
      // One or more characters up to the next `/`: j matches when some k in (j, end of j's segment] does.
      let any = 0;
      for (let j = n - 1; j >= 0; j--) {
        if (path.charCodeAt(j) === 47 /* / */) any = 0;
        else here[j] = any |= next[j + 1];
      }
    }
  }
  if (!can[0][0]) return undefined;
  const values: string[] = [];
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part.kind === 'text') {
      at += part.text.length;
      continue;
    }
    // The longest capture after which the remaining parts still match.
    let end = part.kind === 'wildcard' ? n : path.indexOf('/', at) < 0 ? n : path.indexOf('/', at);
    while (!can[i + 1][end]) end--;
    values.push(path.slice(at, end));
    at = end;
  }
  return values;
}

/** Where a path goes through this redirect, or undefined when it does not match its source. */
export function applyRedirect(path: string, redirect: Redirect): string | undefined {
  if (!redirect.wildcard) return path === redirect.sourcePath ? redirect.destinationPath : undefined;
  const parts = compile(redirect.sourcePath);
  const values = captures(parts, path);
  if (!values) return undefined;
  let destination = redirect.destinationPath;
  const wildcards: string[] = [];
  let index = 0;
  for (const part of parts) {
    if (part.kind === 'text') continue;
    const value = values[index++];
    if (part.kind === 'param') destination = destination.split(`:${part.name}`).join(value);
    else wildcards.push(value);
  }
  let next = 0;
  return destination.replace(/\*/g, () => wildcards[next++] ?? '');
}

/**
 * A site's redirects, looked up as the platform does (an exact source first, then wildcard sources in
 * their order) without going through the whole list for each path: exact sources by path, wildcard
 * sources by the literal segments they start with (`v1/en/guides/:slug*` under `v1/en/guides`: a
 * multi-version site's redirects all start with a version), tried for the paths under them; those
 * that start with a wildcard are tried for every path.
 */
export class RedirectTable {
  private readonly exact = new Map<string, Redirect>();
  private readonly byPrefix = new Map<string, number[]>();
  private readonly anyPrefix: number[] = [];

  constructor(readonly redirects: readonly Redirect[]) {
    redirects.forEach((redirect, index) => {
      if (!redirect.wildcard) {
        if (!this.exact.has(redirect.sourcePath)) this.exact.set(redirect.sourcePath, redirect);
        return;
      }
      const prefix = literalPrefix(redirect.sourcePath);
      if (prefix === undefined) this.anyPrefix.push(index);
      else {
        const bucket = this.byPrefix.get(prefix);
        if (bucket) bucket.push(index);
        else this.byPrefix.set(prefix, [index]);
      }
    });
  }

  /** The redirect whose source matches the path, or undefined. */
  find(path: string): Redirect | undefined {
    const exact = this.exact.get(path);
    if (exact) return exact;
    const lists: number[][] = this.anyPrefix.length ? [this.anyPrefix] : [];
    if (this.byPrefix.size)
      for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
        const bucket = this.byPrefix.get(path.slice(0, slash));
        if (bucket) lists.push(bucket);
      }
    // Each list is in the redirects' order: merged, the first match is the platform's.
    const candidates = lists.length === 1 ? lists[0] : lists.flat().sort((a, b) => a - b);
    for (const index of candidates) if (applyRedirect(path, this.redirects[index]) !== undefined) return this.redirects[index];
    return undefined;
  }
}

/**
 * The whole segments a wildcard source starts with before its first `:name` or `*` (every path it
 * matches starts with them and a `/`), or undefined when its first segment holds one.
 */
function literalPrefix(sourcePath: string): string | undefined {
  const wild = sourcePath.search(/[:*]/);
  const slash = sourcePath.lastIndexOf('/', wild);
  return slash <= 0 ? undefined : sourcePath.slice(0, slash);
}
