import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePageDocument } from '../../server/src/service/documents/pageDocument';
import { MAX_REFERENCE_PAGE, parseMdx } from '../../server/src/service/mdx/mdxReference';
import { scanBody } from '../../server/src/service/mdx/bodyScanner';

/** The parser's error on a page (it must reject it). */
function parserError(text: string) {
  const parsed = parseMdx(text);
  assert.ok('error' in parsed, `the parser reads ${JSON.stringify(text)}`);
  return parsed.error;
}

test('the MDX errors the scanner is sure of are the parser’s, word for word and place for place', () => {
  const pages = [
    'Before <!-- a comment --> after.\n', // an HTML comment in text
    '<!-- a comment on its own line -->\n',
    'Under <5 minutes.\n', // a `<` before a digit
    'x <= y\n',
    'Use <`code`> here.\n',
    '| a | b |\n|---|---|\n| <5 | x |\n', // in a table cell
    '[see <5](/a)\n', // in link text
    'One line<br>and the next.\n\nNext paragraph.\n', // a tag its paragraph leaves open
    'Two <br> open <b>tags\n', // the innermost is named
    'A <img src="/a.png"> image\nover two lines\n',
    'This paragraph ends </div> here.\n', // a closing tag with nothing open
    '</div>\n',
    '---\ntitle: T\n---\n\nAfter front matter <!-- c -->\n',
    '<Note>\n\nx </b> y\n\n</Note>\n', // a closing tag for another element than the innermost one open
    '<Card title="a\nb">\n\nx </b>\n\n</Card>\n',
    'The value {count is read when the page loads.\n', // an expression its paragraph never closes
    'The value {count\nis read `over` [two](/lines)  \n\nNext.\n', // the parser stops at the paragraph's end, spaces and all
  ];
  for (const text of pages) {
    const scan = scanBody(text, text.startsWith('---') ? text.indexOf('\n\n') : 0);
    assert.equal(scan.uncertain, undefined, `unsure of ${JSON.stringify(text)}: ${scan.uncertain?.reason}`);
    assert.deepEqual(scan.error, parserError(text), JSON.stringify(text));
  }
});

test('where the parser could say otherwise, the page stays unsure and the parser decides', () => {
  const pages = [
    'a <5 b\n\nc <6 d\n', // two errors: which one the parser meets first depends on where each is
    'a <br> b <5 c\n',
    '\t<br> tabbed\n', // a tab counts to the next tab stop in the parser's columns
    '- item\n\n\tmore <5\n', // and may put the line in a list item's code
    '# Title <br>\n', // a heading is no paragraph: the parser names it
    '- item <br> x\n',
    '<Note>\nx <br> y\n</Note>\n', // a closing tag ends the paragraph, not a blank line
    '<div>\n\nends </div> here\n', // a closing tag in text for an element opened before
    'x <https://example.com> y\n', // the parser stops later, at the `/`
    'a {b\nc }\n\nd\n', // a `}` on a later line: acorn decides what the expression is
    'a {b\n- item\n', // a list item ends the paragraph
    '{b c\n\nd\n', // first on its line, MDX reads it as a block, to the end of the page
    'a\n{b\n\nc\n',
  ];
  for (const text of pages) {
    const scan = scanBody(text, 0);
    parserError(text);
    assert.ok(scan.uncertain, `sure of ${JSON.stringify(text)}: ${scan.error?.message}`);
  }
});

test('an error the scanner is sure of needs no parser: a page over the parser’s size bound gets its mdx/syntax', () => {
  const rows = 'A line of a generated page, with [a link](/a) in it.\n\n'.repeat(6_000);
  const text = `---\ntitle: Big\n---\n\n<!-- generated: do not edit -->\n\n${rows}`;
  assert.ok(text.length > MAX_REFERENCE_PAGE);
  const document = parsePageDocument('file:///site/big.mdx', text);
  assert.equal(document.notParsed(), undefined);
  assert.match(document.syntaxError()?.message ?? '', /^Unexpected character `!` \(U\+0021\) before name.*to create a comment in MDX/);
  assert.equal(document.syntaxError()?.offset, text.indexOf('<!--') + 1);
  // The scanner still reads the page's links.
  assert.equal(document.body().links.length, 6_000);
});

test('a definition with a title in parentheses (the `[//]: # (comment)` idiom) is read whole; a line that only looks like one is not', () => {
  const comment = '[//]: # (TODO: link the concepts page)\n\nText.\n';
  const scan = scanBody(comment, 0);
  assert.equal(scan.uncertain, undefined);
  assert.ok('tree' in parseMdx(comment));
  assert.deepEqual(
    scan.links.map((link) => [link.kind, link.url]),
    [['definition', '#']],
  );
  // More than a title after the URL: a paragraph, whose `<5` the parser rejects.
  const paragraph = '[ref]: /r <5\n';
  parserError(paragraph);
  assert.ok(scanBody(paragraph, 0).uncertain);
});
