import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePageDocument } from '../../server/src/service/documents/pageDocument';
import { parseMdx } from '../../server/src/service/mdx/mdxReference';
import { scanBody } from '../../server/src/service/mdx/bodyScanner';
import { scanFromTree } from '../../server/src/service/mdx/treeScan';
import { seededRandom } from '../../server/src/mock/conversations';
import { checkSite, only, site } from '../helpers/check';

function onePage(body: string, more: Record<string, string> = {}) {
  return site({ groups: [{ group: 'Docs', pages: ['intro'] }] }, [], {}, { 'intro.mdx': `---\ntitle: Intro\n---\n${body}`, ...more });
}

test('mdx/syntax: the parser message at the opening tag of an unclosed element', async () => {
  const found = await checkSite(onePage('Text\n\n<Note>\n\nNever closed.\n'));
  const [syntax] = only(found, 'mdx/syntax');
  assert.equal(syntax.severity, 1);
  assert.match(syntax.message, /Expected a closing tag for `<Note>`/);
  assert.equal(syntax.line, 5);
});

test('mdx/syntax: prose that MDX reads as JSX or an expression; a clean page has none', async () => {
  const bad = await checkSite(onePage('It takes <5 minutes.\n'));
  assert.match(only(bad, 'mdx/syntax')[0].message, /before name/);
  const braces = await checkSite(onePage('Use {a b} here.\n'));
  assert.equal(only(braces, 'mdx/syntax').length, 1);
  const good = await checkSite(onePage('It takes &lt;5 minutes, \\{ escaped \\}, `<b>` in code.\n\n```js\nif (a < b) { }\n```\n'));
  assert.deepEqual(only(good, 'mdx/syntax'), []);
});

test('every page with a syntax error is reported, not only the first', async () => {
  const files = site(
    { groups: [{ group: 'Docs', pages: ['a', 'b'] }] },
    [],
    {},
    {
      'a.mdx': '---\ntitle: A\n---\n<Tip>\n',
      'b.mdx': '---\ntitle: B\n---\n<Card>\n',
    },
  );
  const found = await checkSite(files);
  assert.deepEqual(
    only(found, 'mdx/syntax')
      .map((f) => f.file)
      .sort(),
    ['a.mdx', 'b.mdx'],
  );
});

test('mdx/unknown-component: not built in, not imported, not defined; did-you-mean; never in code', async () => {
  const body = [
    "import { Pricing } from '/snippets/pricing.jsx';",
    'export const Local = () => <div />;',
    '',
    '<Cards>',
    '  x',
    '</Cards>',
    '',
    '<Pricing />',
    '',
    '<Local />',
    '',
    '<Note>fine</Note>',
    '',
    '```jsx',
    '<Nonexistent />',
    '```',
  ].join('\n');
  const found = await checkSite(onePage(body, { 'snippets/pricing.jsx': 'export const Pricing = () => null;' }));
  const unknown = only(found, 'mdx/unknown-component');
  assert.deepEqual(
    unknown.map((f) => f.text),
    ['Cards'],
  );
  assert.equal(unknown[0].severity, 2);
  assert.match(unknown[0].message, /Did you mean <Card>\?/);
});

test('mdx/unknown-prop and mdx/invalid-prop: only near-misspellings and documented value sets', async () => {
  const body = [
    '<Card titel="A" href="/intro">',
    '  x',
    '</Card>',
    '',
    '<Card title="B" somethingCustom="kept">',
    '  y',
    '</Card>',
    '',
    '<Steps titleSize="h5">',
    '  <Step title="One">',
    '    z',
    '  </Step>',
    '</Steps>',
  ].join('\n');
  const found = await checkSite(onePage(body));
  assert.deepEqual(
    only(found, 'mdx/unknown-prop').map((f) => f.text),
    ['titel'],
  );
  const invalid = only(found, 'mdx/invalid-prop');
  assert.equal(invalid.length, 1);
  assert.match(invalid[0].message, /"p", "h2", "h3"/);
});

