import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from '../helpers/tempDir';

const module = resolve(import.meta.dirname, '../../server/src/heapGrowth.ts');

/**
 * A process shaped like the server's work: a live set that stays, and garbage that lives a little
 * while (a few batches are kept at a time, as a state or a page being checked is). It prints the
 * largest heap it had.
 */
const CHURN = `
import { boundHeapGrowth, HEAP_GROWING_PERCENT } from ${JSON.stringify(module)};
const bounded = process.argv[2] === 'bounded' ? boundHeapGrowth(HEAP_GROWING_PERCENT.server, []) : false;
const live = [];
for (let i = 0; i < 300000; i++) live.push({ name: 'page-' + i, links: [i, i + 1] });
const recent = [];
let largest = 0;
for (let round = 0; round < 200; round++) {
  const batch = [];
  for (let i = 0; i < 20000; i++) batch.push({ id: 'anchor-' + i + '-' + round, at: [i] });
  recent.push(batch);
  if (recent.length > 5) recent.shift();
  largest = Math.max(largest, process.memoryUsage().heapTotal);
}
console.log(JSON.stringify({ bounded, largest, live: live.length }));
`;

function largestHeap(mode: 'bounded' | 'default'): { bounded: boolean; largest: number } {
  const script = join(tempDir(), 'churn.mts');
  writeFileSync(script, CHURN);
  return JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', script, mode], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } }),
  );
}

test('with its growth bounded, the heap stays far closer to what is live than V8 lets it by default', () => {
  const free = largestHeap('default');
  const bounded = largestHeap('bounded');
  assert.equal(bounded.bounded, true);
  // About 145 MB against 290 MB here: V8 grows a heap with room to spare up to 4 times what was live.
  assert.ok(bounded.largest < free.largest * 0.75, `bounded ${bounded.largest} B, default ${free.largest} B`);
});

test('a growth factor given to node wins over the one of the server', async () => {
  const { boundHeapGrowth } = await import('../../server/src/heapGrowth');
  assert.equal(boundHeapGrowth(50, ['--heap-growing-percent=100']), false);
  assert.equal(boundHeapGrowth(50, ['--max-old-space-size=300', '--heap_growing_percent=20']), false);
});
