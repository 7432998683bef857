import { replacementCharacters, replacementMessage } from '../../check/replacementCharacters';
import type { PageContext } from '../pageContext';

/** A page (or snippet) whose file is not UTF-8 shows "�" on the published site (see replacementCharacters.ts). */
export function replacementCharacterRule(page: PageContext): void {
  const found = replacementCharacters(page.document.text);
  if (found) page.report('page/replacement-character', found.offset, 1, replacementMessage(found.count, 'The page'));
}
