import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import slugifyLibrary from '@sindresorhus/slugify';
import { CORPUS, CORPUS_LABEL, corpusSites, sitePageFiles } from '../helpers/corpus';
import { parseFrontMatter } from '../../server/src/service/frontMatter/parseFrontMatter';
import { scanBody } from '../../server/src/service/mdx/bodyScanner';
import { slugify, slugifyTitle, titleSlugInput } from '../../server/src/service/mdx/slug';

/**
 * Docsmith's port of the platform's slugger (transliteration included, issue 41) gives the library's
 * slug for every heading title and every component title of the corpus that is not plain ASCII (plain
 * ASCII is compared by the property tests of test/unit/slug.test.ts), as the platform calls it. The
 * library takes about 2 ms a title: every sixth title of the about 19,000 is compared, all of them
 * with DOCSMITH_SLUGS=all.
 */
console.log(`# slugs suite: ${CORPUS_LABEL}`);

test('every non-ASCII heading and component title of the corpus: the same slug as @sindresorhus/slugify', () => {
  const titles = new Set<string>();
  for (const site of corpusSites())
    for (const file of sitePageFiles(join(CORPUS, site))) {
      const text = readFileSync(file, 'utf8');
      const scan = scanBody(text, parseFrontMatter(text).bodyOffset);
      for (const heading of scan.headings) titles.add(heading.title);
      for (const element of scan.elements)
        for (const attribute of element.attributes)
          if (attribute.name === 'title' && typeof attribute.value === 'string') titles.add(attribute.value);
    }
  // eslint-disable-next-line no-control-regex
  const unusual = [...titles].filter((title) => /[^\x00-\x7f]|[&^`]/.test(title));
  assert.ok(unusual.length > (corpusSites().length > 20 ? 1000 : 10), `${unusual.length} titles to compare`);
  const compared = process.env.DOCSMITH_SLUGS === 'all' ? unusual : unusual.filter((_, index) => index % 6 === 0);
  for (const title of compared) {
    // A component's id (Tabs, Accordions) slugs its title as written; a heading's, percent-encoded first.
    assert.equal(slugify(title, { decamelize: false }), slugifyLibrary(title, { decamelize: false }), JSON.stringify(title));
    assert.equal(slugifyTitle(title), slugifyLibrary(titleSlugInput(title).input, titleSlugInput(title).options), JSON.stringify(title));
  }
  console.log(`# ${compared.length} of ${unusual.length} titles compared`);
});
