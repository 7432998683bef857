import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultCacheLocation } from '../../server/src/cli/checkCache';
import { CLI } from '../helpers/cli';

/**
 * Issue 64 item 6: the documents say what the code does. The flags each command has are the flags
 * docs/cli.md and docs/gaps.md document, both ways; the default paths they name are the ones the code
 * uses; the package is not private. Figures are held by docNumbers.test.ts; timings by the bench.
 */
const REPO = resolve(__dirname, '../..');
const read = (file: string) => readFileSync(join(REPO, file), 'utf8');

/** The long flags a command's --help lists (`--no-color` as is), help itself aside. */
function flagsOf(command: string): string[] {
  const help = spawnSync(process.execPath, [CLI, command, '--help'], { encoding: 'utf8' }).stdout;
  return [...new Set([...help.matchAll(/^ +(?:-\w, )?(--[a-z-]+)/gm)].map((match) => match[1]))].filter((flag) => flag !== '--help').sort();
}

/** The flags a document names for a command: in `docsmith COMMAND ...` lines and in backticks. */
function documentedFlags(text: string): Set<string> {
  return new Set([...text.matchAll(/(?<![\w-])(--[a-z][a-z-]+)/g)].map((match) => match[1]));
}

test('64.6: every flag of docsmith check is documented in docs/cli.md, and the synopsis names no flag the command lacks', () => {
  const doc = read('docs/cli.md');
  const flags = flagsOf('check');
  assert.ok(flags.includes('--sarif-file') && flags.includes('--cache-location'), flags.join(' '));
  const documented = documentedFlags(doc);
  assert.deepEqual(
    flags.filter((flag) => !documented.has(flag)),
    [],
  );
  const synopsis = /```\ndocsmith check ([\s\S]*?)```/.exec(doc)![1];
  assert.deepEqual(
    [...documentedFlags(synopsis)].filter((flag) => !flags.includes(flag)),
    [],
  );
});

test('64.6: every flag of docsmith gaps is documented in docs/gaps.md or docs/cli.md', () => {
  const documented = documentedFlags(read('docs/gaps.md') + read('docs/cli.md'));
  assert.deepEqual(
    flagsOf('gaps').filter((flag) => !documented.has(flag)),
    [],
  );
});

test('64.6: the default cache path the docs name is the one the code writes, a file', () => {
  assert.match(read('docs/cli.md'), /by default `~\/\.cache\/docsmith\/check-<hash of DIR>\.json`, or `\$XDG_CACHE_HOME\/docsmith\/`/);
  assert.match(
    defaultCacheLocation('/srv/docs', { HOME: '/home/u' } as NodeJS.ProcessEnv).replace(/^.*?\.cache/, '~/.cache'),
    /^~\/\.cache\/docsmith\/check-[\w-]{16}\.json$/,
  );
  assert.match(defaultCacheLocation('/srv/docs', { XDG_CACHE_HOME: '/x' }), /^\/x\/docsmith\/check-[\w-]{16}\.json$/);
});

test('64.6: the documents do not call the package private, and it is not', () => {
  const manifest = JSON.parse(read('package.json'));
  assert.notEqual(manifest.private, true);
  for (const file of ['README.md', 'docs/cli.md', 'docs/ci.md', 'docs/release.md'])
    assert.doesNotMatch(read(file), /(?:is|marked) private/, file);
});
