// npm start: the demo. Checks examples/site, a small site with deliberate problems, and explains the result.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const site = 'examples/site';
console.log(`\n$ docsmith check ${site}\n`);
const result = spawnSync(process.execPath, [resolve(root, 'dist/cli.js'), 'check', site], { cwd: root, stdio: 'inherit' });
console.log(
  result.status === 1
    ? `\nThe demo site has deliberate problems, so docsmith exited 1 (it exits 0 on a clean site, 2 on a usage error).\nTry: node dist/cli.js check ${site} --format json`
    : `\ndocsmith exited ${result.status}.`,
);
process.exit(result.status === 1 || result.status === 0 ? 0 : 1);
