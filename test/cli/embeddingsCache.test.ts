import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddingsCacheFile } from '../../server/src/cli/embeddingsCacheFile';
import { defaultEmbeddingsCache } from '../../server/src/cli/gapOptions';
import { tempDir } from '../helpers/tempDir';

/** The CLI's embeddings cache (issue 65, D9 and D17): the user's own folder, compact, and said when not used. */

test('D9: the default folder is the user cache folder beside the check cache, not the shared temporary folder', () => {
  assert.equal(defaultEmbeddingsCache({ XDG_CACHE_HOME: '/home/u/.cache' }), '/home/u/.cache/docsmith/embeddings');
  assert.match(defaultEmbeddingsCache({}), /\.cache\/docsmith\/embeddings$/);
});

test('D17: 3,500 vectors of 1,536 numbers (over the 20 MB that was never read again) are kept, in a file only the user reads', () => {
  const folder = join(tempDir('docsmith-emb-'), 'cache');
  const warnings: string[] = [];
  const first = new EmbeddingsCacheFile(folder, 'model-a', (message) => warnings.push(message));
  const vectors = Array.from({ length: 3500 }, (_, i) => Float32Array.from({ length: 1536 }, (_, k) => Math.sin(i * 1536 + k)));
  vectors.forEach((vector, i) => first.set(`model-a\u0000key${i}`, vector));
  first.save((message) => warnings.push(message));
  const [file] = readdirSync(folder);
  assert.ok(statSync(join(folder, file)).size > 20 * 1024 * 1024);
  assert.equal(statSync(join(folder, file)).mode & 0o777, 0o600);
  assert.equal(statSync(folder).mode & 0o077, 0, 'the folder is the user’s alone');
  const again = new EmbeddingsCacheFile(folder, 'model-a', (message) => warnings.push(message));
  assert.deepEqual(again.get('model-a\u0000key3499'), vectors[3499]);
  assert.deepEqual(warnings, []);
});

test('D9: a folder that is a link (planted where the cache goes) is neither read nor written, and that is said', () => {
  const root = tempDir('docsmith-emb-');
  const victim = join(root, 'victim');
  mkdirSync(victim);
  symlinkSync(victim, join(root, 'embeddings'));
  const warnings: string[] = [];
  const cache = new EmbeddingsCacheFile(join(root, 'embeddings'), 'm', (message) => warnings.push(message));
  cache.set('m\u0000k', Float32Array.from([1, 2]));
  cache.save((message) => warnings.push(message));
  assert.deepEqual(readdirSync(victim), []);
  assert.match(warnings[0], /is a symbolic link; Docsmith keeps vectors only in a folder of your own/);
});

test('D17: a damaged or foreign file is said and the vectors asked again, not used', () => {
  const folder = tempDir('docsmith-emb-');
  const warnings: string[] = [];
  const cache = new EmbeddingsCacheFile(folder, 'm', (message) => warnings.push(message));
  cache.set('m\u0000k', Float32Array.from([1, 2]));
  cache.save(() => undefined);
  const [file] = readdirSync(folder);
  writeFileSync(join(folder, file), '{"m\\u0000k":"AACAPwAAAEA="}', { mode: 0o600 });
  const read = new EmbeddingsCacheFile(folder, 'm', (message) => warnings.push(message));
  assert.equal(read.get('m\u0000k'), undefined);
  assert.match(warnings[0], /was not read \(it is not a Docsmith vectors file\); the vectors are asked for again/);
});
