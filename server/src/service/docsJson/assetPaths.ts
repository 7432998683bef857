import type { Segment } from './jsonLocation';
import { child, items, stringValue, type JsonNode } from '../json/jsonTree';

/** What a docs.json file path is for, as a message names it. */
export type AssetKind = 'favicon' | 'logo' | 'background' | 'thumbnail' | 'font' | 'language';

/** A file docs.json names for the site's look: the node of its path and what it is for. */
export interface AssetPath {
  kind: AssetKind;
  node: JsonNode;
  value: string;
  /** `light` or `dark` for a path given per mode. */
  mode?: 'light' | 'dark';
  /** Where it is in docs.json (`logo.light`, `styling.codeblocks.languages.custom[0]`). */
  key: string;
}

/**
 * The keys whose strings are files of the docs root: the favicon, the logo and the background image
 * (a path, or `light`/`dark` paths), the thumbnails' background, self-hosted font sources, and the
 * TextMate grammars of custom code block languages (a list).
 */
const PLACES: readonly { kind: AssetKind; path: readonly string[]; modes?: boolean; list?: boolean }[] = [
  { kind: 'favicon', path: ['favicon'], modes: true },
  { kind: 'logo', path: ['logo'], modes: true },
  { kind: 'background', path: ['background', 'image'], modes: true },
  { kind: 'thumbnail', path: ['thumbnails', 'background'] },
  { kind: 'font', path: ['fonts', 'source'] },
  { kind: 'font', path: ['fonts', 'heading', 'source'] },
  { kind: 'font', path: ['fonts', 'body', 'source'] },
  { kind: 'language', path: ['styling', 'codeblocks', 'languages', 'custom'], list: true },
];

/** Every asset path docs.json gives, URLs included (a string of the wrong place or type is none). */
export function assetPaths(config: JsonNode): AssetPath[] {
  const found: AssetPath[] = [];
  for (const place of PLACES) {
    let node: JsonNode | undefined = config;
    for (const key of place.path) node = child(node, key);
    const value = stringValue(node);
    if (place.list) {
      for (const [index, item] of items(node).entries()) {
        const text = stringValue(item);
        if (text !== undefined) found.push({ kind: place.kind, node: item, value: text, key: `${place.path.join('.')}[${index}]` });
      }
    } else if (node && value !== undefined) found.push({ kind: place.kind, node, value, key: place.path.join('.') });
    else if (node?.type === 'object' && place.modes)
      for (const mode of ['light', 'dark'] as const) {
        const inner = child(node, mode);
        const text = stringValue(inner);
        if (inner && text !== undefined)
          found.push({ kind: place.kind, node: inner, value: text, mode, key: `${place.path.join('.')}.${mode}` });
      }
  }
  return found;
}

/** Whether a JSON path (from the root of docs.json) is that of an asset path. */
export function isAssetPath(path: readonly Segment[]): boolean {
  const keys = path.map(String);
  const last = path.at(-1);
  return PLACES.some(
    (place) =>
      (place.list
        ? keys.length === place.path.length + 1 && typeof last === 'number'
        : keys.length === place.path.length ||
          (place.modes && keys.length === place.path.length + 1 && /^(?:light|dark)$/.test(keys.at(-1)!))) &&
      place.path.every((key, index) => keys[index] === key),
  );
}

/**
 * The file of the docs root an asset path names (`/images/logo.svg` and `images/logo.svg` alike,
 * `./` and `%20` read): undefined for a URL, null for a path that leaves the root.
 */
export function assetFile(value: string): string | null | undefined {
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return undefined;
  const path = trimmed.split(/[?#]/)[0];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // kept as written
  }
  const parts: string[] = [];
  for (const part of decoded.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length ? parts.join('/') : null;
}
