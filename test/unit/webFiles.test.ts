import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { sha256Base64Url } from '../../server/src/common/hash';
import { decodeFileBytes } from '../../server/src/common/fileText';
import { decodeText } from '../../server/src/fsWorkspace';
import { ClientWorkspace, FILES_PER_REQUEST, MAX_PENDING_READS } from '../../server/src/clientWorkspace';
import { listFilesRequest, readFilesRequest, statRequest } from '../../server/src/lsp/protocol';
import { WorkspaceError } from '../../server/src/service';
import { seededRandom } from '../../server/src/common/seededRandom';
import { web } from '../../server/src/common/bytes';

/** What the browser build reads files with gives what the node build gives. */

test('sha256Base64Url is the digest of node:crypto, on random texts', () => {
  const random = seededRandom(7);
  for (let i = 0; i < 300; i++) {
    const text = Array.from({ length: Math.floor(random() * 90) }, () => String.fromCodePoint(Math.floor(random() * 0x2fff))).join('');
    assert.equal(sha256Base64Url(text), createHash('sha256').update(text).digest('base64url'));
  }
});

test('decodeFileBytes reads as fsWorkspace does: ASCII, UTF-8, a BOM (kept in .json), bytes that are not UTF-8, NUL', () => {
  const cases: [string, Buffer][] = [
    ['page.mdx', Buffer.from('# Title\n\nPlain.\n')],
    ['page.mdx', Buffer.from('Grüße, 日本語 \u{1F600}\n')],
    ['page.mdx', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('---\ntitle: A\n---\n')])],
    ['docs.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}')])],
    ['page.mdx', Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a])],
    ['page.mdx', Buffer.from('a valid \uFFFD on purpose')],
  ];
  for (const [name, bytes] of cases) {
    const read = decodeFileBytes(bytes, name);
    assert.ok('text' in read);
    assert.equal(read.text, decodeText(bytes, name));
    assert.equal(Boolean(read.notUtf8), !isUtf8(bytes), name);
  }
  const binary = decodeFileBytes(Buffer.from([0x89, 0x50, 0x00, 0x01]), 'logo.png');
  assert.deepEqual(binary, { error: { reason: 'binary', message: 'logo.png is a binary file, not text.' } });
  assert.throws(() => decodeText(Buffer.from([0x89, 0x50, 0x00, 0x01]), 'logo.png'), /binary file/);
  const large = decodeFileBytes(new Uint8Array(30), 'big.json', 10);
  assert.ok('error' in large && large.error.reason === 'too-large');
});

/** A connection whose requests are answered after a tick, counting those under way at once. */
function fakeClient(files: Record<string, string | { error: string }>) {
  let underWay = 0;
  const stats = { most: 0, sent: [] as string[] };
  return {
    stats,
    sendRequest: async (type: { method: string }, params: { uri: string; uris?: string[] }) => {
      for (const uri of params.uris ?? [params.uri]) stats.sent.push(`${type.method} ${uri}`);
      underWay++;
      stats.most = Math.max(stats.most, underWay);
      await new Promise((done) => setTimeout(done, 1));
      underWay--;
      if (type.method === readFilesRequest.method)
        return params.uris!.map((uri) => {
          const file = files[uri];
          if (file === undefined) return null;
          return typeof file === 'string' ? { text: file } : { error: { reason: 'binary', message: file.error } };
        });
      const file = files[params.uri];
      if (type.method === statRequest.method) return file === undefined ? null : { kind: 'file', size: 1, mtime: 5 };
      if (type.method === listFilesRequest.method)
        return { files: Object.keys(files).map((uri) => uri.slice(uri.lastIndexOf('/') + 1)), problems: [] };
      return [];
    },
  };
}

test('ClientWorkspace asks once per file until the watcher says it changed, several files a request, a few requests at once', async () => {
  const files: Record<string, string | { error: string }> = {
    'x:/site/docs.json': '{}',
    'x:/site/logo.png': { error: 'logo.png is a binary file, not text.' },
  };
  for (let i = 0; i < 100; i++) files[`x:/site/p${i}.mdx`] = `page ${i}`;
  const client = fakeClient(files);
  const workspace = new ClientWorkspace(client as never);
  const texts = await Promise.all(
    Object.keys(files)
      .filter((uri) => uri.endsWith('.mdx'))
      .map((uri) => workspace.readFile(uri)),
  );
  assert.equal(texts[3], 'page 3');
  assert.ok(client.stats.most <= MAX_PENDING_READS && client.stats.most > 1, `${client.stats.most} under way at once`);
  assert.ok(workspace.sent.readFile <= Math.ceil(100 / FILES_PER_REQUEST), `${workspace.sent.readFile} requests for 100 files`);
  assert.equal(await workspace.readFile('x:/site/p3.mdx'), 'page 3');
  assert.equal(await workspace.readFile('x:/site/missing.mdx'), undefined);
  await assert.rejects(workspace.readFile('x:/site/logo.png'), (error) => error instanceof WorkspaceError && error.reason === 'binary');
  assert.equal(client.stats.sent.filter((sent) => sent.endsWith('/p3.mdx')).length, 1);
  await workspace.listFiles('x:/site');
  await workspace.listFiles('x:/site');
  assert.equal(client.stats.sent.filter((sent) => sent.startsWith('docsmith/fs/listFiles')).length, 1);
  files['x:/site/p3.mdx'] = 'page 3, edited';
  workspace.forget('x:/site/p3.mdx', false);
  assert.equal(await workspace.readFile('x:/site/p3.mdx'), 'page 3, edited');
  workspace.forget('x:/site/new.mdx', true);
  await workspace.listFiles('x:/site');
  assert.equal(client.stats.sent.filter((sent) => sent.startsWith('docsmith/fs/listFiles')).length, 2);
});

test("the browser's bytes functions give Buffer's answers: UTF-8 text of chunks (cut, a BOM kept, bad bytes), base64 both ways", () => {
  const random = seededRandom(11);
  for (let i = 0; i < 200; i++) {
    const chunks = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
      Uint8Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 256)),
    );
    chunks.unshift(Uint8Array.from([0xef, 0xbb, 0xbf]));
    const whole = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const total = Math.floor(random() * whole);
    assert.equal(web.utf8Text(chunks, total), Buffer.concat(chunks, total).toString('utf8'));
    const vector = new Float32Array(chunks[1].length).map(() => random() * 2 - 1);
    const bytes = new Uint8Array(vector.buffer);
    assert.equal(web.toBase64(bytes), Buffer.from(bytes).toString('base64'));
    assert.deepEqual([...web.fromBase64(Buffer.from(bytes).toString('base64'))], [...bytes]);
  }
});
