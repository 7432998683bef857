import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCorrections } from '../../server/src/cli/gapCorrectionsFile';
import { tempDir } from '../helpers/tempDir';

/** `.docsmith/gaps.json` is committed to a repository: input from strangers, read as guardedly as `.docsmithrc.json` (issue 65, D12). */
function repository(): { repo: string; docs: string } {
  const repo = tempDir('docsmith-gaps-file-');
  mkdirSync(join(repo, '.git'));
  mkdirSync(join(repo, '.docsmith'));
  mkdirSync(join(repo, 'docs'));
  return { repo, docs: join(repo, 'docs') };
}

test('D12: a gaps file that links out of the repository is refused, and nothing of its target is printed', () => {
  const { repo, docs } = repository();
  const secret = join(tempDir('docsmith-secret-'), 'token.txt');
  writeFileSync(secret, '{"corrections": {"mustLink": [["a", "b"]]}, "token": ghp_SECRETTOKEN0123456789}');
  symlinkSync(secret, join(repo, '.docsmith', 'gaps.json'));
  const warnings: string[] = [];
  const corrections = loadCorrections(docs, (message) => warnings.push(message));
  assert.match(warnings[0], /links to .*, outside it; Docsmith does not follow links out of the folder it checks/);
  assert.ok(!warnings[0].includes('ghp_'));
  assert.deepEqual(JSON.stringify(corrections), JSON.stringify(loadCorrections(tempDir('docsmith-none-'), () => undefined)));
});

test('D12: a gaps file that is not JSON says where, never what it holds', () => {
  const { repo, docs } = repository();
  writeFileSync(join(repo, '.docsmith', 'gaps.json'), '{"corrections": {}, "token": ghp_SECRETTOKEN0123456789}');
  const warnings: string[] = [];
  loadCorrections(docs, (message) => warnings.push(message));
  assert.match(warnings[0], /is not valid JSON: \w+ at line 1, column \d+/);
  assert.ok(!warnings[0].includes('ghp_'), warnings[0]);
});
