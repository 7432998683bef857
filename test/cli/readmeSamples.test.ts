import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runCli } from '../helpers/cli';

/**
 * The README's sample outputs are the tool's: each code block starting `$ docsmith ...` is run from
 * the repository root, and each of its lines must be a line of the real output (a line the README cuts
 * with ` ...` up to the cut; a `...` line stands for lines left out). The last line is compared whole.
 */
const REPO = resolve(__dirname, '../..');
const readme = readFileSync(resolve(REPO, 'README.md'), 'utf8');
const samples = [...readme.matchAll(/^```\n\$ docsmith ([^\n]+)\n([\s\S]*?)^```$/gm)].map((match) => ({
  args: match[1].split(' '),
  lines: match[2].split('\n').filter((line) => line.trim() !== ''),
}));

test('the README has sample outputs to compare', () => {
  assert.ok(samples.length > 0);
});

for (const sample of samples) {
  test(`README sample: docsmith ${sample.args.join(' ')}`, async () => {
    const result = await runCli(sample.args, { cwd: REPO });
    const actual = result.stdout.split('\n').filter((line) => line.trim() !== '');
    for (const line of sample.lines) {
      if (line === '...') continue;
      const cut = line.endsWith(' ...') ? line.slice(0, -' ...'.length) : undefined;
      assert.ok(
        actual.some((real) => (cut === undefined ? real === line : real.startsWith(cut))),
        `the README shows a line the tool does not print:\n${line}\n\nThe tool prints:\n${result.stdout}`,
      );
    }
    assert.equal(actual.at(-1), sample.lines.at(-1), 'the last line (the summary) is the same');
  });
}
