import { trimSlashes } from '../../common/text';
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

/** A compiled wildcard source: its pattern and the kind of each capture (a named segment, or the rest). */
interface CompiledSource {
  pattern: RegExp;
  kinds: ({ kind: 'param'; name: string } | { kind: 'wildcard' })[];
}

const compiled = new Map<string, CompiledSource | undefined>();

function compile(sourcePath: string): CompiledSource | undefined {
  if (compiled.has(sourcePath)) return compiled.get(sourcePath);
  const kinds: CompiledSource['kinds'] = [];
  let pattern = '^';
  for (let at = 0; at < sourcePath.length; at++) {
    const char = sourcePath[at];
    if (char === ':' && /\w/.test(sourcePath[at + 1] ?? '')) {
      let end = at + 1;
      while (end < sourcePath.length && /\w/.test(sourcePath[end])) end++;
      kinds.push({ kind: 'param', name: sourcePath.slice(at + 1, end) });
      pattern += '([^/]+)';
      at = end - 1;
    } else if (char === '*') {
      kinds.push({ kind: 'wildcard' });
      pattern += '(.*)';
    } else pattern += char.replace(/[.+?^${}()|[\]\\]/, '\\$&');
  }
  let result: CompiledSource | undefined;
  try {
    result = { pattern: new RegExp(`${pattern}$`), kinds };
  } catch {
    result = undefined;
  }
  compiled.set(sourcePath, result);
  return result;
}

/** Where a path goes through this redirect, or undefined when it does not match its source. */
export function applyRedirect(path: string, redirect: Redirect): string | undefined {
  if (!redirect.wildcard) return path === redirect.sourcePath ? redirect.destinationPath : undefined;
  const source = compile(redirect.sourcePath);
  const match = source?.pattern.exec(path);
  if (!source || !match) return undefined;
  let destination = redirect.destinationPath;
  const wildcards: string[] = [];
  source.kinds.forEach((kind, index) => {
    const value = match[index + 1] ?? '';
    if (kind.kind === 'param') destination = destination.split(`:${kind.name}`).join(value);
    else wildcards.push(value);
  });
  let next = 0;
  return destination.replace(/\*/g, () => wildcards[next++] ?? '');
}
