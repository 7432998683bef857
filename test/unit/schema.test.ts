import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, docsJson, only, site } from '../helpers/check';

const nav = { groups: [{ group: 'Start', pages: ['intro'] }] };
const withIntegrations = (integrations: unknown) => checkSite(site(nav, ['intro'], { integrations }));

test('an unknown top-level key is a warning with did-you-mean and the fix in data', async () => {
  const found = await checkSite(site(nav, ['intro'], { favicn: '/favicon.svg' }));
  const [unknown] = only(found, 'config/unknown-key');
  assert.equal(unknown.severity, 2);
  assert.equal(unknown.text, '"favicn"');
  assert.match(unknown.message, /Did you mean `favicon`\?/);
  assert.deepEqual(unknown.diagnostic.data, { replace: '"favicon"', replaceLabel: 'favicon', removeKey: true });
});

test('missing required top-level keys are errors', async () => {
  const found = await checkSite({ 'docs.json': JSON.stringify({ name: 'x', navigation: nav }), 'intro.mdx': '' });
  const messages = only(found, 'config/missing-property').map((f) => f.message);
  assert.equal(messages.length, 2);
  assert.ok(messages.some((m) => m.includes('`theme`')));
  assert.ok(messages.some((m) => m.includes('`colors`')));
});

test('an enum value suggests the closest allowed value', async () => {
  const found = await checkSite(site(nav, ['intro'], { theme: 'mapel' }));
  const [problem] = only(found, 'config/invalid-value');
  assert.equal(problem.text, '"mapel"');
  assert.match(problem.message, /Did you mean "maple"\?/);
});

test('colours must be hex codes', async () => {
  const found = await checkSite(site(nav, ['intro'], { colors: { primary: 'green' } }));
  const [problem] = only(found, 'config/invalid-value');
  assert.match(problem.message, /must be a hex colour/);
});

test('an unknown integration is an error that the platform would reject', async () => {
  const found = await withIntegrations({ googleanalytics: { measurementId: 'G-1' } });
  const [problem] = only(found, 'integrations/unknown-integration');
  assert.equal(problem.severity, 1);
  assert.equal(problem.text, '"googleanalytics"');
  assert.match(problem.message, /rejects the file/);
});

test('a misspelt integration key suggests the real one', async () => {
  const found = await withIntegrations({ posthgo: { apiKey: 'phc_x' } });
  assert.match(only(found, 'integrations/unknown-integration')[0].message, /Did you mean `posthog`\?/);
});

test('an unknown field of a known integration is a warning with did-you-mean', async () => {
  const found = await withIntegrations({ posthog: { apiKey: 'phc_abc', sessionRecodring: true } });
  const [problem] = only(found, 'integrations/unknown-field');
  assert.equal(problem.severity, 2);
  assert.equal(problem.text, '"sessionRecodring"');
  assert.match(problem.message, /Did you mean `sessionRecording`\?/);
});

test('integration field rules: prefixes, lengths, URLs, string types, plausible hosts', async () => {
  const found = await withIntegrations({
    ga4: { measurementId: 'UA-123' },
    gtm: { tagId: 'XYZ' },
    posthog: { apiKey: 'abc123', apiHost: 'not a url' },
    frontchat: { snippetId: 'abc' },
    intercom: { appId: '12345' },
    hotjar: { hjid: 1234, hjsv: '6' },
    plausible: { domain: 'https://docs.example.com' },
    adobe: { launchUrl: 'launch' },
    mixpanel: { projectToken: 't', region: 'asia' },
  });
  const invalid = only(found, 'integrations/invalid-field');
  const at = (text: string) => invalid.find((f) => f.text === text)?.message ?? `nothing at ${text}`;
  assert.match(at('"UA-123"'), /must begin with "G"/);
  assert.match(at('"XYZ"'), /must begin with "G"/);
  assert.match(at('"abc123"'), /phc_/);
  assert.match(at('"not a url"'), /full URL/);
  assert.match(at('1234'), /must be a string/);
  assert.match(at('"https://docs.example.com"'), /remove "https:\/\/"/);
  assert.match(at('"launch"'), /full URL/);
  assert.match(at('"asia"'), /expected one of "us", "eu", "in"/);
  assert.ok(invalid.some((f) => /snippetId` must be at least 6 characters/.test(f.message)));
  assert.ok(invalid.some((f) => /appId` must be at least 6 characters/.test(f.message)));
});

test('a missing required integration field is an error at the integration key', async () => {
  const found = await withIntegrations({ ga4: {} });
  const [problem] = only(found, 'integrations/missing-field');
  assert.equal(problem.text, '"ga4"');
  assert.match(problem.message, /missing `measurementId`/);
});

