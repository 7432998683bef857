// Installs the platform's own packages (test/oracle/package.json, pinned by its lock file) into
// .oracle/ for the differential tests. They are never bundled or shipped; most are Elastic-2.0.
// Prints one line saying what it did; exits 0 even when the install fails, leaving the reason in
// .oracle/UNAVAILABLE so the suites that need the oracle report themselves as NOT RUN with it.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';

const project = resolve(import.meta.dirname, '..');
const source = join(project, 'test/oracle');
const target = join(project, '.oracle');
const stamp = join(target, '.provisioned');
const unavailable = join(target, 'UNAVAILABLE');

const lock = readFileSync(join(source, 'package-lock.json'));
const manifest = readFileSync(join(source, 'package.json'));
const hash = createHash('sha256').update(manifest).update(lock).digest('hex').slice(0, 16);

if (process.env.DOCSMITH_SKIP_ORACLE === '1') {
  mkdirSync(target, { recursive: true });
  writeFileSync(unavailable, 'DOCSMITH_SKIP_ORACLE=1 was set.\n');
  console.log('[oracle] DOCSMITH_SKIP_ORACLE=1: the differential suites will report themselves as not run.');
  process.exit(0);
}
if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) {
  rmSync(unavailable, { force: true });
  process.exit(0);
}

console.log('[oracle] installing the platform packages for the differential tests into .oracle/ (30 s to 2 minutes, about 270 MB)');
mkdirSync(target, { recursive: true });
copyFileSync(join(source, 'package.json'), join(target, 'package.json'));
copyFileSync(join(source, 'package-lock.json'), join(target, 'package-lock.json'));
const started = Date.now();
const result = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
  cwd: target,
  encoding: 'utf8',
});
if (result.status !== 0) {
  const reason = `npm ci in .oracle/ failed (exit ${result.status ?? result.signal}): ${(result.stderr || result.stdout || '').trim().split('\n').slice(-3).join(' ')}`;
  writeFileSync(unavailable, reason + '\n');
  console.log(`[oracle] ${reason}`);
  console.log('[oracle] the differential suites will report themselves as NOT RUN; retry with: node scripts/provision-oracle.mjs');
  process.exit(0);
}
rmSync(unavailable, { force: true });
writeFileSync(stamp, hash + '\n');
console.log(`[oracle] installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
