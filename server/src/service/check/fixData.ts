import { Range } from 'vscode-languageserver-types';

/**
 * What a diagnostic carries in `data` so a code action can build its edit without parsing again.
 * Every field is optional; a diagnostic offers each fix it has.
 */
export interface FixData {
  /** Replace the diagnostic's range with this text (already JSON-encoded where the range is JSON). */
  replace?: string;
  /** The label of the replacement, for the code action title. */
  replaceLabel?: string;
  /** Create this page file (relative to the docs root). */
  createPage?: string;
  /** Remove the array entry at the diagnostic's range (with its comma). */
  removeEntry?: boolean;
  /** Remove the property whose key is at the diagnostic's range. */
  removeKey?: boolean;
  /** Add this page id to a navigation group of the user's choice. */
  addToNavigation?: string;
  /** Insert this text at this offset of the diagnostic's file. */
  insert?: { offset: number; text: string };
  /**
   * `replace` is safe to apply with every other such fix of the file, unasked (`source.fixAll.docsmith`,
   * on save): a form the platform reads the same way, or the only candidate a did-you-mean had.
   */
  fixAll?: boolean;
  /**
   * The same finding's other places in the file, each with its own replacement, when one diagnostic
   * stands for them all (see groupRepeats): the fix mends every place the message counts.
   */
  also?: { range: Range; replace: string }[];
}

/** The fix that writes `value` (a JSON string, quotes included) in place of the diagnostic's range. */
export function replaceWith(value: string, label = value): FixData {
  return { replace: JSON.stringify(value), replaceLabel: label };
}

/**
 * The fields of a diagnostic's `data` that have the right type. The data comes back from the client,
 * which may send anything: a field of the wrong type is dropped rather than trusted.
 */
export function readFixData(data: unknown): FixData {
  if (typeof data !== 'object' || data === null) return {};
  const raw = data as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const flag = (value: unknown) => (value === true ? true : undefined);
  const insert = raw.insert as Record<string, unknown> | null | undefined;
  const read: FixData = {
    replace: text(raw.replace),
    replaceLabel: text(raw.replaceLabel),
    createPage: text(raw.createPage),
    removeEntry: flag(raw.removeEntry),
    removeKey: flag(raw.removeKey),
    addToNavigation: text(raw.addToNavigation),
    fixAll: flag(raw.fixAll),
    also: Array.isArray(raw.also)
      ? raw.also.filter((place): place is { range: Range; replace: string } => Range.is(place?.range) && typeof place?.replace === 'string')
      : undefined,
    insert:
      typeof insert === 'object' && insert !== null && Number.isInteger(insert.offset) && typeof insert.text === 'string'
        ? { offset: insert.offset as number, text: insert.text }
        : undefined,
  };
  for (const key of Object.keys(read) as (keyof FixData)[]) if (read[key] === undefined) delete read[key];
  return read;
}

/** The edits of the `replace` fix: the diagnostic's range, and the other places it stands for. */
export function replaceEdits(range: Range, data: FixData): { range: Range; newText: string }[] {
  if (data.replace === undefined) return [];
  return [{ range, newText: data.replace }, ...(data.also ?? []).map((place) => ({ range: place.range, newText: place.replace }))];
}