test('an empty required integration value is a warning (the platform accepts it and loads nothing)', async () => {
  const found = await withIntegrations({ segment: { key: '' }, telemetry: { enabled: false }, cookies: {} });
  const empty = only(found, 'integrations/empty-value');
  assert.equal(empty.length, 1);
  assert.equal(empty[0].text, '""');
  assert.equal(found.filter((f) => f.code.startsWith('integrations/')).length, 1, 'telemetry and cookies have no required fields');
});

test('valid integrations of every documented kind pass', async () => {
  const found = await withIntegrations({
    adobe: { launchUrl: 'https://assets.adobedtm.com/launch.min.js' },
    amplitude: { apiKey: 'k' },
    clarity: { projectId: 'p' },
    clearbit: { publicApiKey: 'k' },
    fathom: { siteId: 's' },
    frontchat: { snippetId: '123456' },
    ga4: { measurementId: 'G-ABC' },
    gtm: { tagId: 'GTM-1' },
    heap: { appId: 'a' },
    hightouch: { writeKey: 'w', apiHost: 'h' },
    hotjar: { hjid: '1', hjsv: '6' },
    intercom: { appId: 'abcdef' },
    koala: { publicApiKey: 'pk' },
    logrocket: { appId: 'org/app' },
    mixpanel: { projectToken: 't', region: 'eu' },
    onetrust: { domainScript: 'd', scriptSource: 'https://cdn.example.com/ot.js' },
    pirsch: { id: 'i' },
    plausible: { domain: 'docs.example.com', server: 'plausible.example.com' },
    posthog: { apiKey: 'phc_x', apiHost: 'https://eu.posthog.com', sessionRecording: true },
    segment: { key: 'k', cdnUrl: 'https://cdn.example.com' },
    telemetry: { enabled: false },
    transcend: { bundleId: 'abc_1-2', analyticsPurpose: 'Analytics' },
    cookies: { key: 'k', value: 'v' },
  });
  assert.deepEqual(found, []);
});

test('navigation problems name the shape that was meant and the field that breaks it', async () => {
  const found = await checkSite(
    site({ tabs: [{ groups: [{ group: 'A', pages: ['intro'] }] }, { tab: 'B', groups: [{ pages: ['intro2'], expandd: true }] }] }, [
      'intro',
      'intro2',
    ]),
  );
  const missing = only(found, 'nav/missing-property').map((f) => f.message);
  assert.deepEqual(missing.length, 1, missing.join('\n'));
  assert.match(missing[0], /^A tab \(navigation\.tabs\[0\]\) is missing `tab` \(The tab label\)\.$/);
  // The second tab stands; the platform drops its groups, because their first group has no name.
  const [ignored] = only(found, 'nav/ignored-key');
  assert.match(
    ignored.message,
    /ignores `groups` of a tab \(navigation\.tabs\[1\]\) because its value is not valid: a group \(navigation\.tabs\[1\]\.groups\[0\]\) is missing `group`/,
  );
  assert.ok(!found.some((f) => /matches none|must match/.test(f.message)));
  const unknown = only(await checkSite(site({ groups: [{ group: 'G', pages: ['intro'], expandd: true }] }, ['intro'])), 'nav/unknown-key');
  assert.match(unknown[0].message, /in a group .*Did you mean `expanded`\?/);
});

test('a page entry of the wrong type says what an entry may be', async () => {
  const found = await checkSite(site({ pages: ['intro', 42] }, ['intro']));
  const [problem] = only(found, 'nav/invalid-value');
  assert.equal(problem.text, '42');
  assert.match(problem.message, /must be a page path .* or a group object/);
});

test('api.mdx.server must be a URL, and method key needs a header name', async () => {
  const found = await checkSite(site(nav, ['intro'], { api: { mdx: { server: 'api.example.com', auth: { method: 'key' } } } }));
  assert.match(only(found, 'api/invalid-value')[0].message, /full URL/);
  const [auth] = only(found, 'api/auth-name-missing');
  assert.equal(auth.severity, 2);
  assert.equal(auth.text, '"key"');
});

test('api values the platform accepts pass (server arrays, playground auth, cobo, openapi objects)', async () => {
  const found = await checkSite(
    site(nav, ['intro'], {
      api: {
        openapi: [{ source: 'https://example.com/openapi.json', directory: 'api' }],
        mdx: { server: ['https://api.example.com', 'https://eu.api.example.com'], auth: { method: 'cobo' } },
        playground: { display: 'auth', proxy: false, credentials: true },
        params: { expanded: 'all' },
        url: 'full',
        examples: { languages: ['bash'], defaults: 'required', prefill: true, autogenerate: false },
      },
    }),
  );
  assert.deepEqual(
    found.filter((f) => f.code !== 'openapi/not-checked'),
    [],
  );
});

