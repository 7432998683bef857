import { test } from 'node:test';
import assert from 'node:assert/strict';
import { e2eUnavailable, runExtensionHostSuite } from '../helpers/codeServer';

/**
 * The extension-host suites (test/vscode/) in a real VS Code: code-server 1.100 in Chromium, the
 * extension loaded from this folder as a development extension. The main suite runs on a desktop
 * too, through @vscode/test-electron (npm run test:vscode).
 */
const unavailable = e2eUnavailable();

function report(lines: string[]): string {
  return lines.filter((line) => /^\s*(?:✔|✓|\d+\)|passing|failing|\d+ passed)/.test(line) || /Error|assert/i.test(line)).join('\n');
}

test('extension-host suite in code-server', { timeout: 180000, skip: unavailable && `NOT RUN: ${unavailable}` }, async () => {
  const { code, lines, serverLog } = await runExtensionHostSuite('suite', { env: { DOCSMITH_TEST_HOOKS: '1' } });
  console.log(report(lines));
  assert.equal(code, 0, `extension-host tests failed:\n${lines.join('\n')}\n--- code-server log ---\n${serverLog.slice(-4000)}`);
  assert.ok(
    lines.some((line) => /^25 passed, 0 failed$/.test(line.trim())),
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
      lines.some((line) => /^3 passed, 0 failed$/.test(line.trim())),
      lines.join('\n'),
    );
  },
);
