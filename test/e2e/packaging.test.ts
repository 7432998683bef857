import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { tempDir } from '../helpers/tempDir';

/**
 * Issue 64 item 2: `npm run package` installs nothing on the system. In a fresh copy of the working
 * tree (no .e2e/, the project's node_modules as `npm install` leaves them), with a PATH that holds
 * node and stand-ins for apt-get, sudo, dpkg and the rest that record being called and fail, it
 * writes the .vsix and calls none of them.
 */
const REPO = resolve(__dirname, '../..');

test('64.2: npm run package in a fresh clone writes the .vsix and installs nothing on the system', { timeout: 300_000 }, () => {
  const clone = tempDir('docsmith-package-clone-');
  const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: REPO, encoding: 'utf8' }).stdout.split('\0');
  for (const file of files.filter(Boolean)) {
    if (!existsSync(join(REPO, file))) continue;
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    copyFileSync(join(REPO, file), join(clone, file));
  }
  symlinkSync(join(REPO, 'node_modules'), join(clone, 'node_modules'), 'dir');
  // Every tool that installs on the system, as a stand-in that notes its call and fails.
  const bin = tempDir('docsmith-package-bin-');
  const calls = join(bin, 'calls.log');
  writeFileSync(calls, '');
  for (const tool of ['apt-get', 'apt', 'sudo', 'dpkg', 'dpkg-query', 'curl', 'wget', 'pip', 'pip3'])
    writeFileSync(join(bin, tool), `#!/bin/sh\necho "${tool} $*" >> ${calls}\nexit 1\n`, { mode: 0o755 });
  const result = spawnSync(process.execPath, ['scripts/package.mjs'], {
    cwd: clone,
    encoding: 'utf8',
    env: { PATH: `${bin}:${dirname(process.execPath)}`, HOME: tempDir('docsmith-package-home-') },
    timeout: 280_000,
  });
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
  const { name, version } = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8'));
  assert.ok(existsSync(join(clone, `${name}-${version}.vsix`)), result.stdout);
  assert.equal(readFileSync(calls, 'utf8'), '', 'no system tool was called');
  assert.ok(!existsSync(join(clone, '.e2e')), 'the e2e stack was not provisioned');
});
