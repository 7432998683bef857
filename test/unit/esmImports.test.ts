import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readEsm, simpleImports } from '../../server/src/service/mdx/jsSyntax';

/**
 * The hand reader of plain import lines (`simpleImports`) reads what acorn reads, and takes the lines
 * real pages write most: a default import of a snippet (`import Cta from "/snippets/cta.mdx";`) went
 * to acorn on every page for years of corpus pages, because `default` is a reserved word.
 */
const name = fc.constantFrom('Cta', 'Portkey', 'A', '$x', '_y', 'default', 'if', 'class', 'Tab2', 'await');
const source = fc.constantFrom('"/snippets/cta.mdx"', "'/snippets/a b.mdx'", '"x"', "'../y.jsx'");
const line = fc.oneof(
  fc.tuple(name, source, fc.boolean()).map(([local, from, semi]) => `import ${local} from ${from}${semi ? ';' : ''}`),
  fc
    .tuple(fc.array(fc.tuple(name, fc.option(name, { nil: undefined })), { minLength: 1, maxLength: 3 }), source)
    .map(([names, from]) => `import { ${names.map(([a, b]) => (b ? `${a} as ${b}` : a)).join(', ')} } from ${from};`),
);

/** What acorn reads: readEsm with the hand reader's answer taken away (an unreadable line is acorn's). */
function byAcorn(code: string) {
  return readEsm(`${code}\n/* acorn */`);
}

test('the hand reader of import lines agrees with acorn, and reads default imports itself', () => {
  fc.assert(
    fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), (lines) => {
      const code = lines.join('\n');
      const simple = simpleImports(code);
      const acorn = byAcorn(code);
      // A name imported twice is the caller's to find (readEsmBlock checks it across every block).
      const locals = simple?.flatMap((item) => item.names.map((entry) => entry.local)) ?? [];
      if (new Set(locals).size < locals.length) return;
      if (simple) assert.deepEqual({ imports: simple, exported: [] }, acorn);
      else assert.equal(acorn, undefined, `acorn reads ${code}, the hand reader does not`);
    }),
    { numRuns: 500 },
  );
  assert.deepEqual(simpleImports('import PrismaAirsCta from "/snippets/prisma-airs-cta.mdx";'), [
    { source: '/snippets/prisma-airs-cta.mdx', start: 26, end: 57, names: [{ imported: 'default', local: 'PrismaAirsCta' }] },
  ]);
  assert.deepEqual(simpleImports('import { default as Cta } from "x"')?.[0].names, [{ imported: 'default', local: 'Cta' }]);
  assert.equal(simpleImports('import { if } from "x"'), undefined);
});
