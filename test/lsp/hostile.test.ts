import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startFixtureClient, waitFor } from '../helpers/lspClient';

/** The language server against hostile input and protocol misuse (issue 15). */
const HANG_GUARD = { timeout: 60_000 };

test('a request after shutdown is refused with InvalidRequest', HANG_GUARD, async () => {
  const client = await startFixtureClient();
  try {
    await client.open('docs.json');
    await client.connection.sendRequest('shutdown');
    await assert.rejects(
      client.connection.sendRequest('textDocument/hover', {
        textDocument: { uri: client.uri('docs.json') },
        position: { line: 1, character: 5 },
      }),
      (error: { code?: number }) => error.code === -32600,
    );
    await assert.rejects(
      client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: client.uri('docs.json') } }),
      (error: { code?: number }) => error.code === -32600,
    );
  } finally {
    await client.dispose();
  }
});

test('a message over the size cap is answered with an error, and the server goes on serving', HANG_GUARD, async () => {
  const client = await startFixtureClient(undefined, { env: { DOCSMITH_MAX_MESSAGE_BYTES: String(256 * 1024) } });
  try {
    await assert.rejects(
      client.connection.sendRequest('textDocument/hover', {
        textDocument: { uri: client.uri('docs.json') },
        position: { line: 1, character: 5 },
        padding: 'x'.repeat(2 * 1024 * 1024),
      }),
      (error: { code?: number; message?: string }) =>
        error.code === -32600 && /^The message was 2\.0 MB; the server reads messages up to 0\.25 MB\.$/.test(error.message ?? ''),
    );
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: client.uri('huge.mdx'), languageId: 'mdx', version: 1, text: 'y'.repeat(1024 * 1024) },
    });
    await client.open('docs.json');
    const items = (
      (await client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: client.uri('docs.json') } })) as {
        items: Diagnostic[];
      }
    ).items;
    assert.ok(items.length > 0, 'the server still answers');
    await waitFor(
      () => (client.stderr().includes('dropped a message of 1.0 MB') ? true : undefined),
      'the dropped notification logged on stderr',
    );
  } finally {
    await client.dispose();
  }
});

test('docs.json of 3,000 nested arrays: the editor gets json/too-deep, not silence', HANG_GUARD, async () => {
  const client = await startFixtureClient();
  try {
    const n = 3000;
    await client.open('docs.json', `{"x":${'['.repeat(n)}${']'.repeat(n)}}`);
    const items = (
      (await client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: client.uri('docs.json') } })) as {
        items: Diagnostic[];
      }
    ).items;
    assert.deepEqual(
      items.map((d) => d.code),
      ['json/too-deep'],
    );
  } finally {
    await client.dispose();
  }
});

test(
  'a page that would hold the MDX parser for seconds is stopped at the deadline, and the server answers after it',
  HANG_GUARD,
  async () => {
    const client = await startFixtureClient();
    try {
      // An element left open sends the page to the parser; 60,000 `*_` in one paragraph then take it
      // many seconds (its emphasis pass is quadratic).
      await client.open('hostile.mdx', `---\ntitle: Hostile\n---\n\n<Note>\n\n${'*_'.repeat(30_000)}\n`);
      const items = (
        (await client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: client.uri('hostile.mdx') } })) as {
          items: Diagnostic[];
        }
      ).items;
      const notChecked = items.find((d) => d.code === 'mdx/not-checked');
      assert.ok(notChecked, JSON.stringify(items.map((d) => d.code)));
      assert.match(
        notChecked.message,
        /the full MDX parser did not check it: the parser was stopped after 2 s \(.*\), so that the editor does not wait; `docsmith check` parses it in full\./,
      );
      const hover = await client.connection.sendRequest('textDocument/hover', {
        textDocument: { uri: client.uri('hostile.mdx') },
        position: { line: 4, character: 2 },
      });
      assert.ok(hover === null || typeof hover === 'object');
      assert.match(client.stderr(), /Docsmith stopped the MDX parser on a page after 2 s\./);
    } finally {
      await client.dispose();
    }
  },
);

