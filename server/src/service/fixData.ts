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
}
