import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS, CORPUS_LABEL, corpusSites, sitePageFiles } from '../helpers/corpus';
import { parseFrontMatter } from '../../server/src/service/frontMatter/parseFrontMatter';
import { scanBody } from '../../server/src/service/mdx/bodyScanner';
import { scanWork } from '../../server/src/service/mdx/scanWork';
import { parseMdx } from '../../server/src/service/mdx/mdxReference';
import { scanFromTree } from '../../server/src/service/mdx/treeScan';

/**
 * What the scanner reads over several lines: code spans over the lines of a paragraph
 * (`` `MCP-Protocol-Version: `` and `` <protocol-version>` `` on the next line), and ESM blocks read on
 * past a blank line (a component's body). Every corpus page where the scanner read one, and vouched
 * for the page, is read by the MDX parser too, and both find the same links, headings, elements,
 * comments and imports.
 */
console.log(`# over lines suite: ${CORPUS_LABEL}`);

test('pages with code spans over lines, or ESM over blank lines: the scanner reads what the parser reads', () => {
  let compared = 0;
  let esm = 0;
  for (const site of corpusSites())
    for (const file of sitePageFiles(join(CORPUS, site))) {
      const text = readFileSync(file, 'utf8');
      const spans = scanWork.spansOverLines;
      const blocks = scanWork.esmOverBlankLines;
      const tags = scanWork.tagsOverLines;
      const bodyOffset = parseFrontMatter(text).bodyOffset;
      const scan = scanBody(text, bodyOffset);
      if ((scanWork.spansOverLines === spans && scanWork.esmOverBlankLines === blocks && scanWork.tagsOverLines === tags) || scan.uncertain)
        continue;
      if (scanWork.esmOverBlankLines !== blocks) esm++;
      const parsed = parseMdx(text);
      assert.ok('tree' in parsed, `${file}: the scanner vouched for a page the parser rejects`);
      const tree = scanFromTree(parsed.tree, text);
      const where = `${file.slice(CORPUS.length + 1)}`;
      assert.deepEqual(
        scan.links.map((link) => [link.url, link.offset]),
        tree.links.map((link) => [link.url, link.offset]),
        `links of ${where}`,
      );
      assert.deepEqual(
        scan.headings.map((heading) => heading.title),
        tree.headings.map((heading) => heading.title),
        `headings of ${where}`,
      );
      assert.deepEqual(
        scan.elements.map((element) => element.name),
        tree.elements.map((element) => element.name),
        `elements of ${where}`,
      );
      assert.deepEqual(scan.comments, tree.comments, `comments of ${where}`);
      assert.deepEqual(
        scan.imports.map((item) => item.source),
        tree.imports.map((item) => item.source),
        `imports of ${where}`,
      );
      assert.deepEqual(scan.exported, tree.exported, `exports of ${where}`);
      compared++;
    }
  console.log(`# ${compared} pages compared, ${esm} of them with ESM over blank lines`);
  assert.ok(compared > (corpusSites().length > 20 ? 100 : 0), `only ${compared} pages compared`);
  assert.ok(esm > (corpusSites().length > 20 ? 20 : 0), `only ${esm} pages with ESM over blank lines`);
});
