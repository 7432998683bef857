/**
 * MDX pages open as plain text when no extension gives VS Code an MDX language: no highlighting of
 * front matter, headings or components. Docsmith registers no language or grammar of its own (the
 * platform's extension provides one, and asks that other MDX extensions be disabled); it offers that
 * extension once instead. No `vscode` here: unit-tested (test/client/mdxLanguageOffer.test.ts).
 */

/** The platform's official VS Code extension for MDX ("Mintlify MDX"). */
export const MINTLIFY_MDX = 'mintlify.mintlify-snippets';
export const INSTALL = 'Install Mintlify MDX';
export const NEVER = 'Never Ask Again';
export const OFFER =
  "MDX pages open as plain text here: no extension gives VS Code an MDX language. The platform's own extension, Mintlify MDX, highlights front matter, headings and components. Docsmith keeps checking the pages either way.";

export interface MdxOfferState {
  /** The file opened. */
  path: string;
  /** Its language in the editor. */
  languageId: string;
  /** Every language VS Code knows now. */
  languages: readonly string[];
  /** "Never ask again" was chosen (kept for the user, across workspaces). */
  never: boolean;
  /** Already offered in this window. */
  offered: boolean;
}

/** Whether to offer Mintlify MDX for this file: an .mdx page shown as plain text, with no MDX language anywhere. */
export function shouldOfferMdx(state: MdxOfferState): boolean {
  if (state.never || state.offered) return false;
  if (!/\.mdx$/i.test(state.path)) return false;
  return state.languageId === 'plaintext' && !state.languages.includes('mdx');
}
