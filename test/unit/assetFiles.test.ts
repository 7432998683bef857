import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, only, site } from '../helpers/check';
import { assetFile, isAssetPath } from '../../server/src/service/docsJson/assetPaths';

/** The favicon, logo, background image, thumbnail background and font files docs.json names. */
const check = (extra: Record<string, unknown>, files: Record<string, string> = {}) =>
  checkSite(site({ pages: ['index'] }, ['index'], extra, files)).then((found) =>
    only(found, 'config/file-not-found').map((f) => [f.text, f.message, f.diagnostic.data]),
  );

const FILES = {
  'favicon.svg': '',
  'logo/light.svg': '',
  'logo/dark.svg': '',
  'images/background.png': '',
  'fonts/Inter.woff2': '',
};

test('asset files in the docs root, with or without a leading slash, and URLs, are fine', async () => {
  assert.deepEqual(
    await check(
      {
        favicon: '/favicon.svg',
        logo: { light: 'logo/light.svg', dark: './logo/dark.svg', href: 'https://example.com' },
        background: { image: { light: '/images/background.png', dark: 'https://cdn.example.com/bg.png' } },
        thumbnails: { background: '/images/background.png' },
        fonts: { heading: { family: 'Inter', source: '/fonts/Inter.woff2', format: 'woff2' }, body: { family: 'Inter' } },
        styling: { codeblocks: { languages: { custom: ['/grammars/prisma.tmLanguage.json'] } } },
      },
      { ...FILES, 'grammars/prisma.tmLanguage.json': '{}' },
    ),
    [],
  );
});

test('a missing asset file is a warning that says what the site loses, with the file of other case or a close one as the fix', async () => {
  const found = await check(
    {
      favicon: { light: '/favicon.svg', dark: '/Favicon.svg' },
      logo: { light: '/logo/lihgt.svg', dark: '/logo/dark.svg' },
      background: { image: '/images/nothing-like-it.jpg' },
      fonts: { family: 'Inter', source: '/fonts/inter.woff2', format: 'woff2' },
      thumbnails: { background: '../outside.png' },
    },
    FILES,
  );
  assert.deepEqual(found, [
    [
      '"/Favicon.svg"',
      'Favicon file "/Favicon.svg" (`favicon.dark`) is not in the docs root, so the platform\'s build cannot make the site\'s favicons ("Error generating favicons"): the site has none. Did you mean "/favicon.svg"?',
      { replace: '"/favicon.svg"', replaceLabel: '/favicon.svg' },
    ],
    [
      '"/logo/lihgt.svg"',
      'Logo file "/logo/lihgt.svg" (`logo.light`) is not in the docs root, so the site\'s header shows a broken image in light mode. Did you mean "/logo/light.svg"?',
      { replace: '"/logo/light.svg"', replaceLabel: '/logo/light.svg' },
    ],
    [
      '"/images/nothing-like-it.jpg"',
      'Background image "/images/nothing-like-it.jpg" (`background.image`) is not in the docs root, so the pages show no background image. Add the file, or fix the path.',
      undefined,
    ],
    [
      '"../outside.png"',
      'Thumbnail background "../outside.png" (`thumbnails.background`) leaves the docs root, so the social-media thumbnails of the pages are made without it. Add the file, or fix the path.',
      undefined,
    ],
    [
      '"/fonts/inter.woff2"',
      'Font file "/fonts/inter.woff2" (`fonts.source`) is not in the docs root, so browsers cannot load the font and show another. Did you mean "/fonts/Inter.woff2"?',
      { replace: '"/fonts/Inter.woff2"', replaceLabel: '/fonts/Inter.woff2' },
    ],
  ]);
});

test('a custom code block language whose grammar file is missing: its code blocks are not highlighted', async () => {
  const found = await check({
    styling: { codeblocks: { languages: { custom: ['/grammars/prisma.json', 7, 'https://example.com/x.json'] } } },
  });
  assert.deepEqual(found, [
    [
      '"/grammars/prisma.json"',
      'Custom language file "/grammars/prisma.json" (`styling.codeblocks.languages.custom[0]`) is not in the docs root, so the platform\'s build skips it ("Custom language file … defined in docs.json is not found"): code blocks in that language are not highlighted. Add the file, or fix the path.',
      undefined,
    ],
  ]);
});

test('a file excluded by .mintignore is not served, but the favicon is read by the build all the same; a base path is taken off', async () => {
  assert.equal((await check({ logo: '/logo/light.svg' }, { ...FILES, '.mintignore': 'logo/\n' })).length, 1);
  // A path written with a base path the platform hosts sites under.
  assert.deepEqual(await check({ logo: '/docs/logo/light.svg' }, FILES), []);
  // The favicon is read from the repository by the build, ignored or not.
  assert.deepEqual(await check({ favicon: '/favicon.svg' }, { ...FILES, '.mintignore': 'favicon.svg\n' }), []);
});

test('asset paths: which keys name files, and the file a value names', () => {
  for (const path of [
    ['favicon'],
    ['logo', 'dark'],
    ['background', 'image', 'light'],
    ['fonts', 'body', 'source'],
    ['thumbnails', 'background'],
  ])
    assert.ok(isAssetPath(path), path.join('.'));
  for (const path of [
    ['logo', 'href'],
    ['background', 'color'],
    ['fonts', 'family'],
    ['navigation', 'pages', 0],
    ['favicon', 'light', 'x'],
  ])
    assert.ok(!isAssetPath(path), path.join('.'));
  assert.equal(assetFile('/images/my%20logo.png?v=2'), 'images/my logo.png');
  assert.equal(assetFile('./a/../b.svg'), 'b.svg');
  assert.equal(assetFile('https://example.com/a.png'), undefined);
  assert.equal(assetFile('data:image/png;base64,xyz'), undefined);
  assert.equal(assetFile('../a.png'), null);
});