test('images/missing-alt: Markdown images with empty alt, <img> and <video> without alt', async () => {
  const body =
    '![](/a.png)\n\n![Diagram](/a.png)\n\n<img src="/a.png" />\n\n<img src="/a.png" alt="ok" />\n\n<video src="/v.mp4" alt="" />\n';
  const found = await checkSite(onePage(body, { 'a.png': '', 'v.mp4': '' }));
  const alt = only(found, 'images/missing-alt');
  assert.deepEqual(
    alt.map((f) => f.text),
    ['/a.png', 'img', 'video'],
  );
  assert.ok(alt.every((f) => f.severity === 3));
});

/**
 * The scanner may only call a page clean (certain) when the reference parser parses it; when both
 * are sure, they find the same links. Pages built from fragments that are hard for a scanner.
 */
test('fuzz: the scanner never vouches for a page the reference parser rejects (but with the error the parser gives), and agrees on links and comments', () => {
  const fragments = [
    '# Title',
    '## Heading {#custom}',
    '[link](/a)',
    '![img](/b.png)',
    '<Note>',
    '</Note>',
    '<Card href="/c" />',
    '{/* comment */}',
    'text {/* note */} and <a id="x"></a> {/* flow */}',
    '`inline <X>`',
    '```js\n<Y>{x}\n```',
    '- item [l](/d)',
    '  - nested',
    '> quote <Tip>',
    '| a | b |\n| - | - |\n| [t](/e) | x |',
    'a < b',
    'x {y}',
    '<5 minutes',
    '{',
    '}',
    '<br>',
    '<div>',
    '</div>',
    '$$\na < b\n$$',
    'text',
    '',
    '    indented <Z>',
    '[ref]: /f',
    '[ref][ref]',
    '<a href="/g">g</a>',
    '&lt;escaped',
    '\\{ escaped \\}',
    "import X from '/snippets/x.mdx';",
    '<Card\n  icon={\n    <svg><path id="p" /></svg>\n\n  }\n  href="/h"\n>',
    '</Card>',
    '{\n  1\n\n}',
    'para <Card icon={\n1\n\n}>',
    '<Card\n  title="t"\n  href="/i" />',
    '{/*\n  note\n*/}',
    // Inline elements closed on a later line of their paragraph (generated reference pages).
    'see <span>open [s](/s)',
    'still open</span> done',
    '<div class="x">start <p>para',
    'end</p> <section><b>x',
    '</b></section> tail',
    // White space between a self-closing slash and `>`, which MDX allows.
    '<img src="/j.png" / >',
    'text <Icon icon="k" / > [k](/k)',
    '<Card href="/l" /\n>',
    '<Card title="t"href="/p1" id="q">',
    'text <b>bold</ b> [p2](/p2)',
    '</ Card>',
    // Code spans over the lines of a paragraph, and backticks that close nothing.
    'set `MCP-Version: [m](/m)',
    '<protocol-version>` header [n](/n)',
    '/path/o` and `p` [o](/o)',
    'a lone ` backtick [q](/q)',
    '`` double `[r](/r)',
    '- item `open',
    // Table rows: cells split at every unescaped pipe, code spans end with their cell.
    '| a | b |\n|---|---|\n| `x | y [t1](/t1) |',
    '| [a|b](/t2) | `c \\| d` [t3](/t3) |',
    'z` [t4](/t4) | w |',
    '| a | b | c |\n|---|---|',
    '- | h | i |\n  |---|---|\n  | `j | k |',
    'para\n| l | m |\n| :-- | --: |',
    // Lines that end a paragraph with a code span left open, or go on with it.
    '1. one `x [s1](/s1)',
    '2) two ` [s2](/s2)',
    '   - nested `y [s3](/s3)',
    'p `open [s5](/s5)\n---',
    '___',
    '===',
    '-- lazy` [s4](/s4)',
    '* * *',
    '~~~',
    // Fences in block quotes: the quote's lines are code to the closing fence.
    '> ```tsx\n> config: { [q1](/q1)\n> ```',
    '> ~~~\n> <Tip> {',
    '>> ```\n> [q2](/q2)',
    '>     ```',
    // A paragraph opened by a tag over lines with text after it: its lines are the tag's, whatever they start with.
    '<Card\n  title="t"\n  href="/u1"\n>Use [u2](/u2) it.</Card>',
    '<Card\n  href="/u3">text',
    '  <Tip\n> quoted? [u4](/u4)',
    '<Frame\n- not an item\n>x</Frame>',
    '<Card\n  title="t"\n/>after [u5](/u5)',
    '<Card\n  href="/u6"\n>text\nmore</Card>',
    '<b\n>x</b> <i\n>y',
    '<Card\n  icon={\n    <svg />\n  }\n>go [u7](/u7)</Card>',
    // MDX errors the scanner is sure of: a `<` that cannot start a tag, a tag its paragraph leaves open, a closing tag with nothing open.
    'a <!-- note --> b',
    '<!-- note -->',
    'under <=5 [e1](/e1)',
    'x <`y` z',
    'One line<br>and the next.',
    'ends </span> here',
    '<img src="/e2.png"> after',
    '\t<br> tabbed',
    'The value {count [e3](/e3) is read',
    'closes } later',
    'text </Note> inside',
    'mixed <b>bold</i> tags',
  ];
  // Seeded, so a failure reproduces.
  const next = seededRandom(Number(process.env.DOCSMITH_FUZZ_SEED ?? 7));
  const random = (n: number) => Math.floor(next() * n);
  let certain = 0;
  let vouchedErrors = 0;
  for (let round = 0; round < 5000; round++) {
    const lines = Array.from({ length: 3 + random(8) }, () => fragments[random(fragments.length)]);
    const text = lines.join(random(2) ? '\n' : '\n\n');
    const scan = scanBody(text, 0);
    if (scan.uncertain) continue;
    certain++;
    const parsed = parseMdx(text);
    if (scan.error) {
      vouchedErrors++;
      assert.deepEqual('error' in parsed ? parsed.error : parsed, scan.error, `the scanner's error differs from the parser's on:\n${text}`);
      continue;
    }
    assert.ok(
      'tree' in parsed,
      `the scanner vouched for a page the parser rejects:\n${text}\n${'error' in parsed ? String(parsed.error.message) : ''}`,
    );
    const tree = scanFromTree(parsed.tree, text);
    assert.deepEqual(
      scan.links.map((link) => link.url),
      tree.links.map((link) => link.url),
      `links differ on:\n${text}`,
    );
    assert.deepEqual(scan.comments, tree.comments, `comments differ on:\n${text}`);
  }
  assert.ok(certain > 300, `only ${certain} of 5000 fuzzed pages were certain: the test would prove little`);
  assert.ok(vouchedErrors > 100, `only ${vouchedErrors} fuzzed pages had an error the scanner was sure of`);
});

