import { test } from 'node:test';
import assert from 'node:assert/strict';
import { e2eUnavailable, runExtensionHostSuite } from '../helpers/codeServer';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The extension-host suites (test/vscode/) in a real VS Code: code-server 1.100 in Chromium, the
 * extension loaded from this folder as a development extension. The main suite runs on a desktop
 * too, through @vscode/test-electron (npm run test:vscode).
 */
const unavailable = e2eUnavailable();

/**
 * The suite's result lines, and its errors by their first line. VS Code's own "DialogService: refused
 * to show dialog in tests" (the workspace-trust prompt a test profile refuses, as it should) is no
 * error of the suite's: its stack trace stays out of a passing run's output.
 */
function report(lines: string[]): string {
  return lines
    .map((line) => line.split('\n')[0])
    .filter((line) => !line.startsWith('DialogService: refused to show dialog in tests'))
    .filter((line) => /^\s*(?:✔|✓|\d+\)|passing|failing|\d+ passed)/.test(line) || /Error|assert/i.test(line))
    .join('\n');
}

/** How many tests a folder of the extension-host suites declares (`test(` at a suite's indent): all must pass, none go missing. */
function declaredTests(folder: string): number {
  const dir = join(__dirname, '../vscode', folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .reduce((sum, name) => sum + (readFileSync(join(dir, name), 'utf8').match(/^ {2}test\(/gm) ?? []).length, 0);
}

test('extension-host suite in code-server', { timeout: 180000, skip: unavailable && `NOT RUN: ${unavailable}` }, async () => {
  const { code, lines, serverLog } = await runExtensionHostSuite('suite', { env: { DOCSMITH_TEST_HOOKS: '1' } });
  console.log(report(lines));
  assert.equal(code, 0, `extension-host tests failed:\n${lines.join('\n')}\n--- code-server log ---\n${serverLog.slice(-4000)}`);
  assert.ok(
    lines.some((line) => line.trim() === `${declaredTests('suite')} passed, 0 failed`),
    lines.join('\n'),
  );
});

test(
  'untrusted workspace: file checks only, no network, no key',
  { timeout: 180000, skip: unavailable && `NOT RUN: ${unavailable}` },
  async () => {
    const { code, lines, serverLog } = await runExtensionHostSuite('untrusted', { trust: false });
    console.log(report(lines));
    assert.equal(code, 0, `untrusted-workspace tests failed:\n${lines.join('\n')}\n--- code-server log ---\n${serverLog.slice(-4000)}`);
    assert.ok(
      lines.some((line) => line.trim() === `${declaredTests('untrusted')} passed, 0 failed`),
      lines.join('\n'),
    );
  },
);
