import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS, CORPUS_LABEL, corpusSites } from '../helpers/corpus';
import { desktopFindings, webFindings } from '../helpers/webFindings';
import { WEB_SERVER } from '../helpers/webServer';

/**
 * The browser build (github.dev, vscode.dev) gives the answers of the desktop: on every corpus site,
 * the web server's workspace diagnostics (its bundle in a worker, every file served from memory
 * through its `docsmith/fs/*` requests) are the findings of `docsmith check`, site by site. No finding
 * is desktop-only today (docs/editor.md says what differs in the browser: none of it is a finding).
 */
const sites = corpusSites();
console.log(`# web and desktop answers: ${sites.length} sites of ${CORPUS_LABEL}`);

for (const site of sites) {
  test(`the browser build finds what docsmith check finds: ${site}`, async (t) => {
    if (!existsSync(WEB_SERVER)) return t.skip(`NOT RUN: ${WEB_SERVER} is not built (npm run build)`);
    const dir = join(CORPUS, site);
    const [web, desktop] = [await webFindings(dir), await desktopFindings(dir)];
    const inWeb = new Set(web);
    const inDesktop = new Set(desktop);
    assert.deepEqual(
      { onlyInTheBrowser: web.filter((line) => !inDesktop.has(line)), onlyOnTheDesktop: desktop.filter((line) => !inWeb.has(line)) },
      { onlyInTheBrowser: [], onlyOnTheDesktop: [] },
    );
    assert.equal(web.length, desktop.length);
  });
}
