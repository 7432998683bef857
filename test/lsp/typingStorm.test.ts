import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic, DocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { withFixtureClient, type TestClient } from '../helpers/lspClient';

/**
 * Issue 44, section 5: typing a new entry in a `pages` array, keystroke by keystroke as the editor
 * sends it (its closing quote added with the opening one), must not drop the tab's groups on the
 * way: no orphans, no lost errors, only the entry itself reported while it is empty.
 */
async function pull(client: TestClient, relative: string): Promise<Diagnostic[]> {
  const report = (await client.connection.sendRequest('textDocument/diagnostic', {
    textDocument: { uri: client.uri(relative) },
  })) as DocumentDiagnosticReport;
  return (report as { items: Diagnostic[] }).items;
}

const LISTED = ['index.mdx', 'guides/authentication.mdx', 'guides/webhooks.mdx', 'guides/pagination.mdx'];

/** The line of the first group's pages, and where a new entry is typed on it (after its last entry). */
function typingPlace(text: string): { line: number; character: number } {
  const lines = text.split('\n');
  const line = lines.findIndex((candidate) => candidate.includes('"guides/quikstart"'));
  return { line, character: lines[line].lastIndexOf('"') + 1 };
}

test('typing a new page entry character by character reports the entry, never the tab it would drop', () =>
  withFixtureClient(async (client) => {
    const text = await client.open('docs.json');
    const before = await pull(client, 'docs.json');
    const realError = before.find((d) => d.code === 'nav/page-not-found' && d.message.includes('guides/quikstart'));
    assert.ok(realError, 'the example site has a misspelt page on that line');
    const { line, character } = typingPlace(text);
    // What the editor sends: `,`, ` `, then `""` (auto-closed) and the name inside the quotes.
    const keystrokes: { at: number; insert: string }[] = [
      { at: character, insert: ',' },
      { at: character + 1, insert: ' ' },
      { at: character + 2, insert: '""' },
      ...[...'guides/quickstart'].map((ch, index) => ({ at: character + 3 + index, insert: ch })),
    ];
    let sawEmptyEntry = false;
    for (const [step, key] of keystrokes.entries()) {
      await client.edit('docs.json', { start: { line, character: key.at }, end: { line, character: key.at } }, key.insert);
      const docs = await pull(client, 'docs.json');
      const codes = docs.map((d) => d.code);
      const label = `after keystroke ${step + 1} (${JSON.stringify(key.insert)})`;
      assert.ok(!codes.includes('nav/ignored-key'), `${label}: no division dropped for the entry being typed`);
      if (!codes.includes('json/syntax')) {
        assert.ok(
          docs.some(
            (d) => d.code === 'nav/page-not-found' && d.range.start.line === realError.range.start.line && d.message.includes('quikstart'),
          ),
          `${label}: the real error on the line stays`,
        );
      }
      const empty = docs.find((d) => d.code === 'nav/invalid-value' && d.range.start.line === line);
      if (key.insert === '""') {
        sawEmptyEntry = true;
        assert.ok(empty, `${label}: the empty entry itself is reported`);
        assert.equal(empty.range.start.character, key.at);
        assert.match(empty.message, /empty page entry.*Saved like this, the platform ignores `groups` of a tab/);
        // Completion in the empty entry still knows what the tab lists.
        const completion = (await client.connection.sendRequest('textDocument/completion', {
          textDocument: { uri: client.uri('docs.json') },
          position: { line, character: key.at + 1 },
        })) as { items: { label: string; detail?: string }[] } | { label: string; detail?: string }[];
        const items = Array.isArray(completion) ? completion : completion.items;
        const webhooks = items.find((item) => item.label === 'guides/webhooks');
        assert.equal(webhooks?.detail, 'in navigation', `${label}: a page the tab lists is offered as listed`);
      } else assert.equal(empty, undefined, `${label}: no empty-entry problem once it has a name`);
      for (const page of LISTED) {
        const orphan = (await pull(client, page)).find((d) => d.code === 'nav/orphan-page');
        assert.equal(orphan, undefined, `${label}: ${page} is not an orphan`);
      }
    }
    assert.ok(sawEmptyEntry);
    // The finished entry names a page that exists: it is listed, not an orphan any more.
    const quickstart = await pull(client, 'guides/quickstart.mdx');
    assert.ok(!quickstart.some((d) => d.code === 'nav/orphan-page'));
  }));

test('an empty entry not being typed (as saved, or edited elsewhere since) gets the platform verdict', () =>
  withFixtureClient(async (client) => {
    const original = await client.open('docs.json');
    const { line, character } = typingPlace(original);
    const lines = original.split('\n');
    lines[line] = `${lines[line].slice(0, character)}, ""${lines[line].slice(character)}`;
    const saved = lines.join('\n');
    // Opened as saved: no edit is known, so the platform's verdict stands.
    await client.change('docs.json', saved);
    const verdict = await pull(client, 'docs.json');
    assert.ok(
      verdict.some((d) => d.code === 'nav/ignored-key' && /`groups`/.test(d.message)),
      'the tab loses its groups',
    );
    assert.ok((await pull(client, 'index.mdx')).some((d) => d.code === 'nav/orphan-page'));
    // Typed, then an edit elsewhere (a name in another group): the entry is not being typed any more.
    await client.change('docs.json', original);
    await client.edit('docs.json', { start: { line, character }, end: { line, character } }, ', ""');
    assert.ok(!(await pull(client, 'docs.json')).some((d) => d.code === 'nav/ignored-key'));
    const other = saved.split('\n').findIndex((candidate) => candidate.includes('"guides/webhooks"'));
    const at = saved.split('\n')[other].indexOf('guides/webhooks') + 'guides/webhooks'.length;
    await client.edit('docs.json', { start: { line: other, character: at }, end: { line: other, character: at } }, 'x');
    assert.ok((await pull(client, 'docs.json')).some((d) => d.code === 'nav/ignored-key' && /`groups`/.test(d.message)));
  }));
