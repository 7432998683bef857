// Provisions code-server and Chromium for the e2e suites unless they are there already, or the
// developer asked to skip them (DOCSMITH_SKIP_E2E=1: the suites then report themselves as not run).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (process.env.DOCSMITH_SKIP_E2E === '1') {
  console.log('DOCSMITH_SKIP_E2E=1: the e2e suites will not run.');
  process.exit(0);
}
if (existsSync('.e2e/.provisioned') && existsSync('/usr/bin/chromium')) process.exit(0);
const result = spawnSync('bash', ['scripts/provision-e2e.sh'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
