import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QueuedParser } from '../../server/src/parserWorker/queuedParser';
import { isParserWorker, PARSER_WORKER_NAME, serveParser, webParserChannel } from '../../server/src/parserWorker/webParser';
import { parseMdx } from '../../server/src/service';

/**
 * The browser build's MDX parser worker: a Web Worker of the server's own script, under the parser's
 * name, behind the same queue and deadline as the node server's worker thread. The Worker here is a
 * stand-in that runs the script's parser side in this thread, message by message, or never answers.
 */
function fakeScope({ silent = false } = {}) {
  const started: { url: string; name: string; terminated: boolean }[] = [];
  class FakeWorker {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: ((event: { message?: string }) => void) | null = null;
    private readonly inside = {
      onmessage: null as ((event: { data: string }) => void) | null,
      postMessage: (message: unknown) => void setTimeout(() => this.onmessage?.({ data: structuredClone(message) })),
    };
    private readonly record: { url: string; name: string; terminated: boolean };
    constructor(url: string, { name }: { name: string }) {
      this.record = { url, name, terminated: false };
      started.push(this.record);
      assert.ok(isParserWorker({ name }));
      // A silent worker says it is ready, then never answers a page.
      if (silent) this.inside.postMessage({ ready: true });
      else serveParser(this.inside);
    }
    postMessage(text: unknown) {
      setTimeout(() => this.inside.onmessage?.({ data: text as string }));
    }
    terminate() {
      this.record.terminated = true;
      this.inside.onmessage = null;
    }
  }
  return { started, scope: { location: { href: 'blob:vscode-web/server' }, Worker: FakeWorker as never } };
}

const options = { deadlineMs: 200, why: ', in the test', idleMs: 1000 };

test('a page is parsed on the parser worker, started from the server script under the parser name, as on this thread', async () => {
  const { started, scope } = fakeScope();
  const queued = new QueuedParser(options, () => webParserChannel(scope));
  const page = '# Title\n\n<Note>\n  A *note* {1 + 1}\n</Note>\n';
  assert.deepEqual(await queued.parse(page, 'a.mdx'), structuredClone(parseMdx(page)));
  assert.deepEqual(
    started.map(({ url, name }) => [url, name]),
    [['blob:vscode-web/server', PARSER_WORKER_NAME]],
  );
  queued.close();
});

test('a worker that does not answer within the deadline is stopped, and the page says it was not parsed', async () => {
  const { started, scope } = fakeScope({ silent: true });
  const lines: string[] = [];
  const queued = new QueuedParser({ ...options, log: (line) => lines.push(line) }, () => webParserChannel(scope));
  const result = await queued.parse('# Stuck\n', 'b.mdx');
  assert.ok(result && 'notParsed' in result && /stopped after 0.2 s/.test(result.notParsed.reason), JSON.stringify(result));
  assert.equal(started.length, 1);
  assert.ok(started[0].terminated);
  assert.deepEqual(lines, ['Docsmith stopped the MDX parser on a page after 0.2 s.']);
  queued.close();
});

test('where no worker can start from a worker, the queue parses on this thread', async () => {
  const queued = new QueuedParser(options, () => webParserChannel({}));
  assert.deepEqual(await queued.parse('Text\n', 'c.mdx'), parseMdx('Text\n'));
  queued.close();
});
