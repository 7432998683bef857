import { trimStartOf } from '../../common/text';

/** The file an import names, relative to the docs root; undefined when it climbs out. */
export function resolveImport(source: string, pageRelative: string): string | undefined {
  const parts = source.startsWith('/') ? [] : pageRelative.split('/').slice(0, -1);
  for (const segment of trimStartOf(source, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (!parts.length) return undefined;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.join('/');
}
