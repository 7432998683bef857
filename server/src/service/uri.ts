import { URI, Utils } from 'vscode-uri';

/** Characters that URI.toString() would percent-encode in a path segment. */
const NEEDS_ENCODING = /[^\w\-.~!$&'()*+,;=:@/]/;

export function joinUri(base: string, ...segments: string[]): string {
  // Fast path for the common case (thousands of pages per check): plain segments, no `.`/`..`.
  if (
    segments.every((segment) => !NEEDS_ENCODING.test(segment) && !/(?:^|\/)\.\.?(?:\/|$)/.test(segment) && segment !== '') &&
    !base.endsWith('/')
  ) {
    return `${base}/${segments.join('/')}`;
  }
  return Utils.joinPath(URI.parse(base), ...segments).toString();
}

export function dirnameUri(uri: string): string {
  return Utils.dirname(URI.parse(uri)).toString();
}

/** `uri` relative to `baseUri` with `/`, or undefined when it is not below it. */
export function relativeUri(baseUri: string, uri: string): string | undefined {
  const base = baseUri.endsWith('/') ? baseUri : baseUri + '/';
  if (!uri.startsWith(base)) return undefined;
  return decodeURIComponent(uri.slice(base.length));
}

export function uriToPath(uri: string): string {
  // Fast path for `file:///abs/path` on POSIX; vscode-uri handles the rest (Windows drives, UNC).
  if (uri.startsWith('file:///') && !/^file:\/\/\/[A-Z](?::|%3A)/i.test(uri)) return decodeURIComponent(uri.slice(7));
  return URI.parse(uri).fsPath;
}

export function pathToUri(path: string): string {
  return URI.file(path).toString();
}

/**
 * Resolves a relative path against a folder URI, normalising `.` and `..`. Returns undefined when the
 * result climbs above `rootUri`.
 */
export function resolveInside(rootUri: string, folderUri: string, relative: string): string | undefined {
  const root = URI.parse(rootUri).path.replace(/\/$/, '');
  const start = relative.startsWith('/') ? root : URI.parse(folderUri).path;
  const parts = start.split('/');
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  const path = parts.join('/') || '/';
  if (path !== root && !path.startsWith(root + '/')) return undefined;
  return URI.parse(rootUri).with({ path }).toString();
}
