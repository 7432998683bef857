import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MAX_EMBEDDINGS_BYTES } from '../../server/src/analytics/embeddings';
import { NEIGHBOURS } from '../../server/src/analytics/gaps/clustering';
import { MAX_PAGE_BYTES } from '../../server/src/analytics/http';
import { MAX_FILE_BYTES } from '../../server/src/fsWorkspace';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../../server/src/lsp/messageCap';
import { REF_LIMITS } from '../../server/src/service/docsJson/refs';
import { MAX_REFERENCE_PAGE } from '../../server/src/service/mdx/mdxReference';
import { CORPUS, corpusSites, FULL_CORPUS } from '../helpers/corpus';

/**
 * The sizes and counts the documents state, measured (issue 44, section 1): a statement that drifts
 * past its tolerance fails here, and so does one that is removed or reworded without this table being
 * told. Timings are not here: they are measurements of a day, stated as such, and `npm run bench`
 * gives today's.
 */
const REPO = resolve(__dirname, '../..');
const MB = 1e6;
const MIB = 1024 * 1024;
const version = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version as string;

interface Claim {
  /** What the number is of, for the test's name. */
  what: string;
  file: string;
  /** The statement, with the number as its one capture group (`1,000` and `0.7` are read as numbers). */
  says: RegExp;
  /** What the number is today, in the statement's unit; undefined with a reason when it cannot be measured here. */
  measure(): number | { unmeasured: string };
  /** How far the stated number may be from the measured one, as a fraction of it (0: exact). */
  tolerance: number;
}

const bytesOf = (path: string) => statSync(join(REPO, path)).size;

const claims: Claim[] = [
  {
    what: 'the packed tarball, in MB',
    file: 'docs/cli.md',
    says: new RegExp(`writes docsmith-${version.replace(/\./g, '\\.')}\\.tgz \\(([\\d.]+) MB\\)`),
    measure: () => {
      const packed = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
        cwd: REPO,
        encoding: 'utf8',
      });
      return JSON.parse(packed.stdout)[0].size / MB;
    },
    tolerance: 0.1,
  },
  {
    what: 'the MDX reference parser bundle, in MB',
    file: 'CONTRIBUTING.md',
    says: /and acorn: ([\d.]+) MB of code\)/,
    measure: () => bytesOf('dist/mdx-reference.js') / MB,
    tolerance: 0.15,
  },
  {
    what: 'the stop-word lists bundle, in MB',
    file: 'docs/gaps.md',
    says: /MIT-licensed; ([\d.]+) MB, a bundle of its own, `dist\/stopwords\.js`/,
    measure: () => bytesOf('dist/stopwords.js') / MB,
    tolerance: 0.15,
  },
  {
    what: 'the English word list bundle, in MB',
    file: 'docs/gaps.md',
    says: /The list \(([\d.]+) MB\) is a bundle of its own, `dist\/english-words\.js`/,
    measure: () => bytesOf('dist/english-words.js') / MB,
    tolerance: 0.15,
  },
  // Limits: the documents must say what the code does.
  {
    what: 'the largest file read, in MB',
    file: 'docs/diagnostics.md',
    says: /cannot be used as text: it is larger than (\d+) MB/,
    measure: () => MAX_FILE_BYTES / MIB,
    tolerance: 0,
  },
  {
    what: 'the largest file read, in MB',
    file: 'docs/robustness.md',
    says: /Docsmith reads files up to (\d+) MB/,
    measure: () => MAX_FILE_BYTES / MIB,
    tolerance: 0,
  },
  {
    what: 'the largest LSP message, in MB',
    file: 'docs/robustness.md',
    says: /the server reads messages up to (\d+) MB/,
    measure: () => DEFAULT_MAX_MESSAGE_BYTES / MIB,
    tolerance: 0,
  },
  {
    what: 'the deepest `$ref` chain',
    file: 'docs/robustness.md',
    says: /goes past (\d+) levels/,
    measure: () => REF_LIMITS.depth,
    tolerance: 0,
  },
  {
    what: 'the most `$ref` files',
    file: 'docs/robustness.md',
    says: /goes past \d+ levels \(or ([\d,]+) files/,
    measure: () => REF_LIMITS.files,
    tolerance: 0,
  },
  {
    what: 'the most `$ref` bytes, in MB',
    file: 'docs/robustness.md',
    says: /goes past \d+ levels \(or [\d,]+ files, or (\d+) MB read\)/,
    measure: () => REF_LIMITS.bytes / MIB,
    tolerance: 0,
  },
  {
    what: 'the largest export page, in MB',
    file: 'docs/robustness.md',
    says: /the request is stopped past (\d+) MB/,
    measure: () => MAX_PAGE_BYTES / MIB,
    tolerance: 0,
  },
  {
    what: 'the largest page the MDX parser takes, in characters',
    file: 'docs/diagnostics.md',
    says: /the page is over ([\d,]+) characters/,
    measure: () => MAX_REFERENCE_PAGE,
    tolerance: 0,
  },
  {
    what: 'the largest embeddings answer, in MB',
    file: 'docs/gaps.md',
    says: /an answer over (\d+) MB is refused/,
    measure: () => MAX_EMBEDDINGS_BYTES / MIB,
    tolerance: 0,
  },
  {
    what: 'the closest questions compared by embeddings',
    file: 'docs/gaps.md',
    says: /compared with its (\d+) closest questions by these vectors/,
    measure: () => NEIGHBOURS,
    tolerance: 0,
  },
  {
    what: 'the corpus sites',
    file: 'docs/diagnostics.md',
    says: /every page of the (\d+) corpus sites above that size/,
    measure: () => (CORPUS === FULL_CORPUS ? corpusSites().length : { unmeasured: `the full corpus is absent at ${FULL_CORPUS}` }),
    tolerance: 0,
  },
];

for (const claim of claims) {
  test(`${claim.file}: ${claim.what} as stated is still true`, (t) => {
    const text = readFileSync(join(REPO, claim.file), 'utf8');
    const found = claim.says.exec(text);
    assert.ok(found, `${claim.file} no longer says this: update the table in test/cli/docNumbers.test.ts with what it says now`);
    const stated = Number(found[1].replace(/,/g, ''));
    const measured = claim.measure();
    if (typeof measured === 'object') return t.skip(`NOT MEASURED: ${measured.unmeasured}`);
    const drift = Math.abs(stated - measured) / measured;
    assert.ok(
      drift <= claim.tolerance + 1e-9,
      `${claim.file} states ${found[1]} where it is ${Number(measured.toFixed(2))} today (${Math.round(drift * 100)}% off, ${Math.round(claim.tolerance * 100)}% allowed): correct the document`,
    );
  });
}
