import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { detached } from '../../server/src/common/text';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

test('a detached copy equals its text, whatever its length', () => {
  for (const text of ['', 'a', 'x'.repeat(12), 'y'.repeat(13), 'ü-über-uns 🎉', 'param-session-id-with-more']) {
    assert.equal(detached(text), text);
    assert.equal(detached(`  ${text}  `.slice(2, 2 + text.length)), text);
  }
});

test('copies of slices keep none of the pages they were cut from alive', () => {
  const heap = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  const before = heap();
  const kept: string[] = [];
  for (let page = 0; page < 400; page++) {
    // A page of 100 KB that nothing keeps but the slices taken of it.
    const text = `## Heading ${page}\n`.repeat(5000).split('').join('');
    for (let index = 0; index < 20; index++) kept.push(detached(text.slice(index * 17 + 3, index * 17 + 3 + 14 + (index % 9))));
  }
  const grown = heap() - before;
  // 400 pages are 40 MB; 8,000 copies of about 20 characters are well under 2 MB.
  assert.ok(grown < 4_000_000, `kept ${(grown / 1e6).toFixed(1)} MB for ${kept.length} copies`);
});
