import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CORPUS, corpusSites } from '../helpers/corpus';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { createLanguageService } from '../../server/src/service';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/**
 * The language service on random input: mutations of real docs.json files, arbitrary JSON, random
 * front matter and MDX. It must answer every time (no exception, every diagnostic well formed).
 * Timing limits for large inputs live in `npm run bench`, not here.
 */
const seeds: string[] = [
  readFileSync(resolve(__dirname, '../../examples/site/docs.json'), 'utf8'),
  ...corpusSites()
    .slice(0, 12)
    .map((site) => readFileSync(join(CORPUS, site, 'docs.json'), 'utf8')),
];
const RUNS = Number(process.env.DOCSMITH_PROPERTY_RUNS ?? 150);

async function check(files: Record<string, string>): Promise<void> {
  const service = createLanguageService({ workspace: new MemoryWorkspace(files) });
  const result = await service.checkSite(ROOT, { token: NOT_CANCELLED });
  for (const [uri, diagnostics] of result.diagnostics) {
    assert.ok(uri.startsWith('file:///'));
    for (const d of diagnostics) {
      assert.equal(typeof d.message, 'string');
      assert.ok(d.message.length > 0);
      assert.ok(d.range.start.line >= 0 && d.range.start.character >= 0);
      assert.ok(
        d.range.end.line > d.range.start.line ||
          (d.range.end.line === d.range.start.line && d.range.end.character >= d.range.start.character),
      );
      assert.match(String(d.code), /^[a-z]+\/[a-z0-9-]+$/);
    }
  }
  for (const uri of result.diagnostics.keys()) await service.getDiagnostics(uri, NOT_CANCELLED);
}

/** An edit of a text: delete, insert or replace a slice at a random place. */
const edit = fc.record({
  at: fc.nat(),
  length: fc.nat({ max: 40 }),
  insert: fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '$ref', '\\u0000', '"pages"', 'null', '1e999'),
  ),
});

test('mutated real docs.json files never make the service throw', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...seeds), fc.array(edit, { minLength: 1, maxLength: 6 }), async (seed, edits) => {
      let text = seed;
      for (const { at, length, insert } of edits) {
        const position = at % (text.length + 1);
        text = text.slice(0, position) + insert + text.slice(position + length);
      }
      await check({ 'docs.json': text, 'index.mdx': '---\ntitle: x\n---\n', 'nav.json': text.slice(0, 200) });
    }),
    { numRuns: RUNS },
  );
});

test('arbitrary JSON values as docs.json, and as $ref targets', async () => {
  await fc.assert(
    fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), fc.jsonValue({ maxDepth: 4 }), async (value, target) => {
      await check({ 'docs.json': JSON.stringify(value), 'index.mdx': '# x' });
      await check({
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'x',
          colors: { primary: '#000' },
          navigation: { $ref: 'nav.json' },
          integrations: value,
        }),
        'nav.json': JSON.stringify(target),
      });
    }),
    { numRuns: RUNS },
  );
});

test('random pages: front matter, api values and field tags', async () => {
  const frontMatter = fc.array(
    fc.tuple(
      fc.constantFrom('title', 'api', 'openapi', 'authMethod', 'playground', 'keywords', 'hidden', 'x', '"og:title"'),
      fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('"GET /users/{id}"', 'post /a/{', '[1, 2', '{a: b}', '|\n  block', '"unterminated', 'true', '- list'),
      ),
    ),
    { maxLength: 6 },
  );
  const body = fc.array(
    fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '<ParamField path="id" type="string" required>',
        '<ParamField',
        '</ParamField>',
        '<ResponseField name=',
        '```',
        '~~~~',
        '{/*',
        '*/}',
        '<!--',
        '<Accordion>',
        '`<ParamField path="x">`',
        'required="false"',
        '{{ {',
      ),
    ),
    { maxLength: 20 },
  );
  await fc.assert(
    fc.asyncProperty(frontMatter, body, fc.boolean(), async (entries, parts, crlf) => {
      let page = `---\n${entries.map(([key, value]) => `${key}: ${value}`).join('\n')}\n---\n${parts.join('\n')}`;
      if (crlf) page = '\uFEFF' + page.replace(/\n/g, '\r\n');
      const docs = JSON.stringify({
        theme: 'mint',
        name: 'x',
        colors: { primary: '#000' },
        navigation: { pages: ['page', 'GET /users/{id}'] },
        api: { openapi: 'openapi.json', mdx: { server: 'https://api.example.com' } },
      });
      await check({ 'docs.json': docs, 'page.mdx': page, 'openapi.json': '{"openapi":"3.0.0","paths":{"/users/{id}":{"get":{}}}}' });
    }),
    { numRuns: RUNS },
  );
});

