import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The size limits the project keeps (CONTRIBUTING.md): no source file over 400 lines, no function over
 * 80. A long function is split into named steps (see pageRanking.ts's SectionRanker, anchors.ts's
 * AnchorCollector) rather than excused here.
 */
const ROOT = resolve(__dirname, '../..');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const files = [...sources(join(ROOT, 'server/src')), ...sources(join(ROOT, 'client/src'))];

test(`no source file is over ${MAX_FILE_LINES} lines`, () => {
  const long = files
    .map((file) => ({ file: relative(ROOT, file), lines: readFileSync(file, 'utf8').split('\n').length }))
    .filter(({ lines }) => lines > MAX_FILE_LINES);
  assert.deepEqual(long, []);
});

test(`no function is over ${MAX_FUNCTION_LINES} lines`, () => {
  const long: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        if (end - start + 1 > MAX_FUNCTION_LINES) long.push(`${relative(ROOT, file)}:${start + 1} (${end - start + 1} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  assert.deepEqual(long, []);
});
