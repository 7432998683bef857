import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plural } from '../../server/src/common/plural';
import { formatText } from '../../server/src/cli/formats/text';
import { formatGithub } from '../../server/src/cli/formats/github';
import type { Report } from '../../server/src/cli/report';

test('plural: one is singular, any other count plural, with thousands separated', () => {
  assert.equal(plural(1, 'page'), '1 page');
  assert.equal(plural(0, 'error'), '0 errors');
  assert.equal(plural(2, 'smaller cluster'), '2 smaller clusters');
  assert.equal(plural(1, 'page or snippet file'), '1 page or snippet file');
  assert.equal(plural(3, 'entry', 'entries'), '3 entries');
  assert.equal(plural(12_345, 'conversation'), '12,345 conversations');
});

test('the check summaries count in English: 0 errors, 1 warning, 1 file', () => {
  const report: Report = {
    baseDir: '/site',
    files: 1,
    entries: [
      { file: 'a.mdx', line: 1, column: 1, endLine: 1, endColumn: 2, severity: 'warning', code: 'links/anchor-not-found', message: 'm' },
    ],
  };
  assert.match(formatText(report, false), /^0 errors, 1 warning, 0 infos; 1 file checked\.$/m);
  assert.match(formatGithub(report, '/site'), /^0 errors, 1 warning, 0 infos; 1 file checked\.$/m);
});