test('while the parser works on a hostile page, the server answers other requests', HANG_GUARD, async () => {
  const client = await startFixtureClient();
  try {
    await client.open('docs.json');
    await client.open('hostile.mdx', `---\ntitle: Hostile\n---\n\n<Note>\n\n${'*_'.repeat(30_000)}\n`);
    const order: string[] = [];
    const diagnostics = client.connection
      .sendRequest('textDocument/diagnostic', { textDocument: { uri: client.uri('hostile.mdx') } })
      .then(() => order.push('diagnostics of the hostile page'));
    // Asked after it, answered before it: the parse (stopped at 2 s) runs on a worker.
    await client.connection
      .sendRequest('textDocument/hover', { textDocument: { uri: client.uri('docs.json') }, position: { line: 1, character: 4 } })
      .then(() => order.push('hover in docs.json'));
    await diagnostics;
    assert.deepEqual(order, ['hover in docs.json', 'diagnostics of the hostile page']);
  } finally {
    await client.dispose();
  }
});

test('a FIFO behind $ref: diagnostics and hover answer, the FIFO is reported', HANG_GUARD, async () => {
  const client = await startFixtureClient();
  try {
    const { execFileSync } = await import('node:child_process');
    const { join } = await import('node:path');
    execFileSync('mkfifo', [join(client.root, 'nav.json')]);
    await client.open(
      'docs.json',
      JSON.stringify({ theme: 'mint', name: 'x', colors: { primary: '#000000' }, navigation: { $ref: 'nav.json' } }, null, 2),
    );
    const items = (
      (await client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: client.uri('docs.json') } })) as {
        items: Diagnostic[];
      }
    ).items;
    const unreadable = items.find((d) => d.code === 'json/unreadable');
    assert.ok(unreadable, JSON.stringify(items.map((d) => d.code)));
    assert.match(unreadable.message, /^`\$ref` "nav.json" cannot be read: nav.json is not a regular file/);
    assert.equal(unreadable.range.start.line, 7, 'at the $ref');
    const hover = await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: client.uri('docs.json') },
      position: { line: 1, character: 4 },
    });
    assert.ok(hover === null || typeof hover === 'object');
  } finally {
    await client.dispose();
  }
});

/** The server over raw stdio: what a hostile client writes, byte for byte, and what it answers. */
function rawServer(env: Record<string, string> = {}): {
  send(bytes: string | Buffer): void;
  answers(): string;
  stderr(): string;
  end(): void;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, [join(__dirname, '../../dist/server.js'), '--stdio'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  return {
    send: (bytes) => child.stdin.write(bytes),
    answers: () => out,
    stderr: () => err,
    end: () => child.stdin.end(),
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
}

const message = (body: object) => {
  const text = JSON.stringify(body);
  return `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
};
const initialize = (id: number) =>
  message({ jsonrpc: '2.0', id, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });

test(
  'bad framing is dropped and said so: a negative, non-numeric or missing Content-Length, or megabytes of header; the next message is answered',
  HANG_GUARD,
  async () => {
    const server = rawServer();
    try {
      server.send('Content-Length: -5\r\n\r\n');
      server.send('Content-Length: abc\r\n\r\n');
      server.send('X-Nothing: 1\r\n\r\n');
      server.send(Buffer.alloc(4 * 1024 * 1024, 'a'));
      server.send('\r\n\r\n');
      server.send(initialize(7));
      await waitFor(() => (/"id":7,"result"/.test(server.answers()) ? true : undefined), 'initialize answered after the garbage');
      assert.match(server.stderr(), /dropped a message header without a valid Content-Length/);
      assert.match(server.stderr(), /dropped input that is no LSP header/);
    } finally {
      server.end();
    }
    // The client closed its end: the server exits at once.
    assert.equal(await server.exited, 0);
  },
);
