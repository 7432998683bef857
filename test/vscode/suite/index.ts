// The extension-host test suite: the module `@vscode/test-electron` runs on a desktop, and
// code-server runs here (E2E.md). `run()` resolves when every test passed, rejects otherwise.
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 30000, reporter: 'spec' });
  mocha.suite.emit('pre-require', globalThis, 'extension.test', mocha);
  // Loaded after the globals (suite, test) exist; esbuild inlines them as lazy modules.
  require('./extension.test');
  require('./gaps.test');
  require('./gapClusters.test');
  return new Promise((resolve, reject) => {
    mocha.run((failures) => {
      const passed = mocha.suite.total() - failures;
      console.log(`${passed} passed, ${failures} failed`);
      if (failures > 0) reject(new Error(`${failures} extension-host test(s) failed`));
      else resolve();
    });
  });
}
