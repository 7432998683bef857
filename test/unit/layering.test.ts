import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

test('the language service imports no vscode, no file system and no network', () => {
  const offenders: string[] = [];
  for (const file of files(resolve(__dirname, '../../server/src/service'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(vscode|node:[a-z_/]+|fs|path|http|https|net|child_process|undici)'/g))
      offenders.push(`${file}: ${match[1]}`);
  }
  assert.deepEqual(offenders, []);
});

test('only client/ imports vscode', () => {
  const offenders = files(resolve(__dirname, '../../server/src')).filter((file) => /from 'vscode'/.test(readFileSync(file, 'utf8')));
  assert.deepEqual(offenders, []);
});
