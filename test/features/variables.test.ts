import { test } from 'node:test';
import assert from 'node:assert/strict';
import { featureSite, FEATURE_SITE } from '../helpers/featureSite';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/** docs.json's `variables` in a page: hover shows the value, go to definition opens its key, `{{` completes names (`|` is the cursor). */
const docs = JSON.parse(FEATURE_SITE['docs.json']);
const HEAD = '---\ntitle: Intro\n---\n';

function siteWithVariables() {
  return featureSite({
    ...FEATURE_SITE,
    'docs.json': JSON.stringify({ ...docs, variables: { product: 'Acme <b>Cloud</b>', version: '2.1' } }, null, 2),
  });
}

test('hover on {{name}}: the value the platform puts there (its HTML filtered), or why none', async () => {
  const site = siteWithVariables();
  const on = site.edit('index.mdx', `${HEAD}Welcome to {{ prod|uct }}.\n`);
  const hover = await site.service.doHover(site.uri('index.mdx'), on, NOT_CANCELLED);
  assert.match(JSON.stringify(hover?.contents), /Acme Cloud/);
  assert.deepEqual(hover?.range, { start: { line: 3, character: 11 }, end: { line: 3, character: 24 } });
  const missing = site.edit('index.mdx', `${HEAD}Welcome to {{prodcut|}}.\n`);
  assert.match(
    JSON.stringify((await site.service.doHover(site.uri('index.mdx'), missing, NOT_CANCELLED))?.contents),
    /not one of docs.json's/,
  );
});

test("go to definition on {{name}} opens its key in docs.json's variables", async () => {
  const site = siteWithVariables();
  const on = site.edit('index.mdx', `${HEAD}Version {{ver|sion}}.\n`);
  const [location] = await site.service.findDefinition(site.uri('index.mdx'), on, NOT_CANCELLED);
  assert.equal(location.uri, site.uri('docs.json'));
  const lines = site.workspace.files.get(site.uri('docs.json'))!.split('\n');
  assert.match(lines[location.range.start.line].slice(location.range.start.character), /^"version": "2\.1"/);
});

test('completion after {{ lists the variables with their values, and closes the braces once', async () => {
  const site = siteWithVariables();
  for (const [marked, expected] of [
    [`${HEAD}Install {{pr|`, 'product}}'],
    [`${HEAD}Install {{ pr|}} now`, 'product}}'],
  ]) {
    const position = site.edit('index.mdx', marked);
    const items = (await site.service.doComplete(site.uri('index.mdx'), position, NOT_CANCELLED)).items;
    assert.deepEqual(
      items.map((item) => [item.label, item.detail]),
      [
        ['product', 'Acme Cloud'],
        ['version', '2.1'],
      ],
    );
    const edit = items[0].textEdit as { newText: string; range: { end: { character: number } } };
    assert.equal(edit.newText, expected);
    assert.equal(edit.range.end.character, marked.split('\n')[3].indexOf('|') + (marked.includes('|}}') ? 2 : 0));
  }
  // A site without variables: `{{` completes nothing of its own.
  const plain = featureSite();
  const position = plain.edit('index.mdx', `${HEAD}Install {{pr|`);
  assert.ok(
    !(await plain.service.doComplete(plain.uri('index.mdx'), position, NOT_CANCELLED)).items.some((item) => item.label === 'product'),
  );
});
