import { replacementCharacters, replacementMessage } from '../../check/replacementCharacters';
import type { PageContext } from '../pageContext';

/** A page (or snippet) whose file is not UTF-8 shows "�" on the published site (see replacementCharacters.ts). */
export async function replacementCharacterRule(page: PageContext): Promise<void> {
  const found = replacementCharacters(page.document.text);
  if (found && (await page.site.workspace.isNotUtf8?.(page.uri)))
    page.report('page/replacement-character', found.offset, 1, replacementMessage(found.count, 'The page'));
}
