import { resolvePath } from '../../common/text';

/**
 * OpenAPI Overlays (the OpenAPI Initiative's Overlay Specification 1.0 and 1.1): documents of
 * JSONPath-targeted actions the platform applies to a spec before it reads its operations. An
 * overlay applies to the spec its `extends` names, or to the specs whose docs.json `openapi` object
 * lists it in `overlays` (an explicit list wins over discovery; an empty one applies none).
 */

export interface OverlayAction {
  target: string;
  update?: unknown;
  copy?: string;
  remove?: boolean;
}

export interface OverlayDocument {
  /** Its path from the docs root, as the platform keys it (`api/public.overlay.yaml`). */
  location: string;
  /** The spec it extends, as a path from the docs root or a URL. */
  extends?: string;
  actions: OverlayAction[];
}

const VERSION = /^1\.[01](?:\.\d+)?$/;
const DOCUMENT_KEYS = new Set(['overlay', 'info', 'extends', 'actions']);
const ACTION_KEYS = new Set(['target', 'description', 'update', 'copy', 'remove']);

/** Whether a parsed file is an Overlay document: an object with a top-level `overlay` key. */
export function isOverlayDocument(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'overlay' in value;
}

/** An Overlay document as the platform validates one, or why it is not valid (the platform skips it). */
export function readOverlay(value: Record<string, unknown>, location: string): OverlayDocument | { error: string } {
  const problem = overlayProblem(value);
  if (problem) return { error: problem };
  const extendsValue = typeof value.extends === 'string' ? resolveExtends(location, value.extends) : undefined;
  const actions = (value.actions as Record<string, unknown>[]).map((action) => ({
    target: (action.target as string).trim(),
    ...(action.update !== undefined && { update: action.update }),
    ...(typeof action.copy === 'string' && { copy: action.copy.trim() }),
    ...(action.remove === true && { remove: true }),
  }));
  return { location: overlayKey(location), ...(extendsValue !== undefined && { extends: extendsValue }), actions };
}

function overlayProblem(value: Record<string, unknown>): string | undefined {
  if (typeof value.overlay !== 'string' || !VERSION.test(value.overlay)) return 'its `overlay` version is not 1.0.x or 1.1.x';
  const info = value.info as Record<string, unknown> | undefined;
  if (!info || typeof info !== 'object' || typeof info.title !== 'string' || typeof info.version !== 'string')
    return 'its `info` needs a `title` and a `version`';
  if (value.extends !== undefined && typeof value.extends !== 'string') return 'its `extends` is not a string';
  const unknown = Object.keys(value).find((key) => !DOCUMENT_KEYS.has(key) && !key.startsWith('x-'));
  if (unknown) return `it has an unknown field \`${unknown}\``;
  if (!Array.isArray(value.actions) || value.actions.length === 0) return 'it has no `actions`';
  for (const action of value.actions as unknown[]) {
    if (!action || typeof action !== 'object' || Array.isArray(action)) return 'an action is not an object';
    const fields = action as Record<string, unknown>;
    if (typeof fields.target !== 'string' || fields.target.trim() === '') return 'an action has no `target`';
    const extra = Object.keys(fields).find((key) => !ACTION_KEYS.has(key) && !key.startsWith('x-'));
    if (extra) return `an action has an unknown field \`${extra}\``;
    if (fields.copy !== undefined && (typeof fields.copy !== 'string' || fields.copy.trim() === '')) return 'an action has an empty `copy`';
    if (fields.remove !== undefined && typeof fields.remove !== 'boolean') return 'an action has a `remove` that is not true or false';
    if (fields.update !== undefined && fields.copy !== undefined) return 'an action has both `update` and `copy`';
    if (fields.update === undefined && fields.copy === undefined && fields.remove !== true) return 'an action has no effect';
    if (fields.copy !== undefined && value.overlay.startsWith('1.0')) return '`copy` needs Overlay 1.1';
  }
  return undefined;
}

/** A URL as it is; a path without `.`, `..` and empty segments, and without a leading `/`. */
export function overlayKey(reference: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(reference)) return reference;
  return resolvePath('', reference);
}

/** An overlay's `extends`, from the overlay's own folder (or the docs root, with a leading `/`). */
export function resolveExtends(location: string, extendsValue: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(extendsValue) || extendsValue.startsWith('/')) return overlayKey(extendsValue);
  const folder = overlayKey(location).split('/').slice(0, -1).join('/');
  return resolvePath(folder, extendsValue);
}

/**
 * The overlays for a spec (its path from the docs root), in the order they apply: docs.json's list for
 * it when there is one (`listed`, overlay paths or URLs), else the discovered overlays that extend it,
 * by their paths' order.
 */
export function overlaysFor(
  spec: string,
  discovered: readonly OverlayDocument[],
  listed: readonly string[] | undefined,
): { explicit: readonly string[] } | { discovered: OverlayDocument[] } {
  if (listed) return { explicit: listed };
  const key = overlayKey(spec);
  return {
    discovered: discovered
      .filter((overlay) => overlay.extends === key)
      .sort((a, b) => (a.location < b.location ? -1 : a.location > b.location ? 1 : 0)),
  };
}
