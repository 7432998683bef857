// npm run test:vscode: the extension-host suite in desktop VS Code through @vscode/test-electron. It
// downloads VS Code when run (not at install), so it is for contributors with network access; this
// machine runs the same suite through code-server (test/e2e/extensionHost.test.ts).
// VSCODE_VERSION=1.90.0 tests the minimum version the manifest accepts; the default is the latest.
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<void> {
  const repo = resolve(__dirname, '../..');
  const workspace = await mkdtemp(join(tmpdir(), 'docsmith-site-'));
  await cp(join(repo, 'examples/site'), workspace, { recursive: true });
  await runTests({
    version: process.env.VSCODE_VERSION ?? 'stable',
    extensionDevelopmentPath: repo,
    extensionTestsPath: join(repo, 'dist-test/suite'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
