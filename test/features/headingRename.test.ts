import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnnotatedTextEdit, TextDocumentEdit, TextEdit } from 'vscode-languageserver-types';
import { featureSite } from '../helpers/featureSite';
import { docsJson } from '../helpers/check';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/**
 * Heading rename, with the cursor marked in the text (`|`) as the other features' tests have it
 * (issue 61 item 4): the title's span comes from the heading model, which keeps it for ATX headings
 * (and the parser's tree, on a page the scanner is unsure of); a setext heading is not renamed.
 */
const apply = (text: string, edits: TextEdit[]) => TextDocument.applyEdits(TextDocument.create('file:///x', 'markdown', 0, text), edits);
const site = (pages: Record<string, string>) =>
  featureSite({
    ...pages,
    'docs.json': docsJson(
      { groups: [{ group: 'G', pages: Object.keys(pages).map((p) => p.replace(/\.mdx$/, '')) }] },
      { variables: { base: '/guide' } },
    ),
  });
const HEAD = '---\ntitle: T\n---\n\n';

for (const [name, marked, placeholder] of [
  ['on the title', `${HEAD}## Rate |limits\n`, 'Rate limits'],
  ['on the marker', `${HEAD}#|# Rate limits ##\n`, 'Rate limits'],
  ['after a closing sequence', `${HEAD}## Rate limits #|#\n`, 'Rate limits'],
  ['in a list item', `${HEAD}- ## Rate |limits\n`, 'Rate limits'],
] as const)
  test(`61.4: prepareRename ${name} gives the title's range as the heading model holds it`, async () => {
    const features = site({ 'guide.mdx': `${HEAD}\n` });
    const position = features.edit('guide.mdx', marked);
    const prepared = await features.service.prepareRename(features.uri('guide.mdx'), position, NOT_CANCELLED);
    assert.equal(prepared?.placeholder, placeholder);
  });

for (const [name, marked] of [
  ['a setext heading', `${HEAD}Rate |limits\n---\n`],
  ['a heading with a custom id', `${HEAD}## Rate |limits {#limits}\n`],
  ['prose', `${HEAD}Rate |limits.\n`],
] as const)
  test(`61.4: no rename of ${name}`, async () => {
    const features = site({ 'guide.mdx': `${HEAD}\n` });
    const position = features.edit('guide.mdx', marked);
    assert.equal(await features.service.prepareRename(features.uri('guide.mdx'), position, NOT_CANCELLED), null);
  });

test('61.4: links the rename cannot rewrite (written through a variable) are named in its answer, which asks for confirmation', async () => {
  const features = site({ 'guide.mdx': `${HEAD}\n`, 'other.mdx': `${HEAD}See [a]({{base}}#rate-limits) and [b](/guide#rate-limits).\n` });
  const position = features.edit('guide.mdx', `${HEAD}## Rate |limits\n`);
  const edit = await features.service.rename(features.uri('guide.mdx'), position, 'Quotas', NOT_CANCELLED);
  assert.ok(edit?.documentChanges, 'an answer with a note');
  const annotation = edit.changeAnnotations!['docsmith.linksLeft'];
  assert.equal(annotation.needsConfirmation, true);
  assert.match(
    annotation.description!,
    /1 link to this heading is written through escapes or docs\.json variables and cannot be rewritten: other\.mdx:5/,
  );
  const byUri = new Map((edit.documentChanges as TextDocumentEdit[]).map((change) => [change.textDocument.uri, change.edits]));
  const title = byUri.get(features.uri('guide.mdx'))![0] as AnnotatedTextEdit;
  assert.equal(title.annotationId, 'docsmith.linksLeft');
  assert.equal(apply(`${HEAD}## Rate limits\n`, byUri.get(features.uri('guide.mdx'))!), `${HEAD}## Quotas\n`);
  assert.equal(
    apply(features.workspace.files.get(features.uri('other.mdx'))!, byUri.get(features.uri('other.mdx'))!),
    `${HEAD}See [a]({{base}}#rate-limits) and [b](/guide#quotas).\n`,
  );
});

test('61.4: with every link rewritable, the answer is plain changes, as before', async () => {
  const features = site({ 'guide.mdx': `${HEAD}\n`, 'other.mdx': `${HEAD}See [b](/guide#rate-limits).\n` });
  const position = features.edit('guide.mdx', `${HEAD}## Rate |limits\n`);
  const edit = await features.service.rename(features.uri('guide.mdx'), position, 'Quotas', NOT_CANCELLED);
  assert.equal(edit?.documentChanges, undefined);
  assert.deepEqual(Object.keys(edit!.changes!).sort(), [features.uri('guide.mdx'), features.uri('other.mdx')]);
});
