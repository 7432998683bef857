import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, site } from '../helpers/check';
import { applyOverlays } from '../../server/src/service/openapi/overlayApply';
import type { OverlayDocument } from '../../server/src/service/openapi/overlays';

/** A site whose spec an OpenAPI Overlay changes: the checks read the spec as the platform does, overlays applied. */
const SPEC = [
  'openapi: 3.0.0',
  'info: {title: A, version: "1"}',
  'paths:',
  '  /users:',
  '    get: {summary: List users, tags: [Users], responses: {"200": {description: ok}}}',
  '  /internal:',
  '    delete: {summary: Internal, tags: [Internal], responses: {"200": {description: ok}}}',
].join('\n');

const OVERLAY = [
  'overlay: 1.0.0',
  'info: {title: Public, version: "1"}',
  'extends: ../openapi.yaml',
  'actions:',
  '  - target: $.paths',
  '    update:',
  "      /users: {post: {summary: Create a user, tags: [Users], responses: {'201': {description: created}}}}",
  "  - target: $.paths['/internal']",
  '    remove: true',
].join('\n');

const navigation = (openapi: unknown) => ({
  tabs: [
    { tab: 'Docs', pages: ['index'] },
    { tab: 'API', openapi, groups: [{ group: 'Users', pages: ['GET /users', 'POST /users', 'DELETE /internal'] }] },
  ],
});

async function findings(openapi: unknown, files: Record<string, string>): Promise<string[]> {
  const found = await checkSite(site(navigation(openapi), ['index'], {}, { 'openapi.yaml': SPEC, ...files }));
  return found.filter((f) => /operation|spec/.test(f.code)).map((f) => `${f.code} ${f.text}`);
}

test('an overlay that extends the spec adds and removes operations before they are checked', async () => {
  assert.deepEqual(await findings('openapi.yaml', { 'overlays/public.yaml': OVERLAY }), ['nav/operation-not-found "DELETE /internal"']);
  // Without it, the spec as written.
  assert.deepEqual(await findings('openapi.yaml', {}), ['nav/operation-not-found "POST /users"']);
  // Left out by .mintignore, it is not discovered.
  assert.deepEqual(await findings('openapi.yaml', { 'overlays/public.yaml': OVERLAY, '.mintignore': 'overlays/\n' }), [
    'nav/operation-not-found "POST /users"',
  ]);
  // An overlay the platform would not validate is applied nowhere.
  assert.deepEqual(await findings('openapi.yaml', { 'overlays/public.yaml': OVERLAY.replace('1.0.0', '2.0.0') }), [
    'nav/operation-not-found "POST /users"',
  ]);
});

test("docs.json's `overlays` list wins: an empty one applies none; a missing one leaves the spec out; a URL leaves it unknown", async () => {
  const overlaid = { 'overlays/public.yaml': OVERLAY, 'other.yaml': OVERLAY.replace('extends: ../openapi.yaml', 'extends: nothing.yaml') };
  assert.deepEqual(await findings({ source: 'openapi.yaml', overlays: ['other.yaml'] }, overlaid), [
    'nav/operation-not-found "DELETE /internal"',
  ]);
  assert.deepEqual(await findings({ source: 'openapi.yaml', overlays: [] }, overlaid), ['nav/operation-not-found "POST /users"']);
  const missing = await checkSite(
    site(navigation({ source: 'openapi.yaml', overlays: ['gone.yaml'] }), ['index'], {}, { 'openapi.yaml': SPEC }),
  );
  assert.ok(
    missing.some((f) => f.code === 'openapi/spec-invalid' && /overlay "gone.yaml"/.test(f.message)),
    missing.map((f) => `${f.code} ${f.message}`).join('\n'),
  );
  assert.deepEqual(await findings({ source: 'openapi.yaml', overlays: ['https://example.com/o.yaml'] }, {}), []);
  // The same spec with two lists: the platform's build stops.
  const conflict = await checkSite(
    site(
      {
        tabs: [
          { tab: 'A', openapi: { source: 'openapi.yaml', overlays: ['other.yaml'] }, pages: ['GET /users'] },
          { tab: 'B', openapi: { source: './openapi.yaml', overlays: [] }, pages: ['index'] },
        ],
      },
      ['index'],
      {},
      { 'openapi.yaml': SPEC, ...overlaid },
    ),
  );
  assert.ok(
    conflict.some(
      (f) => f.code === 'openapi/spec-invalid' && /two different `overlays` lists \(\[other\.yaml\] and \[\]\)/.test(f.message),
    ),
  );
  // Written with spaces and `./`, the list is the same.
  assert.deepEqual(await findings({ source: ' ./openapi.yaml ', overlays: [' ./other.yaml'] }, overlaid), [
    'nav/operation-not-found "DELETE /internal"',
  ]);
});