test('hostile specs: circular $refs, YAML aliases, deep nesting, not a spec', async () => {
  const docs = JSON.stringify({
    theme: 'mint',
    name: 'x',
    colors: { primary: '#000' },
    navigation: { groups: [{ group: 'API', openapi: 'spec.yaml', pages: ['GET /a'] }] },
  });
  const specs = [
    'openapi: 3.0.0\npaths:\n  /a:\n    get:\n      $ref: "#/paths/~1a/get"\n',
    'openapi: 3.0.0\nbase: &b [1, 2, 3]\nx: &x [*b, *b, *b, *b]\ny: &y [*x, *x, *x, *x]\nz: [*y, *y, *y, *y]\npaths: {}\n',
    `openapi: 3.0.0\npaths: ${'['.repeat(2000)}${']'.repeat(2000)}\n`,
    '- just\n- a list\n',
    '',
  ];
  for (const spec of specs) await check({ 'docs.json': docs, 'spec.yaml': spec });
});

test('the strict JSON fast path builds the same tree as the recovering parser on valid JSON', async () => {
  const { parseStrictJson } = await import('../../server/src/service/json/strictJson');
  const { visit } = await import('jsonc-parser');
  const recovering = (text: string) => {
    // The recovering parser alone: the fast path is bypassed by a leading byte that is invalid for it.
    let count = 0;
    visit(text, {
      onObjectBegin: () => void count++,
      onArrayBegin: () => void count++,
      onLiteralValue: () => void count++,
      onObjectProperty: () => void count++,
    });
    return count;
  };
  const nodes = (node: any): number =>
    node.type === 'property'
      ? 1 + nodes(node.children[1])
      : 1 + (node.children ?? []).reduce((sum: number, child: any) => sum + nodes(child), 0);
  await fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 6 }), fc.constantFrom(0, 2), (value, indent) => {
      const text = JSON.stringify(value, null, indent);
      const tree = parseStrictJson('file:///x.json', text)!;
      assert.ok(tree, text);
      assert.equal(nodes(tree), recovering(text));
      const rebuild = (node: any): unknown =>
        node.type === 'object'
          ? Object.fromEntries(node.children.map((p: any) => [p.children[0].value, rebuild(p.children[1])]))
          : node.type === 'array'
            ? node.children.map(rebuild)
            : node.value;
      assert.deepEqual(rebuild(tree), JSON.parse(text));
      assert.equal(text.slice(tree.offset, tree.offset + tree.length), text.trim());
    }),
    { numRuns: RUNS },
  );
  for (const invalid of ['{"a":1,}', '[1 2]', '{"a" 1}', '"\u0001"', '01', '{', 'nul', '[1]x'])
    assert.equal(parseStrictJson('file:///x.json', invalid), undefined, invalid);
});

