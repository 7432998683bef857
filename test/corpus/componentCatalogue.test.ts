import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import catalogue from '../../schemas/components.json';
import { FULL_CORPUS } from '../helpers/corpus';

/**
 * schemas/components.json against the platform's own component documentation (its docs site is in
 * the corpus: mintlify__docs, pages components/*.mdx): every value a documented prop is shown with
 * in an example (`<Badge color="yellow">`), or listed in the prop's description ("One of `p`, `h2`,
 * `h3`, and `h4`"), must be in the catalogue's `values`, or Docsmith would flag the platform's own
 * examples. To refresh the catalogue: run this test after updating the corpus, add what it lists.
 */
const DOCS = join(FULL_CORPUS, 'mintlify__docs');
type Entry = { doc?: string; props?: Record<string, { values?: string[] }> };
const components = (catalogue as unknown as { components: Record<string, Entry> }).components;

if (!existsSync(DOCS)) {
  test('component catalogue against the platform documentation', (t) =>
    t.skip(`NOT RUN: the platform's docs site is not in the corpus at ${DOCS}`));
} else {
  test('every value the platform documents for a component prop is in schemas/components.json', () => {
    const missing: string[] = [];
    for (const [name, entry] of Object.entries(components)) {
      if (!entry.doc || !entry.props) continue;
      const file = join(DOCS, `${entry.doc}.mdx`);
      if (!existsSync(file)) continue;
      const page = readFileSync(file, 'utf8');
      for (const [prop, { values }] of Object.entries(entry.props)) {
        if (!values) continue;
        const documented = new Set<string>();
        // Examples: `<Name ... prop="value"`.
        for (const tag of page.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g')))
          for (const value of tag[0].matchAll(new RegExp(`\\b${prop}="([^"{}]*)"`, 'g'))) documented.add(value[1]);
        // Descriptions: the field documenting the prop, "One of `a`, `b`, and `c`".
        const field = new RegExp(`<(?:ResponseField|ParamField)[^>]*name="${prop}"[^>]*>([\\s\\S]*?)</(?:ResponseField|ParamField)>`).exec(
          page,
        );
        const listed = field && /one of ([^.]*)/i.exec(field[1]);
        if (listed) for (const value of listed[1].matchAll(/`([^`]+)`/g)) documented.add(value[1]);
        for (const value of documented) if (!values.includes(value)) missing.push(`${name} ${prop}="${value}" (${entry.doc})`);
      }
    }
    assert.deepEqual(missing, [], 'documented values missing from schemas/components.json');
  });
}
