import { trimSlashes } from '../../common/text';
import type { OpenApiSpec } from '../openapi/spec';

/** Where the platform writes the pages of a spec when docs.json sets no `directory`. */
export const DEFAULT_API_DIRECTORY = 'api-reference';

/**
 * The page paths the platform generates from OpenAPI operations: `<directory>/<tag>/<summary>` (or
 * `<method>-<path>` without a summary), numbered when two would share a path, or the operation's
 * `x-mint.href`. Links to them are links to pages, though no file exists.
 */
export function generatedPagePaths(specs: readonly { spec: OpenApiSpec; directories: readonly string[] }[]): Set<string> {
  const paths = new Set<string>();
  for (const { spec, directories } of specs) {
    for (const directory of new Set([DEFAULT_API_DIRECTORY, ...directories])) {
      const taken = new Set<string>();
      for (const operation of spec.operations) {
        if (operation.excluded) continue;
        if (operation.href) {
          paths.add(trimSlashes(operation.href));
          continue;
        }
        const title = fileName(operation.summary) ?? `${operation.method.toLowerCase()}-${fileName(operation.path) ?? ''}`;
        const base = [directory, fileName(operation.tag) ?? '', title].filter((part) => part !== '').join('/');
        let path = base;
        for (let count = 1; taken.has(path); count++) path = `${base}-${count}`;
        taken.add(path);
        paths.add(path.toLowerCase());
      }
    }
  }
  return paths;
}

/** The platform's `prepareStringToBeValidFilename`: spaces to `-`, path parameters and punctuation out, lower case. */
function fileName(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value
    .replaceAll(' ', '-')
    .replace(/\{[^{}]*\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replaceAll('--', '-')
    .toLowerCase();
}
