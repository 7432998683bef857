import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parsePageDocument } from '../../server/src/service/documents/pageDocument';
import { scanBody } from '../../server/src/service/mdx/bodyScanner';
import { ACORN_BUDGET_PER_CHARACTER, lastAcornWork, MAX_REFERENCE_PAGE, parseMdx } from '../../server/src/service/mdx/mdxReference';
import { scanWork } from '../../server/src/service/mdx/scanWork';
import { judgeComponentUse } from '../../server/src/service/pages/rules/componentUseRule';
import type { PageContext } from '../../server/src/service/pages/pageContext';
import { checkSite, only, site } from '../helpers/check';

/**
 * Pages built to be slow (issue 39): each used to take seconds to minutes. The scanner's work is
 * counted (characters it searched or handed to acorn, {@link scanWork}), so these tests prove it
 * linear without timing anything; the reference parser is bounded by a work budget.
 */

/** Characters the scanner may examine per character of the page: each reader looks at a character a few times at most. */
const PER_CHARACTER = 40;

function workOf(text: string): number {
  scanWork.characters = 0;
  scanBody(text, 0);
  return scanWork.characters;
}

function assertLinear(name: string, text: string): void {
  const work = workOf(text);
  assert.ok(work <= PER_CHARACTER * text.length + 10_000, `${name}: ${work} characters examined for a page of ${text.length}`);
}

const PATHOLOGICAL: Record<string, string> = {
  'unclosed `{[` on every line': '{[\n'.repeat(5_000),
  'an unclosed attribute expression on every line': '<A b="{[`$$‹!--\n'.repeat(2_000),
  'valid expressions on one long line': '{a.b} '.repeat(20_000),
  'expressions that are not JavaScript on one long line': '{a b} '.repeat(10_000),
  'one sentence per line': 'A plain sentence of prose with nothing special in it.\n'.repeat(20_000),
  'a heading of `{#` repeated': `## ${'{#'.repeat(25_000)}\n`,
  'a heading of `[a](` repeated': `## ${'[a]('.repeat(20_000)}\n`,
  'backtick runs of growing length on one line': Array.from({ length: 600 }, (_, i) => '`'.repeat(i + 1)).join(' '),
  'dollar runs of growing length on one line': Array.from({ length: 600 }, (_, i) => '$'.repeat(i + 1)).join(' '),
  'link openers with no closing parenthesis': '[a]('.repeat(20_000),
  'brackets that never close': '['.repeat(50_000),
  'nested braces that never close': '{'.repeat(50_000),
  'balanced nested braces': `${'{'.repeat(20_000)}${'}'.repeat(20_000)}`,
  'many headings': '## A heading\n'.repeat(40_000),
  'tags that never close their quote': '<A b="'.repeat(10_000),
  'unclosed flow expressions between headings of links holding expressions': '## [{a}](x) [{b}](y) [{c}](z) [{d}](w) [{e}](v)\n{\n'.repeat(
    2_000,
  ),
  'a tag whose attribute expression never closes, on every line': '<Card items={[\n'.repeat(5_000),
  'a paragraph of backtick runs of growing length, one per line, none closed': Array.from(
    { length: 600 },
    (_, i) => `a ${'`'.repeat(i + 1)}`,
  ).join('\n'),
  'an export left unfinished, followed by thousands of blank lines and lines': `export const A = () => {\n${'  a;\n\n'.repeat(5_000)}`,
  'a paragraph of lines opening a code span and a tag that never closes its quote': 'a ` b\n<A b="\n'.repeat(5_000),
  'elements nested 20,000 deep, then closed': `${'<Note>\n'.repeat(20_000)}${'</Note>\n'.repeat(20_000)}`,
  'elements nested 20,000 deep in a list item, then closed': `- a\n${'  <Note>\n'.repeat(20_000)}${'  </Note>\n'.repeat(20_000)}`,
  'elements nested 20,000 deep, then closing tags of another name': `${'<Note>\n'.repeat(20_000)}${'</Tip>\n'.repeat(20_000)}`,
  'a closing tag of another element on every line': `<Note>\n${'a </b>\n'.repeat(10_000)}`,
  'headings of tags closed by another name': '## <b>a</i>\n'.repeat(10_000),
  'tags left open in every paragraph': 'a <b> c\n\n'.repeat(10_000),
};

