import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runCli } from '../helpers/cli';

/**
 * The sample outputs of the README, CONTRIBUTING and docs/ are the tool's: each code block starting `$ docsmith ...` is run from
 * the repository root, and each of its lines must be a line of the real output (a line the README cuts
 * with ` ...` up to the cut; a `...` line stands for lines left out). The last line is compared whole.
 */
const REPO = resolve(__dirname, '../..');
/** The README, CONTRIBUTING and every page of docs/. */
const DOCUMENTS = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(resolve(REPO, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const samples = DOCUMENTS.flatMap((document) =>
  [...readFileSync(resolve(REPO, document), 'utf8').matchAll(/^```\n\$ docsmith ([^\n]+)\n([\s\S]*?)^```$/gm)].map((match) => ({
    document,
    args: match[1].split(' '),
    lines: match[2].split('\n').filter((line) => line.trim() !== ''),
  })),
);

test('the README and docs/ have sample outputs to compare', () => {
  assert.ok(samples.some((sample) => sample.document === 'README.md'));
  assert.ok(samples.some((sample) => sample.document.startsWith('docs/')));
});

for (const sample of samples) {
  test(`${sample.document} sample: docsmith ${sample.args.join(' ')}`, async () => {
    const result = await runCli(sample.args, { cwd: REPO });
    const actual = result.stdout.split('\n').filter((line) => line.trim() !== '');
    for (const line of sample.lines) {
      if (line === '...') continue;
      const cut = line.endsWith(' ...') ? line.slice(0, -' ...'.length) : undefined;
      assert.ok(
        actual.some((real) => (cut === undefined ? real === line : real.startsWith(cut))),
        `${sample.document} shows a line the tool does not print:\n${line}\n\nThe tool prints:\n${result.stdout}`,
      );
    }
    assert.equal(actual.at(-1), sample.lines.at(-1), 'the last line (the summary) is the same');
  });
}
