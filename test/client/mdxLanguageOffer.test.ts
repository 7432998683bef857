import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MINTLIFY_MDX, shouldOfferMdx, type MdxOfferState } from '../../client/src/mdxLanguageOffer';

const page: MdxOfferState = {
  path: '/docs/guides/setup.mdx',
  languageId: 'plaintext',
  languages: ['plaintext', 'markdown', 'json'],
  never: false,
  offered: false,
};

test('Mintlify MDX is offered for an .mdx page shown as plain text when no MDX language exists, once, unless never', () => {
  assert.equal(shouldOfferMdx(page), true);
  assert.equal(shouldOfferMdx({ ...page, offered: true }), false, 'once a window');
  assert.equal(shouldOfferMdx({ ...page, never: true }), false, '"Never ask again" holds');
  assert.equal(
    shouldOfferMdx({ ...page, languages: [...page.languages, 'mdx'] }),
    false,
    'an MDX language is there (Mintlify MDX, or another)',
  );
  assert.equal(shouldOfferMdx({ ...page, languageId: 'mdx' }), false);
  assert.equal(shouldOfferMdx({ ...page, languageId: 'markdown' }), false, 'the user chose to read it as Markdown');
  assert.equal(shouldOfferMdx({ ...page, path: '/docs/guides/setup.md' }), false, 'Markdown pages have their language');
  assert.equal(shouldOfferMdx({ ...page, path: '/docs/Guides/SETUP.MDX' }), true);
});

test('Docsmith contributes no MDX language, grammar or snippets (Mintlify MDX does), and wraps MDX prose', () => {
  const manifest = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8'));
  const contributes = manifest.contributes;
  assert.equal(contributes.languages, undefined);
  assert.equal(contributes.grammars, undefined);
  assert.equal(contributes.snippets, undefined);
  assert.equal(contributes.configurationDefaults?.['[mdx]']?.['editor.wordWrap'], 'on');
  for (const command of contributes.commands) assert.match(command.command, /^docsmith\./, 'no command outside its own prefix');
  const settings = (contributes.configuration as { properties: object }[]).flatMap((section) => Object.keys(section.properties));
  assert.ok(settings.length > 5 && settings.every((key) => key.startsWith('docsmith.')), settings.join(' '));
  assert.equal(MINTLIFY_MDX, 'mintlify.mintlify-snippets');
});
