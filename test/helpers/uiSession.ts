import { spawnSync } from 'node:child_process';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startExportServer, type RunningExportServer } from '../../server/src/mock/exportServer';
import { CODE_SERVER, isolatedHome, launchBrowser, REPO, startCodeServer, workbenchUrl, type CodeServer } from './codeServer';
import { tempDir } from './tempDir';

export const RESULTS = join(REPO, 'test-results');
export const DEMO_KEY = 'mint_e2e_demo_key';

export interface UiSession {
  page: Page;
  site: string;
  exportServer: RunningExportServer;
  codeServer: CodeServer;
  browser: Browser;
  shot(name: string): Promise<string>;
  /** Saves the text of the Docsmith output channel (for a failed step). */
  saveOutput(name: string): Promise<void>;
  close(): Promise<void>;
  /** Runs a step of a test: a screenshot after it, or on failure one and the Docsmith output, saved in test-results/. */
  step(name: string, body: () => Promise<void>): Promise<void>;
}

/** The packaged extension: what ships is what is tested. */
export function packagedExtension(): string {
  const { name, version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  const vsix = join(REPO, `${name}-${version}.vsix`);
  const result = spawnSync(process.execPath, [join(REPO, 'scripts/package.mjs')], { cwd: REPO, encoding: 'utf8' });
  if (result.status !== 0 || !existsSync(vsix)) throw new Error(`npm run package failed:\n${result.stdout}\n${result.stderr}`);
  return vsix;
}

/**
 * code-server with the .vsix installed, on a fresh copy of examples/site whose settings point the
 * Docs Gaps view at a local export server; Chromium on the workbench.
 */
export async function startUiSession({ web = false }: { web?: boolean } = {}): Promise<UiSession> {
  const vsix = packagedExtension();
  // The browser build fetches from the workbench's origin: the export server must allow it (CORS).
  const exportServer = await startExportServer({ key: DEMO_KEY, project: 'demo', seed: 1, conversations: 240, ...(web && { cors: '*' }) });
  const site = tempDir('docsmith-ui-site-');
  await cp(join(REPO, 'examples/site'), site, { recursive: true });
  await mkdir(join(site, '.vscode'), { recursive: true });
  await writeFile(
    join(site, '.vscode/settings.json'),
    JSON.stringify(
      {
        'docsmith.analytics.projectId': 'demo',
        'docsmith.analytics.baseUrl': exportServer.url,
        'docsmith.rename.redirects': 'never',
        'workbench.startupEditor': 'none',
        // Each step's edits stay the step's: no auto-save racing a step's "Revert File".
        'files.autoSave': 'off',
        'editor.acceptSuggestionOnEnter': 'on',
      },
      null,
      2,
    ),
  );
  const dir = tempDir('docsmith-ui-');
  const userData = join(dir, 'ud');
  const extensions = join(dir, 'exts');
  const install = spawnSync(CODE_SERVER, ['--user-data-dir', userData, '--extensions-dir', extensions, '--install-extension', vsix], {
    encoding: 'utf8',
    env: { ...process.env, ...isolatedHome(dir) },
  });
  if (install.status !== 0) throw new Error(`installing the .vsix failed:\n${install.stdout}\n${install.stderr}`);
  if (web) await webOnly(extensions);
  const codeServer = await startCodeServer(site, { userDataDir: userData, extensionsDir: extensions });
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(15000);
  await mkdir(RESULTS, { recursive: true });
  await page.goto(workbenchUrl(codeServer, site));
  await page.waitForSelector('.monaco-workbench');
  const session: UiSession = {
    page,
    site,
    exportServer,
    codeServer,
    browser,
    async shot(name: string) {
      const path = join(RESULTS, `${name}.png`);
      await page.screenshot({ path });
      return path;
    },
    async step(name: string, body: () => Promise<void>) {
      try {
        await body();
        await session.shot(name);
      } catch (error) {
        await session.shot(`${name}-FAILED`).catch(() => undefined);
        await session.saveOutput(`${name}-FAILED-output.txt`).catch(() => undefined);
        throw error;
      }
    },
    async saveOutput(name: string) {
      await page.keyboard.press('Escape');
      await runCommand(page, 'Docsmith: Show Output');
      // The channel opens empty and fills a moment later: wait until it shows its lines.
      const lines = page.locator('.output-view .view-lines').first();
      await lines
        .filter({ hasText: /\S/ })
        .waitFor({ timeout: 10000 })
        .catch(() => undefined);
      const text = await lines.innerText({ timeout: 5000 });
      // Monaco renders spaces as no-break spaces.
      await writeFile(join(RESULTS, name), text.replace(/\u00a0/g, ' '));
    },
    async close() {
      await browser.close();
      await codeServer.stop();
      await exportServer.close();
    },
  };
  return session;
}

/**
 * The test variant of the manifest for the browser build: the installed extension's `main` removed, so
 * that VS Code's web client runs it in its web worker extension host (as github.dev and vscode.dev
 * do), from its `browser` entry, with no Node extension host and no node language server.
 */
async function webOnly(extensions: string): Promise<void> {
  const { readdir, readFile } = await import('node:fs/promises');
  const folder = (await readdir(extensions)).find((name) => name.includes('docsmith'));
  if (!folder) throw new Error(`the .vsix installed no docsmith folder in ${extensions}`);
  const manifest = join(extensions, folder, 'package.json');
  const { main, ...rest } = JSON.parse(await readFile(manifest, 'utf8'));
  if (!main || !rest.browser) throw new Error(`${manifest} has no main or no browser entry`);
  await writeFile(manifest, JSON.stringify(rest, null, 2));
}

const QUICK_INPUT = '.quick-input-widget .quick-input-box input';

/**
 * Opens a quick input (Quick Open, the command palette, Go to Line) and waits until it shows. A key
 * pressed while the previous one is still closing can be lost, so it is pressed again (up to 3 times).
 */
async function openQuickInput(page: Page, key: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press(key);
    try {
      await page.locator(QUICK_INPUT).waitFor({ state: 'visible', timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** Opens a file (its tab when it is open already, else through Quick Open) and waits for its tab to be active. */
export async function openFile(page: Page, name: string): Promise<void> {
  const base = name.split('/').pop()!;
  const tab = page.locator(`.tabs-container .tab[aria-label^="${base}"]`);
  if ((await tab.count()) > 0) {
    await tab.first().click();
  } else {
    await page.keyboard.press('Escape');
    await openQuickInput(page, 'Control+P');
    await page.fill(QUICK_INPUT, name);
    await page.waitForSelector(`.quick-input-list .monaco-list-row[aria-label*="${base}"]`);
    await page.keyboard.press('Enter');
  }
  await page.waitForSelector(`.tabs-container .tab.active[aria-label^="${base}"]`);
}

/** Runs a command from the palette by its title. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await openQuickInput(page, 'F1');
  await page.fill(QUICK_INPUT, `>${title}`);
  await page.waitForSelector(`.quick-input-list .monaco-list-row[aria-label*="${title}"]`);
  await page.keyboard.press('Enter');
}

/** Moves the cursor to a line (1-based) and column of the active editor. */
export async function goToLine(page: Page, line: number, column = 1): Promise<void> {
  await openQuickInput(page, 'Control+G');
  await page.fill(QUICK_INPUT, `:${line}:${column}`);
  await page.keyboard.press('Enter');
}
