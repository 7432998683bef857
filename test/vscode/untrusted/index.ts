// The extension-host suite for an untrusted workspace (code-server started without --disable-workspace-trust).
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 30000, reporter: 'spec' });
  mocha.suite.emit('pre-require', globalThis, 'untrusted.test', mocha);
  require('./untrusted.test');
  return new Promise((resolve, reject) => {
    mocha.run((failures) => {
      console.log(`${mocha.suite.total() - failures} passed, ${failures} failed`);
      if (failures > 0) reject(new Error(`${failures} untrusted-workspace test(s) failed`));
      else resolve();
    });
  });
}