for (const [name, text] of Object.entries(PATHOLOGICAL)) {
  test(`the page scanner's work is linear: ${name}`, () => assertLinear(name, text));
}

test('the page scanner stays linear on generated lines of constructs that once searched to the end of the page', () => {
  const tokens = [
    '{',
    '}',
    '[',
    ']',
    '](',
    ')',
    '`',
    '``',
    '$',
    '$$',
    '<A b="',
    '<A',
    '/>',
    '>',
    '{#',
    '#',
    '\\',
    'http://x',
    ' ',
    'word',
    '\n',
    '## ',
    '{a b}',
    '{/* c */}',
    '"',
    "'",
  ];
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...tokens), { minLength: 1, maxLength: 400 }),
      fc.integer({ min: 1, max: 200 }),
      (parts, repeat) => {
        const line = parts.join('');
        assertLinear(JSON.stringify(line.slice(0, 60)), line.repeat(repeat));
        assertLinear(JSON.stringify(line.slice(0, 60)), `## ${line.replace(/\n/g, ' ').repeat(repeat)}\n`);
      },
    ),
    // A fixed seed keeps CI deterministic; DOCSMITH_FUZZ_SEED=random (or a number) and DOCSMITH_FUZZ_RUNS explore further.
    {
      numRuns: Number(process.env.DOCSMITH_FUZZ_RUNS ?? 400),
      seed: process.env.DOCSMITH_FUZZ_SEED === 'random' ? undefined : Number(process.env.DOCSMITH_FUZZ_SEED ?? 20261126),
    },
  );
});

/**
 * The elements `mdx/component-warning` reads of a page's scan, counted (each read of an element by its
 * index counts one), with the findings it gives: the rule's work, measured without timing it.
 */
function componentRuleWork(text: string): { reads: number; found: string[] } {
  const scan = scanBody(text, 0);
  let reads = 0;
  const elements = new Proxy(scan.elements, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  const found: string[] = [];
  const page = {
    document: { body: () => ({ ...scan, elements }) },
    snippet: false,
    text,
    report: (_code: string, offset: number) => found.push(text.slice(offset, offset + 4)),
  } as unknown as PageContext;
  judgeComponentUse(page);
  return { reads, found };
}

test('65 D14: mdx/component-warning reads each element a few times, however deep the fragments around them', () => {
  // 60,000 steps under 60,000 nested fragments took 20.8 s: each step walked up every fragment.
  const n = 3_000;
  const text = `<Steps>\n${'<>\n'.repeat(n)}${'<Step>\na\n</Step>\n'.repeat(n)}${'</>\n'.repeat(n)}</Steps>\n`;
  const { reads, found } = componentRuleWork(text);
  assert.deepEqual(found, []);
  assert.ok(reads <= 4 * (3 * n), `${reads} element reads for ${3 * n} elements`);
  // Steps in fragments outside any <Steps> are still found, each once.
  const outside = componentRuleWork(`${'<>\n'.repeat(n)}${'<Step>\na\n</Step>\n'.repeat(3)}${'</>\n'.repeat(n)}`);
  assert.equal(outside.found.length, 3);
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom('<>', '</>', '<Steps>', '</Steps>', '<Step>', '</Step>', 'a', '<Tabs>', '<Tab title="x">', '</Tab>'), {
        maxLength: 300,
      }),
      (lines) => {
        const page = `${lines.join('\n')}\n`;
        const elements = scanBody(page, 0).elements.length;
        assert.ok(componentRuleWork(page).reads <= 4 * elements + 10, page);
      },
    ),
    { numRuns: 300, seed: 20261129 },
  );
});

