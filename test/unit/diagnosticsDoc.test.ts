import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { diagnosticCodes } from '../../server/src/service/check/diagnosticCodes';

const doc = readFileSync(resolve(__dirname, '../../docs/diagnostics.md'), 'utf8');

test('every diagnostic code has an entry in docs/diagnostics.md with its default severity and a fix', () => {
  const missing: string[] = [];
  for (const [code, info] of Object.entries(diagnosticCodes)) {
    const heading = `### \`${code}\``;
    const start = doc.indexOf(heading);
    if (start < 0) {
      missing.push(`${code}: no heading`);
      continue;
    }
    const next = doc.indexOf('\n#', start + heading.length);
    const entry = doc.slice(start, next < 0 ? undefined : next);
    if (!entry.includes(`[${info.severity}]`)) missing.push(`${code}: default severity [${info.severity}] not stated`);
    if (!/\nFix: /.test(entry)) missing.push(`${code}: no "Fix:" line`);
  }
  assert.deepEqual(missing, []);
});

test('docs/diagnostics.md documents no code that does not exist', () => {
  const documented = [...doc.matchAll(/^### `([^`]+)`/gm)].map((m) => m[1]);
  assert.deepEqual(
    documented.filter((code) => !(code in diagnosticCodes)),
    [],
  );
});