test('a flow tag whose attribute expression holds JSX and blank lines is read like the parser reads it', () => {
  // As on a real site: a Card's icon is an inline SVG over many lines, a blank line before its `}`.
  const text = [
    '<CardGroup cols={2}>',
    '  <Card',
    '      title="OpenAI"',
    '      href="/sdk/openai"',
    '      icon={',
    '        <svg viewBox="0 0 24 24"><defs><linearGradient id="grad" /></defs><path d="M0 0Z" /></svg>',
    '',
    '      }',
    '  >',
    '  Traces calls.',
    '  </Card>',
    '</CardGroup>',
    '',
  ].join('\n');
  const scan = vouchedLikeTheParser(text, ['/sdk/openai']);
  // The SVG inside the attribute is a value, not part of the page: its ids are no anchors.
  assert.deepEqual(
    scan.elements.map((element) => element.name),
    ['CardGroup', 'Card'],
  );
});

test('inline elements a paragraph closes on a later line are read as the parser reads them; left open, the page is unsure', () => {
  // As generated reference pages write them: a <section> opened in a paragraph, its </section> lines below.
  const text = [
    '<div class="type">',
    '',
    '<div class="sig">A</div> <section class="member"> <div id="a-b"><a href="#a-b">b</a></div> <p>Says',
    'more about [b](/b), and',
    'ends.</p> </section>',
    '</div>',
    '',
  ].join('\n');
  vouchedLikeTheParser(text, ['#a-b', '/b']);
  // The paragraph ends (a blank line, a list item, a heading) with the element open: the parser fails there.
  // Ended by a blank line, the scanner is sure of the parser's error; otherwise the parser says which it is.
  for (const end of ['\n\nAfter.', '\n- item', '\n## Heading', '\n---']) {
    const open = `Text <span>open\nstill open${end}\n`;
    const scan = scanBody(open, 0);
    const parsed = parseMdx(open);
    assert.ok('error' in parsed, `the parser reads: ${JSON.stringify(open)}`);
    if (end === '\n\nAfter.') assert.deepEqual(scan.error, parsed.error);
    else assert.ok(scan.uncertain, `vouched for: ${JSON.stringify(open)}`);
  }
});

