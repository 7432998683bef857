import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { createLanguageService } from '../../server/src/service';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';

/**
 * The language service on random input: mutations of real docs.json files, arbitrary JSON, random
 * front matter and MDX. It must answer every time (no exception, every diagnostic well formed).
 * Timing limits for large inputs live in `npm run bench`, not here.
 */
const corpus = process.env.DOCSMITH_CORPUS ?? resolve(__dirname, '../../../shared/corpus/real');
const seeds: string[] = existsSync(corpus)
  ? readdirSync(corpus).filter((site) => existsSync(join(corpus, site, 'docs.json'))).slice(0, 12).map((site) => readFileSync(join(corpus, site, 'docs.json'), 'utf8'))
  : [readFileSync(resolve(__dirname, '../../examples/site/docs.json'), 'utf8')];
const RUNS = Number(process.env.DOCSMITH_PROPERTY_RUNS ?? 150);

async function check(files: Record<string, string>): Promise<void> {
  const service = createLanguageService({ workspace: new MemoryWorkspace(files) });
  const result = await service.checkSite(ROOT);
  for (const [uri, diagnostics] of result.diagnostics) {
    assert.ok(uri.startsWith('file:///'));
    for (const d of diagnostics) {
      assert.equal(typeof d.message, 'string');
      assert.ok(d.message.length > 0);
      assert.ok(d.range.start.line >= 0 && d.range.start.character >= 0);
      assert.ok(d.range.end.line > d.range.start.line || (d.range.end.line === d.range.start.line && d.range.end.character >= d.range.start.character));
      assert.match(String(d.code), /^[a-z]+\/[a-z0-9-]+$/);
    }
  }
  for (const uri of result.diagnostics.keys()) await service.getDiagnostics(uri);
}

/** An edit of a text: delete, insert or replace a slice at a random place. */
const edit = fc.record({ at: fc.nat(), length: fc.nat({ max: 40 }), insert: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '$ref', '\\u0000', '"pages"', 'null', '1e999')) });

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
      await check({ 'docs.json': JSON.stringify({ theme: 'mint', name: 'x', colors: { primary: '#000' }, navigation: { $ref: 'nav.json' }, integrations: value }), 'nav.json': JSON.stringify(target) });
    }),
    { numRuns: RUNS },
  );
});

test('random pages: front matter, api values and field tags', async () => {
  const frontMatter = fc.array(fc.tuple(fc.constantFrom('title', 'api', 'openapi', 'authMethod', 'playground', 'keywords', 'hidden', 'x', '"og:title"'), fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('"GET /users/{id}"', 'post /a/{', '[1, 2', '{a: b}', '|\n  block', '"unterminated', 'true', '- list'))), { maxLength: 6 });
  const body = fc.array(fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('<ParamField path="id" type="string" required>', '<ParamField', '</ParamField>', '<ResponseField name=', '```', '~~~~', '{/*', '*/}', '<!--', '<Accordion>', '`<ParamField path="x">`', 'required="false"', '{{ {')), { maxLength: 20 });
  await fc.assert(
    fc.asyncProperty(frontMatter, body, fc.boolean(), async (entries, parts, crlf) => {
      let page = `---\n${entries.map(([key, value]) => `${key}: ${value}`).join('\n')}\n---\n${parts.join('\n')}`;
      if (crlf) page = '\uFEFF' + page.replace(/\n/g, '\r\n');
      const docs = JSON.stringify({ theme: 'mint', name: 'x', colors: { primary: '#000' }, navigation: { pages: ['page', 'GET /users/{id}'] }, api: { openapi: 'openapi.json', mdx: { server: 'https://api.example.com' } } });
      await check({ 'docs.json': docs, 'page.mdx': page, 'openapi.json': '{"openapi":"3.0.0","paths":{"/users/{id}":{"get":{}}}}' });
    }),
    { numRuns: RUNS },
  );
});

test('hostile specs: circular $refs, YAML aliases, deep nesting, not a spec', async () => {
  const docs = JSON.stringify({ theme: 'mint', name: 'x', colors: { primary: '#000' }, navigation: { groups: [{ group: 'API', openapi: 'spec.yaml', pages: ['GET /a'] }] } });
  const specs = [
    'openapi: 3.0.0\npaths:\n  /a:\n    get:\n      $ref: "#/paths/~1a/get"\n',
    'openapi: 3.0.0\nbase: &b [1, 2, 3]\nx: &x [*b, *b, *b, *b]\ny: &y [*x, *x, *x, *x]\nz: [*y, *y, *y, *y]\npaths: {}\n',
    `openapi: 3.0.0\npaths: ${'['.repeat(2000)}${']'.repeat(2000)}\n`,
    '- just\n- a list\n',
    '',
  ];
  for (const spec of specs) await check({ 'docs.json': docs, 'spec.yaml': spec });
});
