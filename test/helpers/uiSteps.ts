import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO_KEY, goToLine, openFile, runCommand, type UiSession } from './uiSession';

/**
 * Steps the desktop (ui.test.ts) and browser (web.test.ts) UI suites both take on examples/site, the
 * same way: what differs between the two builds is where the extension runs, not what the user does.
 */

/** Completion inside docs.json's pages array offers a page on disk; the edit is reverted. */
export async function completePageEntry(page: Page): Promise<void> {
  await openFile(page, 'docs.json');
  await goToLine(page, 31, 51);
  await page.keyboard.type(', "');
  await page.keyboard.press('Control+Space');
  await page.locator('.editor-widget.suggest-widget.visible .monaco-list-row', { hasText: 'guides/old-setup' }).first().waitFor();
  await page.keyboard.press('Escape');
  await runCommand(page, 'File: Revert File');
  await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached' });
}

/** The quick fix of the entry that names no page creates the page, and the error goes. */
export async function createMissingPage(page: Page): Promise<void> {
  await openFile(page, 'docs.json');
  await goToLine(page, 18, 36);
  await page.keyboard.press('Control+.');
  await page.getByText('Create guides/quikstart.mdx', { exact: true }).click({ force: true });
  await page
    .locator('.markers-panel .monaco-list-row', { hasText: 'guides/quikstart" does not exist' })
    .waitFor({ state: 'detached', timeout: 20000 });
}

/** Docsmith: Set Admin API Key, with the demo key. */
export async function setAdminKey(page: Page): Promise<void> {
  await runCommand(page, 'Docsmith: Set Admin API Key');
  await page.fill('.quick-input-widget .quick-input-box input[type="password"]', DEMO_KEY);
  await page.keyboard.press('Enter');
  await page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'admin API key stored' }).waitFor();
}

/** The Docs Gaps view opened and refreshed: clusters of unanswered questions, fetched with the key. */
export async function refreshGapsView(session: UiSession): Promise<void> {
  const { page } = session;
  const explorer = page.locator('.pane-header[aria-label^="Explorer Section"]');
  if ((await explorer.getAttribute('aria-expanded')) === 'true') await explorer.click();
  // By its title: the header's aria-label changes with the view's description (the range and sync time).
  const gaps = page.locator('.pane-header', { has: page.locator('.title', { hasText: /^Docs Gaps$/i }) });
  if ((await gaps.getAttribute('aria-expanded')) !== 'true') await gaps.click();
  await runCommand(page, 'Docsmith: Refresh Docs Gaps');
  // Grouped by need: each cluster row says how many questions it holds, and its trend.
  await page
    .locator('.customview-tree .monaco-list-row[aria-level="1"]', { hasText: /\d (?:[↑↓]\d|=)/ })
    .first()
    .waitFor({ timeout: 30000 });
  assert.ok(session.exportServer.requests.length > 0);
  assert.ok(session.exportServer.requests.every((r) => r.authorization === `Bearer ${DEMO_KEY}`));
}
