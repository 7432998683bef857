import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { e2eUnavailable } from '../helpers/codeServer';
import { goToLine, openFile, runCommand, startUiSession, type UiSession } from '../helpers/uiSession';
import { completePageEntry, createMissingPage, refreshGapsView, setAdminKey } from '../helpers/uiSteps';

/**
 * The browser build (github.dev, vscode.dev) in a real VS Code web client: code-server's workbench in
 * Chromium runs the packaged extension, its manifest without `main`, in the web worker extension host;
 * the language server is a Web Worker started from a blob and reads every file through the editor.
 */
const unavailable = e2eUnavailable();
let session: UiSession;

before(async () => {
  if (!unavailable) session = await startUiSession({ web: true });
});
after(async () => {
  await session?.close();
});

const step = (name: string, body: () => Promise<void>) => session.step(`web-${name}`, body);
const skip = unavailable && `NOT RUN: ${unavailable}`;

test('web: the extension runs in the web worker host, and a broken page entry shows in Problems', { skip }, async () => {
  const { page } = session;
  await step('01-problems', async () => {
    await openFile(page, 'docs.json');
    await page.keyboard.press('Control+Shift+M');
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'guides/quikstart' }).first().waitFor({ timeout: 30000 });
    // A page's findings come from files the server asked the editor for.
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'authMethod' }).first().waitFor({ timeout: 30000 });
  });
  await step('02-web-worker-host', async () => {
    // No node language server: code-server's processes hold no dist/server.js.
    const processes = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout;
    assert.equal(
      processes
        .split('\n')
        .filter((line) => line.includes(session.codeServer.port.toString()) || /docsmith.*dist\/server\.js/.test(line))
        .some((line) => /dist\/server\.js/.test(line)),
      false,
      'a node language server is running',
    );
    await runCommand(page, 'Docsmith: Show Output');
    await page.locator('.output-view .view-lines', { hasText: 'language server runs in a Web Worker' }).first().waitFor();
  });
});

test('web: a page the scanner cannot vouch for is parsed on the parser Web Worker, and its syntax error shown', { skip }, async () => {
  const { page } = session;
  await step('02b-parser-worker', async () => {
    const { writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    // JSX over two lines inside a paragraph: only the MDX parser can say whether the page builds.
    await writeFile(
      join(session.site, 'guides/tooltip.mdx'),
      '---\ntitle: Tooltip\n---\n\nText <Tooltip\n  tip="x">word</Tooltip> and <b>bold</i>.\n',
    );
    await openFile(page, 'guides/tooltip.mdx');
    await runCommand(page, 'Problems: Focus on Problems View');
    // The Problems list renders only the rows that fit: filter it down to the page's.
    const filter = page.getByPlaceholder('Filter (e.g. text, **/*.ts, !**/node_modules/**)');
    await filter.fill('closing tag');
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'Unexpected closing tag' }).first().waitFor({ timeout: 30000 });
    await filter.fill('');
    await runCommand(page, 'Docsmith: Show Output');
    const output = page.locator('.output-view .view-lines').first();
    await output.filter({ hasText: 'Web Worker' }).waitFor();
    assert.doesNotMatch(await output.innerText(), /parses MDX on this thread/, 'the parser fell back to the server thread');
  });
});

test('web: the Docs Navigation view shows the sidebar, pages labelled from front matter read through the editor', { skip }, async () => {
  const { page } = session;
  const row = (label: string) =>
    page.locator('.pane-body .monaco-list-row', { has: page.locator('.label-name', { hasText: label }) }).first();
  await step('02c-navigation-view', async () => {
    const explorer = page.locator('.pane-header[aria-label^="Explorer Section"]');
    if ((await explorer.getAttribute('aria-expanded')) === 'true') await explorer.click();
    const navigation = page.locator('.pane-header', { has: page.locator('.title', { hasText: /^Docs Navigation$/i }) });
    if ((await navigation.getAttribute('aria-expanded')) !== 'true') await navigation.click();
    await row('Not in navigation').waitFor({ timeout: 30000 });
    for (const group of ['Guides', 'Get started']) {
      await row(group).waitFor();
      if ((await row(group).getAttribute('aria-expanded')) === 'false') await row(group).locator('.monaco-tl-twistie').click();
    }
    await row('Welcome to Acme').waitFor();
  });
});

test('web: completion of a page entry in docs.json', { skip }, async () => {
  await step('03-completion', () => completePageEntry(session.page));
});

test('web: a quick fix applied takes the error away', { skip }, async () => {
  await step('04-quick-fix', () => createMissingPage(session.page));
});

test('web: a page opened from a link in a page', { skip }, async () => {
  const { page } = session;
  await step('05-follow-link', async () => {
    await openFile(page, 'guides/authentication.mdx');
    // Inside the link's target, `/guides/webhooks#verifying-signature`: Go to Definition opens the page.
    await goToLine(page, 16, 72);
    await page.keyboard.press('F12');
    await page.waitForSelector('.tabs-container .tab.active[aria-label^="webhooks.mdx"]');
  });
});

test('web: the Docs Gaps view is filled from the local export server, through the browser', { skip }, async () => {
  await step('06-set-key', () => setAdminKey(session.page));
  await step('07-gaps-view', () => refreshGapsView(session));
});