test('the front matter fast path gives what js-yaml gives, or steps aside', async () => {
  const { parseFrontMatter } = await import('../../server/src/service/frontMatter/parseFrontMatter');
  const { parseSimpleMapping } = await import('../../server/src/service/frontMatter/simpleYaml');
  const key = fc.constantFrom('title', 'description', 'og:title', 'sidebarTitle', 'a-b', 'x.y', 'null', 'true', '_k', 'title ');
  const value = fc.oneof(
    fc.constantFrom(
      '',
      '"Quoted"',
      "'it''s'",
      'plain text',
      'C# and F#',
      'true',
      'False',
      'null',
      '~',
      '12',
      '1.5',
      '2024-01-01',
      '.inf',
      '-x',
      'a: b',
      'a #c',
      '"a\\"b"',
      "'a'b'",
      '[a, b]',
      '{a: 1}',
      '&x y',
      '*x',
      '|',
      '>',
      'x:',
      '"unclosed',
      'y\tz',
      'ünïcödé',
      'a"b',
      "a'b",
    ),
    fc.string({ maxLength: 12 }),
  );
  const line = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}: ${v}`) },
    fc.constantFrom('', '  ', '# comment', '  nested: x', '- item', 'key:value', 'k:'),
  );
  await fc.assert(
    fc.property(fc.array(line, { maxLength: 6 }), fc.boolean(), (lines, crlf) => {
      const yaml = lines.join(crlf ? '\r\n' : '\n');
      const page = `---\n${yaml}\n---\nBody`;
      if (!parseSimpleMapping(yaml)) return;
      const fast = parseFrontMatter(page);
      // The slow path alone: the same block with a YAML comment line first, which the fast path refuses.
      const slow = parseFrontMatter(`---\n# slow\n${yaml}\n---\nBody`);
      if (slow.error || slow.notMapping) return assert.fail(`js-yaml did not read a block the fast path read: ${JSON.stringify(yaml)}`);
      assert.deepEqual(fast.data, slow.data, yaml);
      const shift = '# slow\n'.length;
      const placed = (fm: typeof fast, by: number) =>
        [...fm.entries.values()].map((e) => [e.key, e.keyOffset - by, e.keyLength, e.valueOffset - by, e.valueLength, e.value]);
      assert.deepEqual(placed(fast, 0), placed(slow, shift), yaml);
      assert.deepEqual(
        fast.duplicates.map((d) => [d.key, d.offset]),
        slow.duplicates.map((d) => [d.key, d.offset - shift]),
      );
    }),
    { numRuns: RUNS * 10 },
  );
});

test('page entries: the fast path of normalisePageEntry agrees with the full reading', async () => {
  const { normalisePageEntry } = await import('../../server/src/service/docsJson/pageEntry');
  const segment = fc.constantFrom('a', 'v1.0', '..', '.', '', 'b.mdx', 'c.MD', ' x', 'y ', 'index', '.hidden');
  await fc.assert(
    fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.constantFrom('', '/', './', '../'), (segments, prefix) => {
      const value = prefix + segments.join('/');
      const fast = normalisePageEntry(value);
      // The full reading, forced by a leading space (trimmed away again).
      const full = normalisePageEntry(` ${value}`);
      assert.deepEqual({ ...fast, leading: fast.leading }, { ...full, leading: full.leading }, value);
    }),
    { numRuns: RUNS * 5 },
  );
});

test('the front matter and field scanners stay fast on hostile text (no call over 1 s below 1 MB)', { timeout: 120_000 }, async () => {
  const { parseFrontMatter } = await import('../../server/src/service/frontMatter/parseFrontMatter');
  const { scanFieldTags, codeSpans } = await import('../../server/src/service/mdx/fieldTags');
  // Runs of the characters the scanners look at: what makes a backtracking regex quadratic.
  const piece = fc.constantFrom(
    ' ',
    '\t',
    ':',
    '#',
    '`',
    '``',
    '<',
    '<ParamField ',
    '>',
    '{',
    '}',
    '"',
    "'",
    '\n',
    '\r\n',
    '---\n',
    'a',
    '-',
    '*',
    '&a ',
    '*a',
    '/',
    'api: GET',
    'title: ',
    'og:title:',
    '<!--',
    '{/*',
  );
  const runs = fc.array(fc.tuple(piece, fc.integer({ min: 1, max: 20_000 })), { minLength: 1, maxLength: 6 });
  // Inside a front matter block (opened and closed), in a body, or both.
  const hostile = fc
    .tuple(fc.constantFrom('', '---\n'), runs, fc.constantFrom('', '\n---\n', '\n---\n<ParamField path="x" '), runs)
    .map(([open, first, close, second]) =>
      (
        open +
        first.map(([text, times]) => text.repeat(times)).join('') +
        close +
        second.map(([text, times]) => text.repeat(times)).join('')
      ).slice(0, 1_000_000),
    );
  const slowest: { ms: number; input: string }[] = [];
  await fc.assert(
    fc.property(hostile, (text) => {
      for (const scan of [() => parseFrontMatter(text), () => scanFieldTags(text, 0), () => codeSpans(text)]) {
        const started = performance.now();
        scan();
        const ms = performance.now() - started;
        if (ms > 1000) slowest.push({ ms, input: `${JSON.stringify(text.slice(0, 60))}… (${text.length} chars)` });
      }
    }),
    { numRuns: Math.max(20, Math.round(RUNS / 3)) },
  );
  assert.deepEqual(slowest, []);
});
