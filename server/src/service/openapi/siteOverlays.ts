import { load as parseYaml } from 'js-yaml';
import { isOverlayDocument, overlayKey, overlaysFor, readOverlay, type OverlayDocument } from './overlays';

/** The overlays the platform applies to one spec of the site. */
export type SpecOverlays =
  /** None, or these, in order; `stamp` changes when one of their files does. */
  | { overlays: OverlayDocument[]; stamp: string }
  /** One Docsmith cannot read (a URL): what the spec holds then is unknown. */
  | { unknown: string }
  /** One the platform cannot load: it leaves the spec out. */
  | { error: string };

export interface SiteOverlays {
  forSpec(relative: string): Promise<SpecOverlays>;
}

interface Site {
  value: Record<string, unknown>;
}

/** The valid Overlay documents of the docs root, by path, each with its file's stamp. */
export type DiscoveredOverlays = Map<string, { overlay: OverlayDocument; stamp: string }>;

const NO_OVERLAYS: SpecOverlays = { overlays: [], stamp: '' };
/** An `overlay` key with a 1.0 or 1.1 version, as JSON or YAML writes it. */
const OVERLAY_KEY = /(?:^|[\s{,])["']?overlay["']?[ \t]*:\s*["']?1\.[01]/m;

/**
 * The overlays of a site: every JSON or YAML file of the docs root (but docs.json and what
 * `.mintignore` leaves out) that is a valid Overlay document, found as the site's files are surveyed
 * for specs (`discovered`, once); and the `overlays` lists docs.json's `openapi` objects give.
 */
export function siteOverlays(site: Site, discovered: () => Promise<DiscoveredOverlays>): SiteOverlays {
  let explicitLists: Map<string, string[] | { conflict: string }> | undefined;
  return {
    async forSpec(relative) {
      const explicit = (explicitLists ??= explicitOverlays(site.value));
      const found = await discovered();
      if (found.size === 0 && explicit.size === 0) return NO_OVERLAYS;
      const listed = explicit.get(overlayKey(relative));
      if (listed && !Array.isArray(listed)) return { error: listed.conflict };
      const which = overlaysFor(
        relative,
        [...found.values()].map((entry) => entry.overlay),
        listed,
      );
      if ('discovered' in which)
        return {
          overlays: which.discovered,
          stamp: which.discovered.map((overlay) => `${overlay.location}@${found.get(overlay.location)!.stamp}`).join('|'),
        };
      const overlays: OverlayDocument[] = [];
      const stamps: string[] = [];
      for (const reference of which.explicit) {
        const key = overlayKey(reference);
        if (/^[a-z][a-z0-9+.-]*:\/\//i.test(key)) return { unknown: `its overlay ${reference} is a URL, which Docsmith does not fetch` };
        const entry = found.get(key);
        if (!entry)
          return { error: `its overlay "${reference}" (docs.json \`overlays\`) is not a valid Overlay document of the docs root` };
        overlays.push(entry.overlay);
        stamps.push(`${key}@${entry.stamp}`);
      }
      return { overlays, stamp: stamps.join('|') };
    },
  };
}

/** The Overlay document a data file of the docs root holds, when it holds a valid one (the platform applies an invalid one nowhere). */
export function overlayFromText(text: string, relative: string): OverlayDocument | undefined {
  // Parsed only when an `overlay` key gives a version Docsmith reads (specs name "overlay" in their prose).
  if (!OVERLAY_KEY.test(text)) return undefined;
  const value = parse(text);
  if (!isOverlayDocument(value)) return undefined;
  const overlay = readOverlay(value, relative);
  return 'error' in overlay ? undefined : overlay;
}

function parse(bomText: string): unknown {
  const text = bomText.charCodeAt(0) === 0xfeff ? bomText.slice(1) : bomText;
  try {
    return /^\s*[{[]/.test(text) ? JSON.parse(text) : parseYaml(text);
  } catch {
    return undefined;
  }
}

/**
 * docs.json's `openapi` objects with an `overlays` list: the spec each names → its overlays (trimmed,
 * as paths from the docs root). A spec given two different lists is a conflict the platform's build
 * stops on: its value is then the message.
 */
function explicitOverlays(config: Record<string, unknown>): Map<string, string[] | { conflict: string }> {
  const explicit = new Map<string, string[] | { conflict: string }>();
  const visit = (value: unknown, key: string | undefined) => {
    if (Array.isArray(value)) for (const item of value) visit(item, key);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (key === 'openapi' && typeof record.source === 'string' && Array.isArray(record.overlays))
        addList(explicit, record.source, record.overlays);
      for (const [name, inner] of Object.entries(record)) visit(inner, name);
    }
  };
  visit(config, undefined);
  return explicit;
}

function addList(explicit: Map<string, string[] | { conflict: string }>, source: string, overlays: unknown[]): void {
  const spec = overlayKey(source.trim());
  const list = overlays.filter((overlay): overlay is string => typeof overlay === 'string').map((overlay) => overlayKey(overlay.trim()));
  const known = explicit.get(spec);
  if (!known) explicit.set(spec, list);
  else if (Array.isArray(known) && known.join('\0') !== list.join('\0'))
    explicit.set(spec, {
      conflict: `docs.json gives it two different \`overlays\` lists ([${known.join(', ')}] and [${list.join(', ')}]), which the platform's build stops on: give the same list everywhere`,
    });
}
