import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { e2eUnavailable, launchBrowser, remoteUri, REPO, startCodeServer, workbenchUrl } from '../helpers/codeServer';

/**
 * The extension-host suite (test/vscode/suite) in a real VS Code: code-server 1.100 in Chromium, the
 * extension loaded from this folder as a development extension. The same suite runs on a desktop
 * through @vscode/test-electron (npm run test:vscode).
 */
test('extension-host suite in code-server', { timeout: 180000 }, async (t) => {
  const unavailable = e2eUnavailable();
  if (unavailable) {
    t.skip(`NOT RUN: ${unavailable}`);
    return;
  }
  const workspace = await mkdtemp(join(tmpdir(), 'docsmith-site-'));
  await cp(join(REPO, 'examples/site'), workspace, { recursive: true });
  const server = await startCodeServer(workspace, { env: { DOCSMITH_TEST_HOOKS: '1' } });
  const browser = await launchBrowser();
  const lines: string[] = [];
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(15000);
    await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => {
      const line = format(...(args as [unknown, ...unknown[]]));
      lines.push(line);
    });
    const exit = new Promise<number>((resolve) => void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)));
    await page.goto(
      workbenchUrl(server, workspace, [
        ['extensionDevelopmentPath', remoteUri(server, REPO)],
        ['extensionTestsPath', remoteUri(server, join(REPO, 'dist-test/suite'))],
      ]),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<number>((_, fail) => (timer = setTimeout(() => fail(new Error('the suite did not finish in 150 s')), 150000)));
    const code = await Promise.race([exit, timeout]).finally(() => clearTimeout(timer));
    const report = lines.filter((line) => /^\s*(✔|✓|\d+\)|passing|failing|\d+ passed)/.test(line) || /Docsmith in VS Code|Error|assert/i.test(line));
    console.log(report.join('\n'));
    assert.equal(code, 0, `extension-host tests failed:\n${lines.join('\n')}\n--- code-server log ---\n${server.log().slice(-4000)}`);
    assert.ok(lines.some((line) => /^11 passed, 0 failed$/.test(line.trim())), lines.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
    await rm(workspace, { recursive: true, force: true });
  }
});
