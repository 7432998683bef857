import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Each judged disagreement with the platform's link checker names one finding (issue 66, item 14): a
 * catch-all (`"missed redirect: "`, a folder, a code) would accept every later finding of its kind,
 * a real broken link among them, without anyone judging it.
 */
const file = JSON.parse(readFileSync(resolve(__dirname, '../differential/disagreements.json'), 'utf8')) as {
  suites: Record<string, Record<string, { match: string; why: string }[]>>;
};

/** What one finding reads like (see links.differential.test.ts), as far as its target. */
const ONE_FINDING = [
  /^missed: \S+\.(?:mdx?|json|ya?ml) \S/, // missed: FILE URL
  /^missed redirect: \S+ -> \S/, // missed redirect: SOURCE -> DESTINATION
  /^extra: [a-z]+\/[a-z-]+ \S+:\d+ \S/, // extra: CODE FILE:LINE TEXT
];

test('66.14: every judged disagreement of the links suite names one finding of one site, with a reason', () => {
  const catchAll: string[] = [];
  for (const [site, entries] of Object.entries(file.suites.links ?? {}))
    for (const { match, why } of entries) {
      if (site === '*' || !ONE_FINDING.some((form) => form.test(match)) || why.trim().length < 20) catchAll.push(`${site}: ${match}`);
    }
  assert.deepEqual(catchAll, []);
});