test('a code span over the lines of a paragraph is code, as the parser reads it; one left open is literal', () => {
  // As the MCP specification writes it: the span opens on one line and closes on the next.
  vouchedLikeTheParser('Send the `MCP-Protocol-Version:\n<protocol-version>` header, see [v](/v).\n', ['/v']);
  vouchedLikeTheParser('Run `prefect deploy\n-n hello/[x](/x)` or [y](/y).\n', ['/y']);
  vouchedLikeTheParser('A ` alone, then [z](/z)\nand more.\n\nA `new` paragraph [w](/w).\n', ['/z', '/w']);
  // A line that may start a block of its own (here a list item) leaves it to the parser.
  assert.ok(scanBody('A `b\n2. index` c\n', 0).uncertain);
  // One that surely starts a block (a bullet item, a heading, a thematic break) ends the paragraph: the backtick is literal.
  vouchedLikeTheParser('- Use `Ctrl + ``\n- Or `Shift + `` [s](/s)\n', ['/s']);
  vouchedLikeTheParser('A `b [t](/t)\n# Heading ` [u](/u)\n', ['/t', '/u']);
  vouchedLikeTheParser('A `b [t](/t)\n***\nc ` [u](/u)\n', ['/t', '/u']);
});

test('a fence in a block quote holds code to its closing fence, or to the end of the quote', () => {
  // As real pages quote a config object: its braces are code, not expressions.
  vouchedLikeTheParser('> Note:\n> ```tsx\n> walletConfig: {\n>   chains: { [a](/a) }\n> ```\n> See [b](/b).\n', ['/b']);
  // A line outside the quote, or less deep, ends the quote and its fence.
  vouchedLikeTheParser('> ```\n> {x\n\n[c](/c)\n', ['/c']);
  vouchedLikeTheParser('>> ```\n>> {x\n> [d](/d)\n', ['/d']);
  // MDX reads a closing fence at any indentation.
  vouchedLikeTheParser('> ~~~\n> {\n>     ~~~\n> [e](/e)\n', ['/e']);
});

test('a table row is read cell by cell: a pipe ends a cell even in code or a link, and a code span ends with its cell', () => {
  // As real reference tables write it: a backtick left open in one row, closed in another.
  const table = '| Name | Notes |\n|---|---|\n| `a` | when `kind=url |\n| `b` | see `c` and [d](/d) |\n';
  vouchedLikeTheParser(table, ['/d']);
  // A table may interrupt a paragraph; the last line before the delimiter row is its header.
  vouchedLikeTheParser('Intro `x\n| h | i |\n| :-- | --: |\n| y | [e](/e) |\n', ['/e']);
  // A pipe inside link text splits the cell: no link. Escaped, it does not.
  vouchedLikeTheParser('| h | i |\n|---|---|\n| [f|g](/f) | [h\\|i](/h) |\n', ['/h']);
  // A pipe inside an attribute splits the tag: the page is left to the parser, which rejects it.
  assert.ok(scanBody('| h |\n|---|\n| <Tooltip tip="a|b">x</Tooltip> |\n', 0).uncertain);
  // Header and delimiter rows of different widths make no table but a paragraph: the span goes on.
  vouchedLikeTheParser('| h | i | j |\n|---|---|\n| `x [k](/k) |\ny` z\n', []);
  // A table has no lazy lines: a line outside the list item holding it starts a paragraph (here a code span over two lines).
  vouchedLikeTheParser('- | h | i |\n  |---|---|\n  | `x | y |\nz` [l](/l)\nw ` [m](/m)\n', ['/m']);
  // ... and that lazy line cannot be a table's header: what follows is the paragraph's.
  vouchedLikeTheParser('- | h |\n  |---|\n| a |\n|---|\n| [b|c](/n) |\n', ['/n']);
  // A list item after a table is one whatever its number (its span closes on the item's next line).
  vouchedLikeTheParser('| h |\n|---|\n| x |\n2) two ` [o](/o)\n`` [p](/p) `\n', []);
});