test('an ESM block of more import and export lines than acorn can check in linear time is not parsed', () => {
  const text = `${Array.from({ length: 5_000 }, (_, i) => `export const value${i} = ${i}`).join('\n')}\n\nText.\n`;
  const scan = scanBody(text, 0);
  assert.match(scan.uncertain?.reason ?? '', /more than 2,000 import and export lines/);
  const parsed = parseMdx(text);
  assert.ok('notParsed' in parsed, 'the reference parser is not given it either');
});

test('the reference parser is stopped past its work budget and its time on expressions it retries at every `}`', () => {
  const text = `# Title\n\n${'{a b} '.repeat(10_000)}\n`;
  const parsed = parseMdx(text);
  assert.ok('notParsed' in parsed);
  assert.ok(lastAcornWork > ACORN_BUDGET_PER_CHARACTER * text.length, 'it went on past the work budget, until the clock stopped it');
  // A page with one such expression is parsed as before, and fails as the platform's build does.
  const one = parseMdx('# Title\n\nUse {a b} here.\n');
  assert.ok('error' in one);
});

test('66.7: a page over the work budget that the parser is done with in a fraction of a second gets its syntax error, as from the platform', () => {
  // An unclosed expression retried at 1,500 later `}`: nine million characters to acorn, 0.3 s, then the platform's error.
  const text = `{ a b ${Array.from({ length: 1500 }, () => 'x }').join(' ')}\n`;
  const parsed = parseMdx(text);
  assert.ok(lastAcornWork > ACORN_BUDGET_PER_CHARACTER * text.length + 1_000_000, `${lastAcornWork}: the case is over the work budget`);
  assert.ok('error' in parsed, JSON.stringify(parsed).slice(0, 200));
  assert.match(parsed.error.message, /Could not parse expression with acorn/);
});

test('mdx/not-checked: a page the reference parser was stopped on gets an info, and its links are still checked', async () => {
  const body = `${'{a b} '.repeat(10_000)}\n\nSee [missing](/nowhere).\n`;
  const found = await checkSite(
    site({ groups: [{ group: 'Docs', pages: ['intro'] }] }, [], {}, { 'intro.mdx': `---\ntitle: Intro\n---\n${body}` }),
  );
  const [info] = only(found, 'mdx/not-checked');
  assert.equal(info.severity, 3);
  assert.match(info.message, /too long/);
  assert.deepEqual(only(found, 'mdx/syntax'), []);
  assert.equal(only(found, 'links/page-not-found').length, 1);
});

test('a page the scanner cannot vouch for is not given to the reference parser past its size bound: an info says so', async () => {
  // A generated reference page: an expression over lines in a list item, 300,000 characters of rows after it.
  const rows = '<div class="row"><a href="#top">top</a> text</div>\n'.repeat(6_000);
  const body = `- Intro {1 +\n  2}\n\n${rows}\nSee [missing](/nowhere).\n`;
  assert.ok(body.length > MAX_REFERENCE_PAGE);
  const found = await checkSite(
    site({ groups: [{ group: 'Docs', pages: ['intro'] }] }, [], {}, { 'intro.mdx': `---\ntitle: Intro\n---\n${body}` }),
  );
  const [info] = only(found, 'mdx/not-checked');
  assert.match(info.message, /over 256,000 characters/);
  assert.deepEqual(only(found, 'mdx/syntax'), []);
  assert.equal(only(found, 'links/page-not-found').length, 1);
});

test('a page the scanner vouches for is not given to the reference parser, however long', () => {
  const text = '## Heading\n\nA sentence with a [link](/a) and `code`.\n'.repeat(30_000);
  const document = parsePageDocument('file:///site/big.mdx', text);
  assert.equal(document.body().uncertain, undefined);
  assert.equal(document.notParsed(), undefined);
  assert.equal(document.syntaxError(), undefined);
});