test('an overlay that cannot be applied leaves the spec out, as the platform does, and says why', async () => {
  const broken = OVERLAY.replace("$.paths['/internal']", '$.paths[');
  const found = await checkSite(
    site(navigation('openapi.yaml'), ['index'], {}, { 'openapi.yaml': SPEC, 'o.yaml': broken.replace('../openapi.yaml', 'openapi.yaml') }),
  );
  const invalid = found.filter((f) => f.code === 'openapi/spec-invalid');
  assert.equal(invalid.length, 1, found.map((f) => `${f.code} ${f.message}`).join('\n'));
  assert.match(invalid[0].message, /with its overlays: action 2 of o\.yaml \(target "\$\.paths\["\): invalid JSONPath/);
});

test(
  'a hostile overlay: more than 1,000 actions is refused; a regular expression that would backtrack runs in linear time',
  { timeout: 60_000 },
  async () => {
    const many = ['overlay: 1.0.0', 'info: {title: O, version: "1"}', 'extends: openapi.yaml', 'actions:'];
    for (let i = 0; i < 1001; i++) many.push(`  - {target: $.info, update: {x${i}: 1}}`);
    const found = await checkSite(site(navigation('openapi.yaml'), ['index'], {}, { 'openapi.yaml': SPEC, 'o.yaml': many.join('\n') }));
    // Docsmith's bound, not the platform's: the spec is not checked (an info), not called invalid.
    assert.ok(found.some((f) => f.code === 'openapi/not-checked' && /more than 1000 actions/.test(f.message)));
    assert.ok(!found.some((f) => f.code === 'openapi/spec-invalid'));
    // `(a+)+b` against 5,000 `a`s: a backtracking engine would not finish (the test's timeout fails it).
    const evil = ['overlay: 1.0.0', 'info: {title: O, version: "1"}', 'extends: openapi.yaml', 'actions:'];
    evil.push(`  - {target: "$.paths[?match(@.x, '(a+)+b')]", remove: true}`);
    const spec = SPEC.replace('  /users:', `  /users:\n    x: "${'a'.repeat(5000)}"`);
    assert.deepEqual(await findings('openapi.yaml', { 'openapi.yaml': spec, 'o.yaml': evil.join('\n') }), [
      'nav/operation-not-found "POST /users"',
    ]);
  },
);

test('a spec of YAML aliases that expand to billions of values, with an overlay, is refused, not copied', { timeout: 60_000 }, async () => {
  const levels = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]'];
  for (let i = 1; i < 9; i++)
    levels.push(
      `${'b'.repeat(i)}: &l${i} [${Array(10)
        .fill(i === 1 ? '*a' : `*l${i - 1}`)
        .join(', ')}]`,
    );
  const spec = `${SPEC}\nx-bomb:\n${levels.map((line) => `  ${line}`).join('\n')}\n`;
  const overlay = [
    'overlay: 1.0.0',
    'info: {title: O, version: "1"}',
    'extends: openapi.yaml',
    'actions:',
    '  - {target: $.info, update: {x: 1}}',
  ];
  const found = await checkSite(site(navigation('openapi.yaml'), ['index'], {}, { 'openapi.yaml': spec, 'o.yaml': overlay.join('\n') }));
  assert.ok(
    found.some((f) => f.code === 'openapi/not-checked' && /too large once its YAML aliases are expanded/.test(f.message)),
    found.map((f) => `${f.code} ${f.message}`).join('\n'),
  );
});

test(
  '65 D2: aliases just under the old cap with a descent that removes every value are counted before they are copied',
  { timeout: 60_000 },
  async () => {
    // 6 * 9^6 (3.2 million) values from seven lines, and `..*` selecting each of them: 23 s and 2.4 GB before.
    const levels = ['a0: &a0 {k0: x, k1: x, k2: x, k3: x, k4: x, k5: x}'];
    for (let i = 1; i < 7; i++)
      levels.push(
        `a${i}: &a${i} [${Array(9)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    const spec = `${SPEC}\nx-bomb:\n${levels.map((line) => `  ${line}`).join('\n')}\n`;
    const overlay = ['overlay: 1.0.0', 'info: {title: O, version: "1"}', 'extends: openapi.yaml', 'actions:'];
    overlay.push(`  - {target: "$['x-bomb']..*", remove: true}`);
    const found = await checkSite(site(navigation('openapi.yaml'), ['index'], {}, { 'openapi.yaml': spec, 'o.yaml': overlay.join('\n') }));
    assert.deepEqual(
      found.filter((f) => f.code.startsWith('openapi/')).map((f) => f.code),
      ['openapi/not-checked'],
    );
  },
);

test('65 D2: a query that selects a million nodes is stopped by the time budget, between nodes and in the removal', () => {
  const big = { openapi: '3.0.0', items: Array.from({ length: 1_000_000 }, (_, i) => i) };
  const action = { target: '$.items[*]', remove: true };
  const overlay = { location: 'o.yaml', actions: [action] } as unknown as OverlayDocument;
  const result = applyOverlays(big, [overlay], -1);
  assert.ok('error' in result && result.limit, JSON.stringify(result).slice(0, 200));
  assert.match((result as { error: string }).error, /took too long/);
});