test('an ESM block goes on past a blank line while its code is unfinished, as MDX reads it', () => {
  // As custom-component pages write it: the component's body has blank lines.
  const component = 'export const Tabs = ({ tabs }) => {\n  const first = tabs[0];\n\n  return <div>{first}</div>;\n};\n';
  const scan = vouchedLikeTheParser(`${component}\nSee [t](/t).\n`, ['/t']);
  assert.deepEqual(scan.exported, ['Tabs']);
  // Code that is wrong before its end is an error at the blank line: the parser says so.
  const broken = 'export const A = ) => {\n\n  return 1;\n};\n\nText.\n';
  assert.ok(scanBody(broken, 0).uncertain);
  assert.ok('error' in parseMdx(broken));
});

test('attributes without a space after a value, and `</ Name>`, are tags, as in MDX', () => {
  vouchedLikeTheParser('<Card title="x"href="/c" icon={1}id="i">\n\nText [d](/d).\n\n</ Card>\n\nA <b>b</ b> [e](/e).\n', [
    '/c',
    '/d',
    '/e',
  ]);
  // After a bare name, or in a closing tag, anything but a space is not a tag the scanner reads.
  assert.ok(scanBody('<Card open"x">\n\n</Card>\n', 0).uncertain);
  assert.ok(scanBody('<Card>\n\n</Card x>\n', 0).uncertain);
});

test('white space between the self-closing slash and `>` closes a tag, as in MDX', () => {
  vouchedLikeTheParser('<img src="/images/flow.webp" / >\n\nSee [m](/m) and <Icon icon="x" /\t> too.\n', ['/images/flow.webp', '/m']);
  // Anything but white space there is an error of the parser's: the scanner leaves it to the parser.
  const text = '<img src="/a.png" / x>\n';
  assert.ok(scanBody(text, 0).uncertain);
  assert.ok('error' in parseMdx(text));
});

test('a page the scanner is unsure of is read through the parser tree', () => {
  const document = parsePageDocument('file:///r/p.mdx', '---\ntitle: P\n---\n<div>\n\n[a](/x)\n\n</div>\n');
  assert.deepEqual(
    document.body().links.map((link) => link.url),
    ['/x'],
  );
});

/** The scanner vouches for the text, finds these links, and the reference parser parses it and finds the same. */
function vouchedLikeTheParser(text: string, links: string[]): ReturnType<typeof scanBody> {
  const scan = scanBody(text, 0);
  assert.equal(scan.uncertain, undefined);
  const parsed = parseMdx(text);
  assert.ok('tree' in parsed);
  assert.deepEqual(
    scan.links.map((link) => link.url),
    links,
  );
  assert.deepEqual(
    scanFromTree(parsed.tree, text).links.map((link) => link.url),
    links,
  );
  return scan;
}

