import { test } from 'node:test';
import assert from 'node:assert/strict';
import { featureSite, FEATURE_SITE, replaced } from '../helpers/featureSite';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/** Hover in docs.json and in pages, whole answers (`|` is the cursor). */
const docs = FEATURE_SITE['docs.json'];
const PAGE = 'api-reference/get-user.mdx';
const page = FEATURE_SITE[PAGE];

async function hover(path: string, marked: string) {
  const site = featureSite();
  return site.service.doHover(site.uri(path), site.edit(path, marked), NOT_CANCELLED);
}

const range = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } });

test('a docs.json key: its description and allowed values, from the schema', async () => {
  assert.deepEqual(await hover('docs.json', replaced(docs, '"theme"', '"the|me"')), {
    contents: {
      kind: 'markdown',
      value:
        '**theme**\n\nThe layout theme of the site.\n\nOne of: `mint`, `maple`, `palm`, `willow`, `linden`, `almond`, `aspen`, `luma`, `sequoia`',
    },
    range: range(1, 2, 9),
  });
});

test('a page entry: the title and description of the page, and its file', async () => {
  assert.deepEqual(await hover('docs.json', replaced(docs, '"guides/webhooks"', '"guides/web|hooks"')), {
    contents: { kind: 'markdown', value: '**Webhooks**\n\nReceive events from Acme.\n\n`guides/webhooks.mdx`' },
    range: range(21, 14, 31),
  });
  assert.deepEqual(await hover('docs.json', replaced(docs, '"guides/quikstart"', '"guides/quik|start"')), {
    contents: {
      kind: 'markdown',
      value:
        '**guides/quikstart**\n\nNo page file: guides/quikstart.mdx, guides/quikstart.md or guides/quikstart/index.mdx does not exist.',
    },
    range: range(15, 14, 32),
  });
});

test('an operation entry: the operation from the spec in scope', async () => {
  assert.deepEqual(await hover('docs.json', replaced(docs, '"GET /users"', '"GET /u|sers"')), {
    contents: { kind: 'markdown', value: '**GET /users** — List users\n\nFrom `openapi.json`' },
    range: range(36, 14, 26),
  });
});

test('an integration key: what it is and its fields', async () => {
  assert.deepEqual(await hover('docs.json', replaced(docs, '"posthog"', '"post|hog"')), {
    contents: {
      kind: 'markdown',
      value:
        '**PostHog integration**\n\nPostHog (product analytics). Needs `apiKey` (begins with `phc_`); `apiHost` when self-hosting; `sessionRecording` (default `false`).\n\nFields:\n' +
        '- `apiKey` (required): The PostHog project API key, beginning with `phc_`.\n' +
        '- `apiHost`: The PostHog host URL, needed when self-hosting, such as `https://eu.posthog.com`.\n' +
        '- `sessionRecording`: Records sessions. Default `false`.',
    },
    range: range(53, 4, 13),
  });
});

test('front matter: authMethod says what it overrides; api says where requests go', async () => {
  const description =
    'How the playground authenticates this endpoint: `bearer`, `basic`, `key` (a header named by `api.mdx.auth.name`), `cobo`, or `none` (no authentication on this page). **Overrides** `api.mdx.auth.method` in docs.json: the page wins.';
  assert.deepEqual(await hover(PAGE, replaced(page, 'authMethod: "key"', 'authMethod: "k|ey"')), {
    contents: {
      kind: 'markdown',
      value: `This page's value wins over \`api.mdx.auth.method\` in docs.json (there: \`key\`). \`none\` turns authentication off for this page.\n\n${description}`,
    },
    range: range(3, 12, 17),
  });
  const api = await hover(PAGE, replaced(page, 'api: "GET', 'api: "G|ET'));
  assert.deepEqual(api?.range, range(2, 5, 26));
  assert.match(
    (api?.contents as { value: string }).value,
    /^Requests go to \*\*GET https:\/\/api\.acme\.dev\/users\/\{userId\}\*\* \(`api\.mdx\.server` \+ path\)\.\n\n---\n\nMakes this a manual API reference page/,
  );
});

test('the body of a page: no hover', async () => {
  assert.equal(await hover(PAGE, replaced(page, 'The user.', 'The |user.')), null);
});

test('a sourceRef element of navigation: what it stands for, and that it is not checked here', async () => {
  const answer = await hover('docs.json', replaced(docs, '"guides/webhooks"', '{ "source|Ref": "sdk-docs" }, "guides/webhooks"'));
  assert.match((answer?.contents as { value: string }).value, /^\*\*sourceRef\*\*: a navigation section another repository holds/);
});
