// Provisions code-server and Chromium for the e2e suites unless they are there already. When that is
// not possible here (no apt-get, not root and no password-less sudo, an install that fails), it says
// why in .e2e/UNAVAILABLE and exits 0: the e2e suites then report themselves as NOT RUN with that
// reason and the command to provision, and every other suite still runs. DOCSMITH_SKIP_E2E=1 skips it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';

const UNAVAILABLE = '.e2e/UNAVAILABLE';
const HOW = 'provision it with `bash scripts/provision-e2e.sh` (as root, or with sudo), then run `npm run test:e2e`';

function notRun(reason) {
  mkdirSync('.e2e', { recursive: true });
  writeFileSync(UNAVAILABLE, `${reason}; ${HOW}\n`);
  console.log(`[e2e] NOT RUN: ${reason}; ${HOW}.`);
  process.exit(0);
}

const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

if (process.env.DOCSMITH_SKIP_E2E === '1') {
  console.log('DOCSMITH_SKIP_E2E=1: the e2e suites will not run.');
  process.exit(0);
}
if (existsSync('.e2e/.provisioned') && existsSync('/usr/bin/chromium')) {
  rmSync(UNAVAILABLE, { force: true });
  process.exit(0);
}
const needApt = !existsSync('/usr/bin/chromium') || !succeeds('sh', ['-c', 'command -v rg']);
if (needApt) {
  if (!succeeds('sh', ['-c', 'command -v apt-get'])) notRun('Chromium is missing and this system has no apt-get to install it');
  const root = process.getuid?.() === 0;
  if (!root && !succeeds('sudo', ['-n', 'true'])) notRun('Chromium is missing and installing it needs root (or password-less sudo)');
}
const result = spawnSync('bash', ['scripts/provision-e2e.sh'], { stdio: 'inherit' });
if (result.status !== 0) notRun(`provisioning failed (scripts/provision-e2e.sh exited ${result.status}; its output is above)`);
rmSync(UNAVAILABLE, { force: true });