test('mdx/undefined-variable: {{name}} in text that no variable replaces; never in code or attributes; the variables docs.json defines are replaced', async () => {
  const body = [
    'Hi {{name}} and {{ prodcut }}.',
    '',
    '<Note>{{product}}</Note> <Card data={{name}} />',
    '',
    '`{{name}}` and \\{\\{name}}',
    '',
    '```js',
    'const x = {{name}};',
    '```',
  ].join('\n');
  const files = onePage(body);
  const docs = JSON.parse(files['docs.json']);
  const found = only(await checkSite(files), 'mdx/undefined-variable');
  assert.deepEqual(
    found.map((f) => [f.text, f.severity, (f.diagnostic.data as { replace: string }).replace]),
    [
      ['{{name}}', 2, '\\{\\{name}}'],
      ['{{ prodcut }}', 2, '\\{\\{prodcut}}'],
      ['{{product}}', 2, '\\{\\{product}}'],
    ],
  );
  assert.match(found[0].message, /throws "name is not defined"/);
  const withVariables = { ...files, 'docs.json': JSON.stringify({ ...docs, variables: { product: 'Acme' } }) };
  const defined = only(await checkSite(withVariables), 'mdx/undefined-variable');
  assert.deepEqual(
    defined.map((f) => [f.text, (f.diagnostic.data as { replace: string }).replace]),
    [
      ['{{name}}', '\\{\\{name}}'],
      ['{{ prodcut }}', '{{product}}'],
    ],
  );
  assert.match(defined[1].message, /did you mean `\{\{product\}\}`\?/);
});

/** A page with a Tab component of its own: not the platform's, not checked as its. */
const OWN_TAB = '---\ntitle: Own\n---\n\nimport { Tab } from "/snippets/tab.jsx";\n\n<Tab title="">\n  x\n</Tab>\n';

test("mdx/component-warning: what the platform's build warns of in the use of its components; not in a snippet's own steps", async () => {
  const body = [
    '<Steps>',
    '  <Step title="One">',
    '    a',
    '  </Step>',
    '  <>',
    '    <Step title="Two">',
    '      b',
    '    </Step>',
    '  </>',
    '</Steps>',
    '',
    '<Step title="Loose">',
    '  c',
    '</Step>',
    '',
    '<Tabs>',
    '  <Tab title="">',
    '    d',
    '  </Tab>',
    '</Tabs>',
    '',
    '<Tab title="Alone">',
    '  e',
    '</Tab>',
    '',
    'Inline <Step title="In text">z</Step> is not checked, as the platform checks only blocks.',
    '',
    '<Accordion>f</Accordion>',
    '',
    '<Accordion title="Same">g</Accordion>',
    '',
    '<Accordion title="Same">h</Accordion>',
    '',
    '<Visibility>i</Visibility>',
    '',
    '<Visibility for="agents">j</Visibility>',
    '',
    '<Accordion {...shared}>spread</Accordion> <Visibility { ...audience }>spread</Visibility>',
    '',
    '<ResponseExample>',
    'k',
    '</ResponseExample>',
    '',
    '<ResponseExample>',
    'l',
    '</ResponseExample>',
    '',
    '<ResponseExample>',
    'm',
    '</ResponseExample>',
  ].join('\n');
  const found = only(
    await checkSite(
      onePage(body, {
        'snippets/step.mdx': '<Step title="Shared">\n  x\n</Step>\n',
        'snippets/tab.mdx': '<Tab title="T">\n  y\n</Tab>\n',
        'other.mdx': OWN_TAB,
        'snippets/tab.jsx': 'export const Tab = () => null;\n',
      }),
    ),
    'mdx/component-warning',
  );
  assert.deepEqual(
    found.map((f) => [f.file, f.line + 1, f.text, f.message.split(':')[0]]),
    [
      ['intro.mdx', 15, 'Step', '<Step> is not directly inside <Steps>'],
      ['intro.mdx', 20, 'Tab', '<Tab title=""> has no accessible name and cannot be linked to (the platform\'s build warns)'],
      ['intro.mdx', 25, 'Tab', '<Tab> is not directly inside <Tabs>'],
      ['intro.mdx', 31, 'Accordion', '<Accordion> has no title'],
      [
        'intro.mdx',
        37,
        'Visibility',
        '<Visibility> has no `for` audience, so the platform hides its content from readers (its build warns)',
      ],
      ['intro.mdx', 47, 'ResponseExample', 'Another <ResponseExample> on this page'],
      ['intro.mdx', 51, 'ResponseExample', 'Another <ResponseExample> on this page'],
    ],
  );
});
