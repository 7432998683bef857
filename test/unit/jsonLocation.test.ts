import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { getLocation } from 'jsonc-parser';
import { parseConfigDocument } from '../../server/src/service/docsJson/configDocument';
import { locate, nodeChainAt } from '../../server/src/service/docsJson/jsonLocation';

/**
 * The location of an offset read from the parsed tree agrees with jsonc-parser's `getLocation` (which
 * scans the text up to the offset) on every offset of valid documents. One difference is deliberate:
 * after a closing `}` or `]`, and anywhere in an array, `getLocation` keeps the key flag of the last
 * object it passed (`[{}, |]` says "at a key"); the tree says what the cursor is in.
 */
test('locate agrees with getLocation on every offset of valid JSON', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, pretty) => {
      const text = JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null';
      const document = parseConfigDocument('file:///d.json', text);
      for (let offset = 0; offset <= text.length; offset++) {
        const mine = locate(document, offset);
        const theirs = getLocation(text, offset);
        const where = `${JSON.stringify(text.slice(0, offset))}|`;
        assert.deepEqual(mine.path, theirs.path, where);
        const previous = text.slice(0, offset).trimEnd().slice(-1);
        const inside = mine.chain.filter(
          (node) => (node.type === 'array' || node.type === 'object') && node.offset < offset && offset < node.offset + node.length,
        );
        const inArray = inside[inside.length - 1]?.type === 'array';
        if (previous !== '}' && previous !== ']' && !inArray) assert.equal(mine.atKey, theirs.isAtPropertyKey, where);
      }
    }),
    { numRuns: 300 },
  );
});

test('in an array after an object, the cursor is at an item, not a key', () => {
  const text = '{"pages": [{"group": "G", "pages": []}, ]}';
  const at = text.indexOf(', ]') + 2;
  const location = locate(parseConfigDocument('file:///d.json', text), at);
  assert.deepEqual([location.path, location.atKey], [['pages', 1], false]);
});

test('the chain of a page entry in a large array is found by binary search', () => {
  const pages = Array.from({ length: 25_000 }, (_, i) => `page-${i}`);
  const text = JSON.stringify({ navigation: { pages } });
  const document = parseConfigDocument('file:///d.json', text);
  const offset = text.indexOf('"page-24999"') + 3;
  const chain = nodeChainAt(document.root, offset);
  assert.equal(chain[chain.length - 1].value, 'page-24999');
  assert.deepEqual(locate(document, offset).path, ['navigation', 'pages', 24_999]);
});