test('a none auth method at the global level is rejected (it is a page-level value)', async () => {
  const found = await checkSite(site(nav, ['intro'], { api: { mdx: { auth: { method: 'none' } } } }));
  assert.match(only(found, 'api/invalid-value')[0].message, /expected one of "bearer", "basic", "key", "cobo"/);
});

test('the full docs.json of a realistic site passes', async () => {
  const text = docsJson(
    {
      global: { anchors: [{ anchor: 'Blog', href: 'https://example.com/blog', icon: 'newspaper' }] },
      languages: [
        {
          language: 'en',
          default: true,
          tabs: [
            {
              tab: 'Docs',
              icon: { name: 'book', style: 'solid' },
              groups: [
                {
                  group: 'Start',
                  expanded: true,
                  tag: 'NEW',
                  root: 'intro',
                  pages: ['intro', { group: 'Nested', icon: 'folder', pages: ['guide'] }],
                },
              ],
            },
          ],
        },
        { language: 'fr', tabs: [{ tab: 'Docs', groups: [{ group: 'Début', pages: ['fr/intro'] }] }] },
      ],
    },
    {
      logo: { light: '/l.svg', dark: '/d.svg', href: 'https://example.com' },
      favicon: '/f.svg',
      fonts: { heading: { family: 'Inter', weight: 600 }, body: { family: 'Inter' } },
      navbar: {
        links: [{ label: 'Support', href: 'mailto:a@b.c' }],
        primary: { type: 'button', label: 'Start', href: 'https://example.com' },
      },
      footer: { socials: { x: 'https://x.com/e' }, links: [{ header: 'More', items: [{ label: 'A', href: '/a' }] }] },
      redirects: [{ source: '/old', destination: '/intro' }],
      contextual: {
        options: ['copy', 'view', { title: 'T', description: 'D', href: { base: 'https://e.com', query: [{ key: 'q', value: '$page' }] } }],
      },
      styling: { codeblocks: { theme: { light: 'github-light', dark: 'github-dark' } } },
      seo: { indexing: 'all', metatags: { 'og:site_name': 'x' } },
      variables: { version: '1.0' },
    },
  );
  const page = '---\ntitle: Page\n---\n';
  const images = { 'f.svg': '', 'l.svg': '', 'd.svg': '' };
  const found = await checkSite({ 'docs.json': text, 'intro.mdx': page, 'guide.mdx': page, 'fr/intro.mdx': page, ...images });
  assert.deepEqual(
    found.map((f) => `${f.code} ${f.message}`),
    [],
  );
});

test('keys the platform keeps are accepted: group public, boost, searchable, tab searchable, seo.organization, markdown', async () => {
  const found = await checkSite(
    site(
      {
        tabs: [
          {
            tab: 'T',
            searchable: true,
            align: 'end',
            groups: [{ group: 'G', public: true, boost: 3, searchable: true, hidden: true, pages: ['intro'] }],
          },
        ],
      },
      ['intro'],
      {
        public: false,
        seo: {
          organization: { name: 'Acme', url: 'https://acme.dev', sameAs: ['https://github.com/acme'] },
          trailingSlash: true,
          paths: [{ path: 'guides/v2', metatags: { robots: 'noindex' } }],
        },
        markdown: { schema: false, instructions: ['Use the CLI.'] },
        api: { params: { post: ['deprecated'] } },
        contextual: { options: ['copy', 'download-spec', 'download-pdf'], display: 'toc' },
      },
    ),
  );
  assert.deepEqual(
    found.map((f) => `${f.code} ${f.message}`),
    [],
  );
});

test('two forms of one value: a font with `family` wins, and `heading` beside it is ignored', async () => {
  const found = await checkSite(site(nav, ['intro'], { fonts: { family: 'Inter', heading: { family: 'Inter', weight: 600 } } }));
  assert.deepEqual(
    found.map((f) => [f.code, f.severity, f.text]),
    [['config/ignored-key', 2, '"heading"']],
  );
  assert.match(
    found[0].message,
    /`fonts` can take one of two forms; the platform reads it as a font \(it has `family`\) and ignores `heading`/,
  );
});

test('an unknown key in a strict object is rejected: an error', async () => {
  const found = await checkSite(site(nav, ['intro'], { colors: { primary: '#000000', accent: '#ffffff' } }));
  assert.deepEqual(
    found.map((f) => [f.code, f.severity, f.text]),
    [['config/rejected-key', 1, '"accent"']],
  );
});

test('variations exist only for the willow theme', async () => {
  const options = { variations: { options: [{ id: 'a', label: 'A' }] } };
  assert.deepEqual(await checkSite(site(nav, ['intro'], { theme: 'willow', ...options })), []);
  assert.deepEqual(
    (await checkSite(site(nav, ['intro'], options))).map((f) => f.code),
    ['config/unknown-key'],
  );
});
