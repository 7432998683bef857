import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LineTable } from '../../server/src/service/text/lineTable';

const pieces = (values: string[], maxLength: number) => fc.array(fc.constantFrom(...values), { maxLength }).map((parts) => parts.join(''));
const text = pieces(['a', 'b', ' ', '\n', '\r', '\r\n', 'é', '😀'], 60);

test('positions and offsets agree with vscode-languageserver-textdocument (LF, CRLF, CR, astral characters)', () => {
  fc.assert(
    fc.property(text, (content) => {
      const table = new LineTable(content);
      const reference = TextDocument.create('file:///x', 'text', 0, content);
      for (let offset = -1; offset <= content.length + 1; offset++)
        assert.deepEqual(table.positionAt(offset), reference.positionAt(offset));
      for (let line = -1; line <= reference.lineCount; line++)
        for (let character = -1; character <= 8; character++)
          assert.equal(table.offsetAt({ line, character }), reference.offsetAt({ line, character }), `${line}:${character}`);
    }),
    { numRuns: 300 },
  );
});

test('an edit inside one line derives the next table without scanning the text again', () => {
  fc.assert(
    fc.property(text, fc.nat(), pieces(['x', 'yz', 'é'], 5), fc.nat(3), (content, at, insert, remove) => {
      const table = new LineTable(content);
      table.positionAt(0); // build the table
      const offset = at % (content.length + 1);
      // An edit inside a JSON string is never next to a line break: it neither splits a CRLF nor joins CR to LF.
      fc.pre(content[offset - 1] !== '\r');
      const lineEnd = /[\r\n]/.exec(content.slice(offset))?.index ?? content.length - offset;
      const removed = Math.min(remove, lineEnd);
      const edited = content.slice(0, offset) + insert + content.slice(offset + removed);
      const derived = table.withinLineEdit(edited, offset, insert.length - removed);
      const fresh = new LineTable(edited);
      for (let i = 0; i <= edited.length; i++) assert.deepEqual(derived.positionAt(i), fresh.positionAt(i));
    }),
    { numRuns: 300 },
  );
});
